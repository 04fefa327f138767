import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The core (src/swaps/) speaks to the exchange through its port (swaps/exchange-port.ts) in its
 * own words: no field name of either dialect may appear in its code (docs/design.md §4). The
 * adapters in exchange/dialects/ alone name them. Names the core owns as its own words and that
 * happen to be request fields too (coinFrom, withdrawalAddress, rateType, ...) are not listed;
 * every name that only a dialect's wire uses is.
 */
const DIALECT_FIELDS = [
  // The spec's dialect (docs/exchange-api-v2.md) and the memo fields its family adds.
  "coin_from",
  "coin_to",
  "network_from",
  "network_to",
  "amount_in",
  "amount_out",
  "amount_out_expected",
  "deposit_address",
  "withdrawal_address",
  "refund_address",
  "rate_type",
  "created_at",
  "tx_hash_in",
  "tx_hash_out",
  "deposit_extra_id",
  "withdrawal_extra_id",
  "refund_extra_id",
  "X-API-Key",
  // Both dialects' rate answer.
  "fromAmount",
  "toAmount",
  "minAmount",
  "maxAmount",
  // Exolix's (docs/exchange-in-the-wild.md).
  "amountTo",
  "withdrawMin",
  "withdrawMax",
  "priceImpact",
  "depositExtraId",
  "withdrawalExtraId",
  "refundExtraId",
  "withdrawalAmount",
  "hashIn",
  "hashOut",
  "coinCode",
  "coinName",
  "networkName",
  "networkShortName",
  "memoNeeded",
  "memoName",
  "memoRegex",
  "addressRegex",
  "addresRegex",
  "isDefault",
  "withNetworks",
  "apiToken",
  // ChangeNOW's v2 (docs/exchange-changenow.md).
  "x-changenow-api-key",
  "estimated-amount",
  "fromCurrency",
  "toCurrency",
  "fromNetwork",
  "toNetwork",
  "rateId",
  "useRateId",
  "validUntil",
  "payinAddress",
  "payinExtraId",
  "payoutAddress",
  "payoutExtraId",
  "extraId",
  "expectedAmountFrom",
  "expectedAmountTo",
  "payinHash",
  "payoutHash",
  "requestId",
  "hasExternalId",
  "isExtraIdSupported",
  // LetsExchange's (docs/exchange-letsexchange.md).
  "info-revert",
  "transaction-revert",
  "transaction_id",
  "deposit_amount",
  "withdrawal_amount",
  "real_withdrawal_amount",
  "return_extra_id",
  "return_hash",
  "hash_in",
  "hash_out",
  "is_float",
  "rate_id",
  "min_amount",
  "max_amount",
  "deposit_min_amount",
  "deposit_max_amount",
  "coin_from_network",
  "coin_to_network",
  "kyc_url",
  "kyc_email",
  "aml_error_signals",
  "has_extra",
  "extra_name",
  "affiliate_id",
] as const;

const SWAPS = fileURLToPath(new URL("../../src/swaps", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every dialect field a file's text names (code, strings and comments alike), with its file. */
function namedFields(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const field of DIALECT_FIELDS) {
      if (new RegExp(`(?<![\\w-])${field}(?![\\w-])`).test(text)) found.push(`${file}: ${field}`);
    }
  }
  return found;
}

describe("the exchange port", () => {
  const files = Object.fromEntries(
    sourceFiles(SWAPS).map((path) => [path.slice(SWAPS.length + 1), readFileSync(path, "utf8")]),
  );

  it("src/swaps/ names no field of either exchange dialect", () => {
    expect(namedFields(files)).toEqual([]);
  });

  it("is really checked: a planted wire field is reported", () => {
    const planted = {
      ...files,
      "verify.ts": `${files["verify.ts"]}\nconst x = answer.amount_out_expected;`,
    };
    expect(namedFields(planted)).toEqual(["verify.ts: amount_out_expected"]);
    const exolix = { ...files, "swap.ts": `${files["swap.ts"]}\n// reads detail.hashOut.link` };
    expect(namedFields(exolix)).toEqual(["swap.ts: hashOut"]);
  });
});
