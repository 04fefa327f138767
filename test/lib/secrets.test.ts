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

  it("hides whatever stands for the token in a Bot API URL, whatever its shape", () => {
    const none = createRedactor([]);
    expect(none("GET http://127.0.0.1:9/botabc/getMe failed")).toBe(
      "GET http://127.0.0.1:9/bot[REDACTED]/getMe failed",
    );
    expect(none('{"url":"https://api.telegram.org/bot42:x-y_z/sendMessage"}')).toBe(
      '{"url":"https://api.telegram.org/bot[REDACTED]/sendMessage"}',
    );
    expect(redact("https://api.telegram.org/bot123456:SECRETsecretSECRET/getMe")).toBe(
      "https://api.telegram.org/bot[REDACTED]/getMe",
    );
  });

  it("leaves other text alone", () => {
    expect(redact("nothing to hide")).toBe("nothing to hide");
  });
});
