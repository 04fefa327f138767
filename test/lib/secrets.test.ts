import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/lib/secrets.ts";

describe("createRedactor", () => {
  const redact = createRedactor(["123456:SECRETsecretSECRET", "api-key-value-1", undefined]);

  it("hides the token, its secret half, URL-encoded forms and the API key", () => {
    const line = `GET /bot123456:SECRETsecretSECRET/getMe SECRETsecretSECRET 123456%3ASECRETsecretSECRET api-key-value-1`;
    const out = redact(line);
    expect(out).not.toContain("SECRETsecretSECRET");
    expect(out).not.toContain("api-key-value-1");
    expect(out.match(/\[REDACTED\]/g)?.length).toBe(4);
  });

  it("leaves other text alone", () => {
    expect(redact("nothing to hide")).toBe("nothing to hide");
  });
});
