import { constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { Lru } from "../../lib/lru.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";

/** Smaller answers go as they are: gzip would save a few hundred bytes at most. */
const MIN_BYTES = 1024;

const GZIP = /\bgzip\b/i;

/**
 * Level 1; a 4 KiB window instead of 32 KiB: zlib sets its window up for every call, and the
 * answers are a few KiB (a 5 KiB swap list: 37 → 26 µs, the same 600 bytes; 20 KiB: 2 % larger).
 */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED, windowBits: 12 };

/**
 * Every API answer's headers, made once: they name addresses and swaps, so no cache (a shared
 * proxy's, the WebView's) may keep them; the page's security headers; JSON.
 */
const PLAIN: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  "cache-control": "no-store",
  vary: "Accept-Encoding",
  "content-type": "application/json",
});
const GZIPPED: Readonly<Record<string, string>> = Object.freeze({
  ...PLAIN,
  "content-encoding": "gzip",
});

/** The routes answer with a status or nothing. */
type Status = number | undefined;

/** A JSON answer as it is, with every header it needs. */
function plainJson(text: string, status: Status): Response {
  return new Response(text, { status, headers: PLAIN });
}

/**
 * Gzipped answers by their text: every user of a locale gets the same session texts, and a page
 * polling gets the same answer again (remembered ones keep their own bytes: jsonMade). Looking a text up costs a
 * fraction of gzipping it again, and a text is its own key: a changed answer is gzipped anew.
 * Bounded: 200 answers (a 20-swap page is about 10 KiB of JSON, 2 KiB gzipped).
 */
const gzippedTexts = new Lru<string, Uint8Array>(200);

/** A JSON answer gzipped at the fastest level when large enough (`text` is JSON). */
function gzippedJson(text: string, status: Status): Response {
  if (text.length < MIN_BYTES) return plainJson(text, status);
  let body = gzippedTexts.get(text);
  if (!body) {
    body = gzipText(text);
    gzippedTexts.set(text, body);
  }
  return new Response(body, { status, headers: GZIPPED });
}

function gzipText(text: string): Uint8Array {
  const gzipped = gzipSync(text, GZIP_OPTIONS);
  return new Uint8Array(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength);
}

const plainAnswer = (object: unknown, status?: Status) => plainJson(JSON.stringify(object), status);
const gzippedAnswer = (object: unknown, status?: Status) =>
  gzippedJson(JSON.stringify(object), status);

/**
 * Gives the request the API's `c.json`: every answer made whole in one step, as a plain body with a header record
 * made once per process (above), which @hono/node-server writes as it is. Setting headers one by
 * one (`c.header`, hono's secureHeaders after `next()`) costs a web Headers object an answer and
 * its conversion back, and reading a made answer back to gzip it has the server rebuild it as a
 * whole web Response with a body stream. hono's compress streams every body, however small,
 * through a CompressionStream at the default level: the answers are a few KiB of JSON, and level 1
 * in one synchronous call keeps most of the saving for a fraction of the work.
 */
export function answerJson(c: Context): void {
  c.json = (takesGzip(c) ? gzippedAnswer : plainAnswer) as Context["json"];
}

/**
 * A JSON answer made to be sent again (a remembered one): its text, and its gzipped bytes once a
 * client that takes gzip has asked for it.
 */
export interface MadeAnswer {
  readonly text: string;
  gzipped?: Uint8Array;
}

/** A remembered answer, as `c.json` would send it (gzipped once, then the same bytes). */
export function jsonMade(c: Context, made: MadeAnswer): Response {
  if (!takesGzip(c) || made.text.length < MIN_BYTES) return plainJson(made.text, undefined);
  made.gzipped ??= gzipText(made.text);
  return new Response(made.gzipped, { headers: GZIPPED });
}

const takesGzip = (c: Context): boolean =>
  c.req.method !== "HEAD" && GZIP.test(c.req.header("accept-encoding") ?? "");
