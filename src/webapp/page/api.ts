import { PAGE_API_VERSION } from "../page-versions.ts";
import { initData } from "./launch-params.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** One call of the bot's own API, carrying the init data that proves who is asking. */
export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`./api${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `tma ${initData() ?? ""}`,
      "x-page-version": String(PAGE_API_VERSION),
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || response.status === 202) {
    throw new ApiError(response.status, String(body.message ?? response.statusText), body);
  }
  return body as T;
}

export interface PageCoin {
  code: string;
  name: string;
  networks: string[];
  /** Where a payout takes a memo: "" (no network chosen) and the networks that do. */
  memoNetworks: string[];
  /** The network a swap uses when none is chosen (coins with several), named to the user. */
  defaultNetwork?: string;
}

export interface PageQuote {
  /** The amount to send: as typed, or what an amount to receive takes. */
  fromAmount: string;
  toAmount: number;
  rate: number;
  minAmount: number;
  maxAmount: number;
  rateType: "float" | "fixed";
  message: string | null;
  /**
   * What the amount field said, as the server read it: of the coin to send, of the coin to
   * receive (`5 eth`) or US dollars (`$100`); a server before it sends none.
   */
  asked?: { unit: "send" | "receive" | "usd"; value: string };
  /** How dollars were priced ("$100 ≈ 0.00105 BTC at 1 BTC ≈ 94525 USDT"). */
  note?: string | null;
  /** The exchange of the offer (a swap on it is created there), and its name as users see it. */
  exchange?: string;
  label?: string;
}

/** One exchange's offer in the list of offers (several exchanges configured), best first. */
export interface PageOffer extends PageQuote {
  /** Its KYC rating (A never asks for identity, D may hold funds); null: unrated. */
  kyc: string | null;
  /** Whether its limits take the amount. */
  fits: boolean;
  /** The best offer (the first, when its limits take the amount). */
  best: boolean;
}

export interface Session {
  locale: string;
  dir: "ltr" | "rtl";
  texts: Record<string, string>;
  sandbox: boolean;
  firstName: string;
  /** `https://t.me/<bot>?start=support`: a swap's view adds `-<id>`; null without support. */
  supportLink: string | null;
  /** WEBAPP_STATUS_POLL_MS; a server before it sends none. */
  statusPollMs?: number;
}
