import { TimeoutError } from "ky";

/**
 * A fetch that resolves only once the whole answer is in: status line, headers and body. ky races
 * the fetch it is given against its timeout, so with this one an attempt's timeout ends at the
 * body's last byte, not at the headers: an answer that stops half-way is a timeout of that
 * attempt (retried by the same rules as one), and nothing reads a body after its deadline.
 *
 * The read is ended by its own timer as well, not only by the request's signal: on Node 24 under
 * memory pressure a body went on waiting past an abort of the signal fetch was given (a signal
 * combined with AbortSignal.any, as ky makes, seemed collected). The answer handed on is a copy
 * whose body is already read, so whoever reads it (ky's hooks, the error's body) never waits.
 */
export function wholeAnswerFetch(
  fetch: typeof globalThis.fetch,
  timeoutMs: number,
): typeof globalThis.fetch {
  return async (input, init) => {
    const startedAt = Date.now();
    const response = await fetch(input, init);
    const signal = input instanceof Request ? input.signal : (init?.signal ?? undefined);
    const request = input instanceof Request ? input : new Request(input, init);
    const body = await readWithin(response, timeoutMs - (Date.now() - startedAt), signal, request);
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Statuses whose answer can carry no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The body's bytes; a TimeoutError (ky's, so that it counts as the attempt's timeout) once `ms`
 * pass, or an AbortError once `signal` aborts, before its end.
 */
async function readWithin(
  response: Response,
  ms: number,
  signal: AbortSignal | undefined,
  request: Request,
): Promise<Uint8Array | null> {
  if (!response.body || NO_BODY.has(response.status)) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const reader = response.body.getReader();
  let ended: "timeout" | "aborted" | undefined;
  const end = (why: "timeout" | "aborted") => {
    ended ??= why;
    // A read waiting on the stream then resolves as done: `ended` tells it from a real end.
    reader.cancel().catch(() => undefined);
  };
  const onAbort = () => end("aborted");
  if (signal?.aborted) onAbort();
  const timer = setTimeout(() => end("timeout"), Math.max(0, ms));
  signal?.addEventListener("abort", onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (!ended) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
  if (ended === "timeout") throw new TimeoutError(request);
  if (ended) throw new DOMException("the request was aborted", "AbortError");
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
