import { chainFacts } from '@minecloud/contract/chains';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrReader, type QrReader } from '@/lib/qr-reader';
import { scannedAddress } from '@/lib/scanned-address';
import './qr-scanner.css';

/** A camera frame is read this often: enough to catch a steady code, little work for a phone. */
const FRAME_EVERY_MS = 300;

type QrScannerProps = {
  /** The chain the address is for: an `ethereum:` URI of another chain is refused. */
  chainId: number;
  /** A QR code gave an address that passed the checks: it fills the field, and the scanner closes. */
  onAddress: (address: string) => void;
  onClose: () => void;
  testId: string;
};

/**
 * The camera, full screen, reading QR codes until one carries an address (scanned-address.ts), or
 * a picture of one chosen from the phone. Loaded when the member taps scan (address-field.tsx).
 */
export default function QrScanner({ chainId, onAddress, onClose, testId }: QrScannerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [reader] = useState(() => createQrReader());
  const done = useRef(false);
  const finish = useRef({ onAddress, onClose });
  finish.current = { onAddress, onClose };

  /** The first code that carries an address fills the field; otherwise the member is told why not. */
  const take = useRef((texts: string[]) => {
    for (const text of texts) {
      const found = scannedAddress(text, chainId);
      if (found.ok) {
        done.current = true;
        finish.current.onAddress(found.address);
        finish.current.onClose();
        return;
      }
      if (found.reason === 'wrongChain') {
        setMessage(t('scanWrongChain', { id: found.chainId, name: chainFacts(chainId).name, chain: chainId }));
      } else {
        setMessage(t(found.reason === 'invalidAddress' ? 'scanInvalidAddress' : 'scanNotAddress'));
      }
    }
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const readFrames = async (qr: QrReader) => {
      const frame = video.current;
      if (!alive || done.current || !frame) return;
      if (frame.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const texts = await qr.read(frame).catch(() => []);
        if (alive && texts.length) take.current(texts);
      }
      if (alive && !done.current) timer = setTimeout(() => void readFrames(qr), FRAME_EVERY_MS);
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setMessage(t('scanNoCamera'));
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        const denied = error instanceof DOMException && error.name === 'NotAllowedError';
        if (alive) setMessage(t(denied ? 'scanCameraDenied' : 'scanNoCamera'));
        return;
      }
      if (!alive || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      void readFrames(await reader);
    })();
    return () => {
      alive = false;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [reader, t]);

  async function readPicture(file: File | undefined) {
    if (!file) return;
    setMessage(null);
    const texts = await (await reader).read(file).catch(() => []);
    if (texts.length === 0) setMessage(t('scanNoCode'));
    else take.current(texts);
  }

  return (
    <div
      className="qr-scanner"
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <header className="qr-scanner__head">
        <h2 id={`${testId}-title`} className="qr-scanner__title">
          {t('scanTitle')}
        </h2>
        <button
          type="button"
          className="plain-button qr-scanner__close"
          onClick={onClose}
          data-testid={`${testId}-close`}
        >
          {t('scanClose')}
        </button>
      </header>
      <div className="qr-scanner__view">
        <video ref={video} className="qr-scanner__video" muted playsInline />
        <span className="qr-scanner__frame" aria-hidden="true" />
      </div>
      <p className="qr-scanner__hint">{t('scanHint')}</p>
      {message && (
        <p className="qr-scanner__message" role="alert" data-testid={`${testId}-message`}>
          {message}
        </p>
      )}
      <label className="qr-scanner__picture">
        <input
          type="file"
          accept="image/*"
          className="qr-scanner__file"
          onChange={(event) => {
            void readPicture(event.target.files?.[0]);
            event.target.value = '';
          }}
          data-testid={`${testId}-picture`}
        />
        {t('scanFromImage')}
      </label>
    </div>
  );
}
