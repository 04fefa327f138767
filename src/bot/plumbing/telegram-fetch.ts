import nodeFetch from "node-fetch";

/**
 * Telegram's front end (its load balancer) answered instead of the Bot API: a 5xx page that is
 * not the Bot API's JSON. The call never reached a server that carries calls out, so it was not
 * carried out: sending it again later cannot duplicate a message.
 */
export class TelegramFrontEndError extends Error {
  override name = "TelegramFrontEndError";
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`Telegram's front end answered ${status} ${statusText} (not the Bot API)`);
  }
}

/**
 * The Bot API client's fetch: grammY's own (node-fetch), except that a 5xx answer without the Bot
 * API's JSON body fails as a TelegramFrontEndError instead of an unreadable body. grammY then fails
 * the call with an HttpError carrying it ("… failed! (502: Bad Gateway)"), which the outbox knows
 * for "not delivered" (outbox/delivery.ts).
 */
export const telegramFetch: typeof globalThis.fetch = async (input, init) => {
  const response = await nodeFetch(input, init);
  const json = response.headers.get("content-type")?.includes("json") ?? false;
  if (response.status >= 500 && !json) {
    // Read to its end, so that the kept-alive connection can be reused.
    await response.text().catch(() => undefined);
    throw new TelegramFrontEndError(response.status, response.statusText);
  }
  return response;
};
