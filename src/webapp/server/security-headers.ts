import type { secureHeaders } from "hono/secure-headers";

/**
 * The page loads nothing from anywhere else (CSP `default-src 'self'`); Telegram shows it in a
 * frame on its web clients, so only Telegram may frame it. The page's files get these from hono's
 * secureHeaders.
 */
export const SECURITY: Parameters<typeof secureHeaders>[0] = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'", "https://web.telegram.org", "https://*.telegram.org"],
  },
  xFrameOptions: false,
  crossOriginOpenerPolicy: false,
  referrerPolicy: "no-referrer",
};

/**
 * The same headers written out, for the API's answers (json-answers.ts): made with the answer,
 * once per process, instead of set one by one on every answer after it was made (which costs
 * @hono/node-server a web Headers object an answer). test/webapp/security-headers.test.ts holds
 * them equal to what secureHeaders(SECURITY) sets.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy":
    "default-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=15552000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});
