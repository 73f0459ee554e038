// The one function of `qrcode` the console calls: its DefinitelyTyped package pulls Node's types
// into the browser build.
declare module 'qrcode' {
  type QRCodeDataUrlOptions = { margin?: number; width?: number; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' };
  const QRCode: { toDataURL(text: string, options?: QRCodeDataUrlOptions): Promise<string> };
  export default QRCode;
}
