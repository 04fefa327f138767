import type { IncomingMessage } from "node:http";
import * as changenow from "./changenow-bodies.ts";
import type { Dialect } from "./dialect.ts";
import * as exolix from "./exolix-bodies.ts";
import type { Endpoint, MalformedBody } from "./faults.ts";
import * as letsexchange from "./letsexchange-bodies.ts";
import { decimalString } from "./pricing.ts";
import type { Quirks } from "./state.ts";

/** An answer other than 200, with the message the client gets and the parameter at fault. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parameter at fault, for the `errors: {field: message}` quirk. */
    readonly field?: string,
    /** Extra fields of the body (the 422 quirk's limits). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON object body; anything else is the client's mistake, a 400. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    length += buffer.length;
    if (length > MAX_BODY_BYTES) throw new HttpError(400, "request body is too large");
    chunks.push(buffer);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "request body must be valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/** The error body of the sandbox's dialect (and, for the spec, its `errorStyle` quirk). */
export function errorBodyOf(
  state: { dialect: Dialect; quirks: Quirks },
  status: number,
  message: string,
  field?: string,
): Record<string, unknown> {
  if (state.dialect === "exolix") return exolix.error(status, message, field);
  if (state.dialect === "changenow") return changenow.error(status, message);
  if (state.dialect === "letsexchange") return letsexchange.error(status, message, field);
  return errorBody(state.quirks.errorStyle, status, message, field);
}

/** The error body in the configured style; the spec's is `{message, code}`. */
export function errorBody(
  style: Quirks["errorStyle"],
  status: number,
  message: string,
  field?: string,
): Record<string, unknown> {
  if (style === "error") return { error: message };
  if (style === "errors") return { errors: { [field ?? "request"]: message } };
  return { message, code: status };
}

function numbersAsStrings(_key: string, value: unknown): unknown {
  return typeof value === "number" ? decimalString(value) : value;
}

export function serialize(body: unknown, quirks: Quirks): string {
  return JSON.stringify(body, quirks.numbersAsStrings ? numbersAsStrings : undefined);
}

/** Bodies of the wrong shape, each plausible for its endpoint but breaking its schema. */
const WRONG_SHAPES: Record<Dialect, Record<Endpoint, unknown>> = {
  spec: {
    currencies: { data: [{ code: 42, name: null }], count: "many" },
    rate: { fromAmount: "0.5", toAmount: null, rate: "n/a" },
    create: { id: 12345, status: null, deposit_address: false },
    list: { data: { id: "x" }, count: -1 },
    get: { id: null, status: 7, amount_in: "lots" },
  },
  exolix: {
    currencies: { data: [{ code: 42, name: null }], count: "many" },
    rate: { fromAmount: "0.5", toAmount: null, rate: "n/a" },
    create: { id: 12345, status: null, depositAddress: false, coinFrom: "BTC" },
    list: { data: { id: "x" }, count: -1 },
    get: { id: null, status: 7, amount: "lots", hashIn: "0x" },
  },
  changenow: {
    currencies: [{ ticker: 42, network: null }],
    rate: { fromAmount: "lots", toAmount: null, flow: 7 },
    create: { id: 12345, payinAddress: false, fromCurrency: "btc" },
    list: { count: -1, exchanges: { requestId: "x" } },
    get: { id: null, status: 7, payinAddress: 0 },
  },
  letsexchange: {
    currencies: { data: [{ code: 42 }] },
    rate: { min_amount: "n/a", amount: null },
    create: { transaction_id: null, status: 7, deposit: false, coin_from: "BTC" },
    list: { data: { transaction_id: "x" }, current_page: "one" },
    get: { transaction_id: null, status: 7, deposit_amount: "lots" },
  },
};

/** A 200 body that a careful client must refuse. */
export function malformedText(
  kind: MalformedBody,
  endpoint: Endpoint,
  dialect: Dialect = "spec",
): string {
  switch (kind) {
    case "garbage":
      return "<html><body><h1>502 Bad Gateway</h1></body></html>";
    case "truncated":
      return '{"data":[{"code":"btc","name":"Bitc';
    case "empty":
      return "";
    case "shape":
      return JSON.stringify(WRONG_SHAPES[dialect][endpoint]);
  }
}
