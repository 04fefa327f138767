import type { PageCoin, PageOffer } from "./api.ts";
import { useT } from "./texts.ts";

/**
 * Every exchange's offer as a radio list, best first, the chosen one checked: each option's name
 * is its exchange and the amount it gives (or, for an amount to receive, what it takes to send).
 */
export function OfferList(props: {
  offers: PageOffer[];
  chosen: string | undefined;
  from: PageCoin;
  to: PageCoin;
  /** What the amount typed is of: an amount to receive lists what each offer takes to send. */
  side: "send" | "receive" | "usd";
  onPick: (offer: PageOffer) => void;
}) {
  const t = useT();
  const { offers, from, to } = props;
  if (offers.length === 0) return null;
  const sends = props.side === "receive" && new Set(offers.map((o) => o.fromAmount)).size > 1;
  const rated = offers.some((o) => o.kyc);
  return (
    <div class="offers" role="radiogroup" aria-labelledby="offers-legend">
      <p id="offers-legend" class="offers-legend">
        {t("offers")}
      </p>
      {offers.map((offer) => {
        const checked = offer.exchange === props.chosen;
        const tags = [
          offer.best ? t("offer-best") : "",
          offer.fits ? "" : t("offer-outside-limits"),
          offer.kyc ? `KYC ${offer.kyc}` : "",
        ].filter(Boolean);
        return (
          <label key={offer.exchange} class={checked ? "offer selected" : "offer"}>
            <input
              type="radio"
              name="offer"
              value={offer.exchange}
              checked={checked}
              onChange={() => props.onPick(offer)}
            />
            <span class="offer-body">
              <span class="offer-line">
                <span class="offer-name">{offer.label}</span>
                {tags.length > 0 && <span class="offer-tags hint">{tags.join(" · ")}</span>}
              </span>
              <b class="offer-amount ltr">
                {sends
                  ? `${offer.fromAmount} ${from.code.toUpperCase()}`
                  : `${offer.rateType === "fixed" ? "" : "≈ "}${offer.toAmount} ${to.code.toUpperCase()}`}
              </b>
            </span>
          </label>
        );
      })}
      {rated && <p class="hint">{t("kyc-legend")}</p>}
    </div>
  );
}
