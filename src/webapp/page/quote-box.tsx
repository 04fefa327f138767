import type { PageCoin, PageQuote } from "./api.ts";
import { useT } from "./texts.ts";

/** A floating rate's numbers are estimates (≈); a fixed rate's are the deal (=, no "about"). */
export const relation = (rateType: string) => (rateType === "fixed" ? "=" : "≈");

/** The live quote under the amount. */
export function QuoteBox({
  quote,
  from,
  to,
  side,
}: {
  quote: PageQuote;
  from: PageCoin;
  to: PageCoin;
  /** What the amount typed is of: an amount to receive or dollars show the amount to send. */
  side: "send" | "receive" | "usd";
}) {
  const t = useT();
  return (
    <div class="quote" aria-live="polite">
      {quote.note && <p class="hint">{quote.note}</p>}
      {side !== "send" && (
        <p>
          {t("you-send")}{" "}
          <b class="ltr">
            {quote.fromAmount} {from.code.toUpperCase()}
          </b>
        </p>
      )}
      <p>
        {t(quote.rateType === "fixed" ? "you-receive" : "you-get")}{" "}
        <b class="ltr">
          {quote.toAmount} {to.code.toUpperCase()}
        </b>
      </p>
      <p class="hint">
        {t("rate")}:{" "}
        <bdi>
          1 {from.code.toUpperCase()} {relation(quote.rateType)} {quote.rate}{" "}
          {to.code.toUpperCase()}
        </bdi>{" "}
        · {t(`rate-${quote.rateType}`)}
      </p>
      {quote.message && <p class="hint">{quote.message}</p>}
    </div>
  );
}
