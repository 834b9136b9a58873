import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { totpQrSvg } from "./totp-qr";

describe("the 2FA QR code", () => {
  it("is an SVG of the otpauth URI's QR matrix, different for another secret", async () => {
    const uri =
      "otpauth://totp/Statline:ada%40example.com?issuer=Statline&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30";
    const svg = await totpQrSvg(uri);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('width="200"');
    // The drawing's grid is the QR matrix for this URI (plus the 2-module margin on each side).
    const size = QRCode.create(uri, { errorCorrectionLevel: "M" }).modules.size;
    expect(svg).toContain(`viewBox="0 0 ${size + 4} ${size + 4}"`);
    expect(svg).not.toContain("<script");
    expect(await totpQrSvg(uri.replace("JBSWY3DP", "KRSXG5CT"))).not.toBe(svg);
  });
});
