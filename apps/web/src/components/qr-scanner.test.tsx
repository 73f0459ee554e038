import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeatureMessages } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { BASIC_CONFIG } from '@/test/render-app';
import { AddressField } from './address-field';
import QrScanner from './qr-scanner';

// The real decoder (the barcode-detector ponyfill, ZXing as WebAssembly): its .wasm read from
// node_modules here, where the app fetches it from its own assets.
vi.mock('@/lib/qr-reader', async (original) => {
  const module = await original<typeof import('@/lib/qr-reader')>();
  return {
    ...module,
    createQrReader: async () => {
      const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
      const detector = await module.ponyfillDetector({ wasmBinary: new Uint8Array(wasm).buffer });
      return { read: async (source: Blob) => (await detector.detect(source)).map((code) => code.rawValue) };
    },
  };
});

// The Node build of the encoder writes PNG files (the app's browser build writes SVG).
const QRCode = createRequire(import.meta.url)('qrcode') as { toBuffer: (text: string) => Promise<Uint8Array> };
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** One letter's case flipped: the checksum no longer holds. */
const BAD_CHECKSUM = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8';

async function qrPicture(text: string): Promise<File> {
  return new File([new Uint8Array(await QRCode.toBuffer(text))], 'qr.png', { type: 'image/png' });
}

beforeEach(() => {
  // A browser decodes a picture with createImageBitmap; jsdom has neither that nor a working Image,
  // so without an Image the ponyfill hands the file's bytes to ZXing, which decodes the PNG itself.
  vi.stubGlobal('Image', undefined);
});

beforeAll(async () => {
  await loadFeatureMessages('walletTools');
  // jsdom has no DOMRectReadOnly, which the ponyfill builds each code's box with.
  globalThis.DOMRectReadOnly ??= class {
    constructor(
      readonly x = 0,
      readonly y = 0,
      readonly width = 0,
      readonly height = 0,
    ) {}
  } as unknown as typeof DOMRectReadOnly;
});

function scanner() {
  const onAddress = vi.fn();
  const onClose = vi.fn();
  render(<QrScanner chainId={56} onAddress={onAddress} onClose={onClose} testId="scanner" />);
  return { onAddress, onClose };
}

describe('scanning an address', () => {
  it('reads the address from a picture of its QR code, EIP-681 too, and closes', async () => {
    // No camera in jsdom: the scanner says so and still reads a picture.
    const { onAddress, onClose } = scanner();
    expect(await screen.findByTestId('scanner-message')).toHaveTextContent('无法打开摄像头');
    await userEvent.upload(screen.getByTestId('scanner-picture'), await qrPicture(`ethereum:${ADDRESS}@56`));
    await waitFor(() => expect(onAddress).toHaveBeenCalledWith(ADDRESS));
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses an address whose checksum is wrong, as a typed one is, and fills in nothing', async () => {
    const { onAddress } = scanner();
    await userEvent.upload(screen.getByTestId('scanner-picture'), await qrPicture(BAD_CHECKSUM));
    await waitFor(() =>
      expect(screen.getByTestId('scanner-message')).toHaveTextContent('二维码中的地址无效（校验和不符），未填入'),
    );
    await userEvent.upload(screen.getByTestId('scanner-picture'), await qrPicture('https://example.com'));
    await waitFor(() => expect(screen.getByTestId('scanner-message')).toHaveTextContent('这个二维码不是钱包地址'));
    expect(onAddress).not.toHaveBeenCalled();
  });

  it('opens from the address field’s scan button and fills the field', async () => {
    const client = createQueryClient();
    client.setQueryData(['basic-config', 'zh-CN'], BASIC_CONFIG);
    function Field() {
      const [value, setValue] = useState('');
      return (
        <AddressField
          id="a"
          label="地址"
          value={value}
          onChange={setValue}
          testId="field"
          previewTestId="preview"
          chainId={BASIC_CONFIG.chainId}
        />
      );
    }
    render(
      <QueryClientProvider client={client}>
        <Field />
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('field-scanner')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('field-scan'));
    await userEvent.upload(await screen.findByTestId('field-scanner-picture'), await qrPicture(ADDRESS));
    await waitFor(() => expect(screen.getByTestId('field')).toHaveValue(ADDRESS));
    expect(screen.queryByTestId('field-scanner')).not.toBeInTheDocument();
  });
});
