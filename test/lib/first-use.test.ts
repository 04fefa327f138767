import { describe, expect, it } from "vitest";
import { onFirstUse } from "../../src/lib/first-use.ts";

describe("onFirstUse", () => {
  it("loads the package at the first call and hands the same one to every later call", () => {
    const qrcode = onFirstUse<typeof import("qrcode")>("qrcode");
    const first = qrcode();
    expect(typeof first.toBuffer).toBe("function");
    expect(qrcode()).toBe(first);
  });

  it("fails at the first use, naming the package, when it cannot be loaded (not when declared)", () => {
    const missing = onFirstUse<unknown>("swapbot-no-such-package");
    expect(() => missing()).toThrow(/swapbot-no-such-package/);
  });
});
