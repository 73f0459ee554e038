// The few functions of `qrcode` this app calls: its DefinitelyTyped package pulls Node's types into
// the browser build.
declare module 'qrcode' {
  type QRCodeSvgOptions = {
    type: 'svg';
    margin?: number;
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    color?: { dark?: string; light?: string };
  };
  const QRCode: { toString(text: string, options: QRCodeSvgOptions): Promise<string> };
  export default QRCode;
}
