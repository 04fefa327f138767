import { randomBytes } from "node:crypto";

/**
 * Random bytes served from a pool refilled 64 KiB at a time: one system call per thousands of
 * ids and addresses, so seeding tens of thousands of transactions stays fast.
 */
const POOL_BYTES = 64 * 1024;
let pool = Buffer.alloc(0);
let offset = 0;

function take(n: number): Buffer {
  if (offset + n > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, n));
    offset = 0;
  }
  const out = pool.subarray(offset, offset + n);
  offset += n;
  return out;
}

export function randomHex(bytes: number): string {
  return take(bytes).toString("hex");
}

/** `length` characters from `alphabet` (a modulo bias is irrelevant for sandbox addresses). */
export function randomString(alphabet: string, length: number): string {
  const bytes = take(length);
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! % alphabet.length];
  return out;
}

export function randomBase64Url(bytes: number): string {
  return take(bytes).toString("base64url");
}
