import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { SECURITY, SECURITY_HEADERS } from "../../src/webapp/server/security-headers.ts";

describe("the API's security headers", () => {
  it("are, written out, exactly the headers secureHeaders sets on the page's files", async () => {
    const app = new Hono();
    app.use(secureHeaders(SECURITY));
    app.get("/", (c) => c.body(null, 204));
    const set = Object.fromEntries((await app.request("/")).headers);
    expect(SECURITY_HEADERS).toEqual(set);
    expect(set["content-security-policy"]).toContain("frame-ancestors 'self'");
  });
});
