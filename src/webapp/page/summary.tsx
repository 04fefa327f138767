import { useRef, useState } from "preact/hooks";
import { coinLabel } from "../../frontends/coin-label.ts";
import type { PageSwap } from "../server/swap-view.ts";
import { ApiError, call, type PageCoin, type PageOffer, type PageQuote } from "./api.ts";
import { relation } from "./quote-box.tsx";
import { useT } from "./texts.ts";

/** What the form collected: the summary shows it and Confirm sends it. */
export interface Order {
  from: PageCoin;
  to: PageCoin;
  networkFrom: string;
  networkTo: string;
  amount: string;
  /** `receive`: `amount` is the amount to receive ("I want to receive"). */
  side: "send" | "receive";
  rateType: "float" | "fixed";
  payout: string;
  payoutMemo: string;
  refund: string;
  refundMemo: string;
}

/** An exchange refused the create (nothing made there): the next offer, when there is one. */
export interface RefusedCreate {
  /** Every exchange that refused this swap so far. */
  excluded: string[];
  quote?: PageQuote;
  offers?: PageOffer[];
}

/**
 * The summary of the order with Confirm: creates the swap (once per summary key) at the
 * exchange of the offer it shows, named when several exchanges are configured.
 */
export function SummaryScreen(props: {
  order: Order;
  quote: PageQuote | undefined;
  /** Several exchanges configured: the summary names the offer's. */
  several: boolean;
  /** Exchanges that refused this swap: the server leaves them out of the next offer. */
  excluded: string[];
  keyOfSummary: string;
  onBack: () => void;
  onCreated: (id: string) => void;
  onQuote: (q: PageQuote) => void;
  onRefused: (refusal: RefusedCreate) => void;
}) {
  const t = useT();
  const { order, quote } = props;
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  // A second tap while the first is on its way does nothing (the server would answer it with
  // the same swap anyway: the summary's key makes it one intent).
  const sending = useRef(false);
  const label = (coin: PageCoin, network: string) => coinLabel(coin.code, network);

  const confirm = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setNote("");
    try {
      const result = await call<{ swap: PageSwap | null; id?: string }>("/swaps", {
        method: "POST",
        body: {
          key: props.keyOfSummary,
          from: order.from.code,
          to: order.to.code,
          networkFrom: order.networkFrom,
          networkTo: order.networkTo,
          amount: order.amount,
          ...(order.side === "receive" ? { side: "receive", sendAmount: quote?.fromAmount } : {}),
          rateType: order.rateType,
          payout: order.payout,
          payoutMemo: order.payoutMemo || undefined,
          refund: order.refund || undefined,
          refundMemo: order.refundMemo || undefined,
          ...(order.rateType === "fixed" && quote ? { seenRate: quote.rate } : {}),
          ...(quote?.exchange ? { exchange: quote.exchange } : {}),
          ...(props.excluded.length ? { exclude: props.excluded } : {}),
        },
      });
      const id = result.swap?.id ?? result.id;
      if (id) props.onCreated(id);
    } catch (error) {
      if (error instanceof ApiError && error.body.error === "refused") {
        // A new summary at the next exchange (a new key): its own Confirm creates there.
        props.onRefused(error.body as unknown as RefusedCreate);
      } else if (error instanceof ApiError && error.body.quote) {
        props.onQuote(error.body.quote as PageQuote);
      }
      setNote(message(error, t));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <section class="card">
      <h2>{t("summary")}</h2>
      <dl class="facts">
        {props.several && quote?.label && (
          <>
            <dt>{t("offers")}</dt>
            <dd>{quote.label}</dd>
          </>
        )}
        <dt>{t("you-send")}</dt>
        <dd>
          <bdi>
            {order.side === "receive" ? (quote?.fromAmount ?? "…") : order.amount}{" "}
            {label(order.from, order.networkFrom)}
          </bdi>
        </dd>
        <dt>{t("you-receive")}</dt>
        <dd>
          <bdi>
            {order.rateType === "fixed" ? "" : "≈ "}
            {quote?.toAmount ?? "…"} {label(order.to, order.networkTo)}
          </bdi>{" "}
          ({t(`rate-${order.rateType}`)})
        </dd>
        {quote && (
          <>
            <dt>{t("rate")}</dt>
            <dd>
              <bdi>
                1 {order.from.code.toUpperCase()} {relation(order.rateType)} {quote.rate}{" "}
                {order.to.code.toUpperCase()}
              </bdi>
            </dd>
          </>
        )}
        <dt>{t("payout")}</dt>
        <dd class="mono">{order.payout}</dd>
        {order.payoutMemo && (
          <>
            <dt>{t("payout-memo")}</dt>
            <dd class="mono">{order.payoutMemo}</dd>
          </>
        )}
        {order.refund && (
          <>
            <dt>{t("refund")}</dt>
            <dd class="mono">{order.refund}</dd>
          </>
        )}
        {order.refundMemo && (
          <>
            <dt>{t("refund-memo")}</dt>
            <dd class="mono">{order.refundMemo}</dd>
          </>
        )}
      </dl>
      {note && (
        <p class="problem" role="alert">
          {note}
        </p>
      )}
      <div class="row">
        <button type="button" onClick={props.onBack} disabled={busy}>
          {t("back")}
        </button>
        <button type="button" class="primary" onClick={confirm} aria-disabled={busy}>
          {t("confirm")}
        </button>
      </div>
    </section>
  );
}

/** The server's sentence for a failed call, or a general one. */
export function message(error: unknown, t: (key: string) => string): string {
  return error instanceof ApiError && error.message ? error.message : t("error");
}
