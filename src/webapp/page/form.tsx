import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, call, type PageCoin, type PageOffer, type PageQuote } from "./api.ts";
import { CoinPicker } from "./coin-picker.tsx";
import { NetworkChoice } from "./network-choice.tsx";
import { OfferList } from "./offer-list.tsx";
import { QuoteBox } from "./quote-box.tsx";
import { message, type Order, type RefusedCreate, SummaryScreen } from "./summary.tsx";
import { TextField } from "./text-field.tsx";
import { useT } from "./texts.ts";

/** How often the quote is asked again while the form is open (the server caches it for seconds). */
const QUOTE_REFRESH_MS = 20_000;

/** The new-swap form, then its summary with Confirm; calls onCreated with the new swap's id. */
export function SwapForm({ onCreated }: { onCreated: (id: string) => void }) {
  const t = useT();
  const [from, setFrom] = useState<PageCoin>();
  const [to, setTo] = useState<PageCoin>();
  const [networkFrom, setNetworkFrom] = useState("");
  const [networkTo, setNetworkTo] = useState("");
  const [amount, setAmount] = useState("");
  const [side, setSide] = useState<"send" | "receive">("send");
  const [rateType, setRateType] = useState<"float" | "fixed">("float");
  const [payout, setPayout] = useState("");
  const [payoutMemo, setPayoutMemo] = useState("");
  const [refund, setRefund] = useState("");
  const [refundMemo, setRefundMemo] = useState("");
  const [quote, setQuote] = useState<PageQuote>();
  /** Every exchange's offer, best first (none with one exchange configured: no list shown). */
  const [offers, setOffers] = useState<PageOffer[]>([]);
  /**
   * The exchange the user picked among the offers (none: the best), kept while it quotes as the
   * rate type, a network or the amount change; asked with every quote without asking anew itself.
   */
  const chosen = useRef<string | undefined>(undefined);
  /** Exchanges that refused this swap: not offered again for it. */
  const [excluded, setExcluded] = useState<string[]>([]);
  /** The pair (coins and networks) the quote shown is for. */
  const [quotePair, setQuotePair] = useState("");
  const [limits, setLimits] = useState<{ min: number; max: number } | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<{ order: Order; key: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  /** The receive network the payout address belongs to, offered by the server's check. */
  const [switchTo, setSwitchTo] = useState<{ network: string; label: string }>();
  /** Switched: the form moves on once the new network's quote is in (as the chat's flow does). */
  const [advance, setAdvance] = useState(false);

  // The receive network takes a payout memo: its field is shown (contract: `Payout memo`).
  const takesMemo = !!to && to.memoNetworks.includes(networkTo);
  // A refund to a send network that takes a memo may need one too (optional).
  const refundTakesMemo = !!from && from.memoNetworks.includes(networkFrom) && !!refund.trim();

  const pairQuery = () =>
    from && to
      ? `from=${from.code}&to=${to.code}&networkFrom=${networkFrom}&networkTo=${networkTo}`
      : undefined;

  // The pair's limits as soon as both coins are chosen.
  useEffect(() => {
    const pair = pairQuery();
    setLimits(null);
    if (!pair || from?.code === to?.code) return;
    call<{ limits: { min: number; max: number } | null }>(`/limits?${pair}`)
      .then((r) => setLimits(r.limits))
      .catch(() => undefined);
  }, [from?.code, to?.code, networkFrom, networkTo]);

  // The live quote: on every change (debounced), and again every 20 s while the form is open.
  const quoteRound = useRef(0);
  useEffect(() => {
    // The summary keeps the quote it shows; Confirm checks it against a live one.
    if (summary) return;
    const pair = pairQuery();
    setQuote(undefined);
    setProblems((p) => ({ ...p, amount: "", quote: "" }));
    if (!pair || !amount.trim()) return;
    const round = ++quoteRound.current;
    const ask = () =>
      call<{
        quote: PageQuote;
        offers?: PageOffer[];
        problem?: string;
        asked?: PageQuote["asked"];
        note?: string;
      }>(
        `/quote?${pair}&amount=${encodeURIComponent(amount)}&rateType=${rateType}&side=${side}` +
          (chosen.current ? `&exchange=${encodeURIComponent(chosen.current)}` : "") +
          (excluded.length ? `&exclude=${encodeURIComponent(excluded.join(","))}` : ""),
      )
        .then((r) => {
          if (round !== quoteRound.current) return;
          // The exchange picked no longer quotes this: the best offer is shown instead.
          if (chosen.current !== r.quote.exchange) chosen.current = undefined;
          setOffers(r.offers ?? []);
          setQuote({ ...r.quote, asked: r.asked, note: r.note ?? null });
          setQuotePair(pair);
          setLimits({ min: r.quote.minAmount, max: r.quote.maxAmount });
          setProblems((p) => ({ ...p, amount: r.problem ?? "", quote: "" }));
        })
        .catch((error: unknown) => {
          if (round !== quoteRound.current) return;
          const field =
            error instanceof ApiError && error.body.field === "amount" ? "amount" : "quote";
          setProblems((p) => ({ ...p, [field]: message(error, t) }));
        });
    const first = setTimeout(ask, 500);
    const every = setInterval(ask, QUOTE_REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [from?.code, to?.code, networkFrom, networkTo, amount, side, rateType, summary, excluded]);

  // A refusal is of this swap: another pair or amount is offered at every exchange again.
  useEffect(() => setExcluded([]), [from?.code, to?.code, amount]);

  /** An offer picked: its numbers are shown at once, and every quote after asks for it. */
  const pick = (offer: PageOffer) => {
    chosen.current = offer.exchange;
    setQuote((shown) => ({ ...offer, asked: shown?.asked, note: shown?.note ?? null }));
  };

  /** The chosen exchange refused the swap: its next offer, freshly quoted, is a new summary. */
  const refused = (refusal: RefusedCreate) => {
    setExcluded(refusal.excluded);
    if (!refusal.quote || !summary) return;
    chosen.current = refusal.quote.exchange;
    setOffers(refusal.offers ?? []);
    setQuote((shown) => refusal.quote && { ...refusal.quote, asked: shown?.asked, note: null });
    setSummary({ order: summary.order, key: crypto.randomUUID() });
  };

  // The switched network's quote is in: on to the summary, unless that network takes a memo
  // (its field is now shown to fill in) or the quote found a problem.
  useEffect(() => {
    if (!advance) return;
    if (problems.quote || takesMemo) return setAdvance(false);
    if (!quote || quotePair !== pairQuery()) return;
    setAdvance(false);
    void next();
  }, [advance, quote, quotePair, problems.quote]);

  const switchNetwork = (network: string) => {
    setSwitchTo(undefined);
    setProblems((p) => ({ ...p, payout: "" }));
    setNetworkTo(network);
    setAdvance(true);
  };

  const next = async (event?: Event) => {
    event?.preventDefault();
    setNote("");
    setSwitchTo(undefined);
    if (!from || !to) return setProblems({ pair: t("pick-coin") });
    if (from.code === to.code) return setProblems({ pair: t("same-coin") });
    if (problems.amount || !amount.trim()) {
      return setProblems((p) => ({ ...p, amount: p.amount || t("amount-invalid") }));
    }
    // The quote for this amount is still on its way: Next waits for it.
    if (!quote) return setNote(problems.quote || t("loading"));
    setBusy(true);
    try {
      const memo = takesMemo ? payoutMemo : "";
      const refundMemoTyped = refundTakesMemo ? refundMemo.trim() : "";
      const checked = await call<{
        problems: { payout?: string; payoutMemo?: string; refund?: string; refundMemo?: string };
        switchTo?: { network: string; label: string };
      }>("/check", {
        method: "POST",
        body: {
          from: from.code,
          to: to.code,
          networkFrom,
          networkTo,
          payout,
          ...(memo ? { payoutMemo: memo } : {}),
          refund,
          ...(refundMemoTyped ? { refundMemo: refundMemoTyped } : {}),
        },
      });
      setProblems(checked.problems as Record<string, string>);
      setSwitchTo(checked.switchTo);
      const { problems: found } = checked;
      if (found.payout || found.payoutMemo || found.refund || found.refundMemo) return;
      // `$100` orders the amount to send it bought; `5 eth` an amount to receive.
      const asked = quote.asked;
      const order = {
        from,
        to,
        networkFrom,
        networkTo,
        amount: asked?.unit === "usd" ? quote.fromAmount : (asked?.value ?? amount),
        side: asked ? (asked.unit === "receive" ? ("receive" as const) : ("send" as const)) : side,
        rateType,
        payout,
        payoutMemo: memo,
        refund,
        refundMemo: refundMemoTyped,
      };
      setSummary({ order, key: crypto.randomUUID() });
    } catch (error) {
      setNote(message(error, t));
    } finally {
      setBusy(false);
    }
  };

  if (summary) {
    return (
      <SummaryScreen
        order={summary.order}
        quote={quote}
        several={offers.length > 0}
        excluded={excluded}
        keyOfSummary={summary.key}
        onBack={() => setSummary(undefined)}
        onCreated={onCreated}
        onQuote={setQuote}
        onRefused={refused}
      />
    );
  }

  return (
    <form class="card" onSubmit={next} noValidate>
      <CoinPicker
        id="from"
        label={t("you-send")}
        value={from}
        onPick={(c) => {
          setFrom(c);
          setNetworkFrom(c.defaultNetwork ?? "");
        }}
      />
      <NetworkChoice coin={from} value={networkFrom} onChange={setNetworkFrom} />
      <CoinPicker
        id="to"
        label={t("you-receive")}
        value={to}
        onPick={(c) => {
          setTo(c);
          setNetworkTo(c.defaultNetwork ?? "");
        }}
      />
      <NetworkChoice coin={to} value={networkTo} onChange={setNetworkTo} />
      {problems.pair && (
        <p class="problem" role="alert">
          {problems.pair}
        </p>
      )}

      <div class="field">
        <label for="amount">{t("amount")}</label>
        <input
          id="amount"
          inputMode="decimal"
          autocomplete="off"
          placeholder="0.5"
          value={amount}
          onInput={(e) => setAmount((e.currentTarget as HTMLInputElement).value)}
        />
        <label class={side === "receive" ? "chip selected" : "chip"}>
          <input
            type="checkbox"
            checked={side === "receive"}
            onChange={(e) =>
              setSide((e.currentTarget as HTMLInputElement).checked ? "receive" : "send")
            }
          />
          {t("amount-receive")}
          {to && side === "receive" && <bdi> ({to.code.toUpperCase()})</bdi>}
        </label>
        {side === "send" && <p class="hint">{t("amount-units")}</p>}
        {limits && from && (
          <p class="hint">
            {t("min")}:{" "}
            <bdi>
              {limits.min} {from.code.toUpperCase()}
            </bdi>
            {limits.max > 0 && (
              <>
                {" "}
                · {t("max")}:{" "}
                <bdi>
                  {limits.max} {from.code.toUpperCase()}
                </bdi>
              </>
            )}
          </p>
        )}
        {problems.amount && (
          <p class="problem" role="alert">
            {problems.amount}
          </p>
        )}
      </div>

      <fieldset class="rate-type">
        {(["float", "fixed"] as const).map((type) => (
          <label key={type} class={rateType === type ? "chip selected" : "chip"}>
            <input
              type="radio"
              name="rateType"
              checked={rateType === type}
              onChange={() => setRateType(type)}
            />
            {t(`rate-${type}`)}
          </label>
        ))}
      </fieldset>

      {quote && from && to && !problems.amount && (
        <>
          <OfferList
            offers={offers}
            chosen={quote.exchange}
            from={from}
            to={to}
            side={quote.asked?.unit ?? side}
            onPick={pick}
          />
          <QuoteBox quote={quote} from={from} to={to} side={quote.asked?.unit ?? side} />
        </>
      )}
      {problems.quote && (
        <p class="problem" role="alert">
          {problems.quote}
        </p>
      )}

      <TextField
        id="payout"
        label={t("payout")}
        value={payout}
        onInput={setPayout}
        problem={problems.payout}
      />
      {switchTo && (
        <button type="button" class="switch" onClick={() => switchNetwork(switchTo.network)}>
          {switchTo.label}
        </button>
      )}
      {takesMemo && (
        <TextField
          id="payout-memo"
          label={t("payout-memo")}
          value={payoutMemo}
          onInput={setPayoutMemo}
          hint={t("payout-memo-hint")}
          problem={problems.payoutMemo}
        />
      )}
      <TextField
        id="refund"
        label={t("refund")}
        value={refund}
        onInput={setRefund}
        hint={t("refund-hint")}
        problem={problems.refund}
      />
      {refundTakesMemo && (
        <TextField
          id="refund-memo"
          label={t("refund-memo")}
          value={refundMemo}
          onInput={setRefundMemo}
          problem={problems.refundMemo}
        />
      )}
      {note && (
        <p class="problem" role="alert">
          {note}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy}>
        {t("next")}
      </button>
    </form>
  );
}
