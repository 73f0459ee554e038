// Loaded when a member taps "scan" (the QR code reader, with the ponyfill's WebAssembly where the
// browser has no reader of its own): never with a page.
import type { BarcodeDetector as Ponyfill } from 'barcode-detector/ponyfill';
// The decoder's WebAssembly is served by this app, not fetched from the package's CDN (the CSP
// allows no other origin, and an installed app must scan offline). Only this URL is bundled: the
// file itself is fetched on the first scan, and the service worker does not precache it (vite.config.ts).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What a reader is handed: a video frame, a picture's file, or decoded pixels. */
export type QrSource = HTMLVideoElement | Blob | ImageData;

/** Reads QR codes: the text of each one found in `source` (none: an empty list). */
export type QrReader = { read: (source: QrSource) => Promise<string[]> };

type Detector = { detect: (source: QrSource) => Promise<{ rawValue: string }[]> };
type DetectorClass = (new (options: {
  formats: string[];
}) => Detector) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** The browser's own BarcodeDetector when it reads QR codes (Chrome on Android, Safari 17+). */
async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * The `barcode-detector` ponyfill (ZXing-C++ as WebAssembly, maintained), its .wasm located here.
 * `overrides` lets a test hand it the bytes from node_modules.
 */
export async function ponyfillDetector(overrides?: Record<string, unknown>): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: overrides ?? {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new (BarcodeDetector as typeof Ponyfill)({ formats: ['qr_code'] }) as unknown as Detector;
}

/** The QR code reader of this browser: its own where it has one, else the ponyfill. */
export async function createQrReader(): Promise<QrReader> {
  const detector = (await nativeDetector()) ?? (await ponyfillDetector());
  return {
    read: async (source) => (await detector.detect(source)).map((code) => code.rawValue).filter(Boolean),
  };
}
