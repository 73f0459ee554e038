import { useEffect, useState } from 'react';
import { qrSvgDataUrl } from '@/lib/qr-svg';
import './qr-code.css';

type QrCodeProps = { text: string; label: string; testId: string };

/** The QR code of a link, drawn once the encoder has loaded; its box holds the place meanwhile. */
export function QrCode({ text, label, testId }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    qrSvgDataUrl(text).then(
      (src) => {
        if (current) setDrawn({ text, src });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [text]);
  return (
    <div className="qr-code">
      {drawn?.text === text ? (
        <img className="qr-code__image" src={drawn.src} alt={label} width={148} height={148} data-testid={testId} />
      ) : (
        <span className="qr-code__placeholder" role="img" aria-label={label} aria-busy="true" />
      )}
    </div>
  );
}
