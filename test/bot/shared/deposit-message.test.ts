import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { depositQr } from "../../../src/bot/shared/deposit-message.ts";

const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

describe("the deposit address's QR code", () => {
  it("draws exactly the picture qrcode draws with pngjs's defaults, and stays a few kilobytes", async () => {
    const ours = await depositQr(ADDRESS);
    const plain = await QRCode.toBuffer(ADDRESS, {
      margin: 2,
      width: 360,
      errorCorrectionLevel: "M",
    });
    const [a, b] = [PNG.sync.read(ours), PNG.sync.read(plain)];
    expect([a.width, a.height]).toEqual([360, 360]);
    expect(Buffer.compare(a.data, b.data)).toBe(0);
    expect(ours.length).toBeLessThan(4_096);
    // Not the same bytes: the rows are filtered another way.
    expect(ours.equals(plain)).toBe(false);
  });
});
