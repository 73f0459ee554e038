/** The QR code of `text` as an SVG data URL; the encoder is fetched on first use. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  // Dark modules on white, with a quiet zone: phone cameras read that best, on any theme.
  const svg = await QRCode.toString(text, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#0b1633ff', light: '#ffffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
