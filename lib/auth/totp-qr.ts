import QRCode from "qrcode";

/**
 * The otpauth:// URI as an SVG QR code, made on the server so the Account page loads no QR
 * library (its client JavaScript stays as it was). Error correction M: a phone camera reads it
 * from a screen at the size shown (200 px).
 */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, width: 200 });
}
