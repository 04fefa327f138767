import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, call, type PageCoin, type PageQuote, type PageSwap } from "./api.ts";
import { coinLabel } from "./coin-label.ts";
import { CoinPicker } from "./coin-picker.tsx";
import { useT } from "./texts.ts";

/** How often the quote is asked again while the form is open (the server caches it for seconds). */
const QUOTE_REFRESH_MS = 20_000;

interface Order {
  from: PageCoin;
  to: PageCoin;
  networkFrom: string;
  networkTo: string;
  amount: string;
  rateType: "float" | "fixed";
  payout: string;
  payoutMemo: string;
  refund: string;
}

/** The new-swap form, then its summary with Confirm; calls onCreated with the new swap's id. */
export function SwapForm({ onCreated }: { onCreated: (id: string) => void }) {
  const t = useT();
  const [from, setFrom] = useState<PageCoin>();
  const [to, setTo] = useState<PageCoin>();
  const [networkFrom, setNetworkFrom] = useState("");
  const [networkTo, setNetworkTo] = useState("");
  const [amount, setAmount] = useState("");
  const [rateType, setRateType] = useState<"float" | "fixed">("float");
  const [payout, setPayout] = useState("");
  const [payoutMemo, setPayoutMemo] = useState("");
  const [refund, setRefund] = useState("");
  const [quote, setQuote] = useState<PageQuote>();
  const [limits, setLimits] = useState<{ min: number; max: number } | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<{ order: Order; key: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");

  // The receive network takes a payout memo: its field is shown (contract: `Payout memo`).
  const takesMemo = !!to && to.memoNetworks.includes(networkTo);

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
      call<{ quote: PageQuote; problem?: string }>(
        `/quote?${pair}&amount=${encodeURIComponent(amount)}&rateType=${rateType}`,
      )
        .then((r) => {
          if (round !== quoteRound.current) return;
          setQuote(r.quote);
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
  }, [from?.code, to?.code, networkFrom, networkTo, amount, rateType, summary]);

  const next = async (event: Event) => {
    event.preventDefault();
    setNote("");
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
      const checked = await call<{
        problems: { payout?: string; payoutMemo?: string; refund?: string };
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
        },
      });
      setProblems(checked.problems as Record<string, string>);
      const { problems: found } = checked;
      if (found.payout || found.payoutMemo || found.refund) return;
      const order = {
        from,
        to,
        networkFrom,
        networkTo,
        amount,
        rateType,
        payout,
        payoutMemo: memo,
        refund,
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
      <Summary
        order={summary.order}
        quote={quote}
        keyOfSummary={summary.key}
        onBack={() => setSummary(undefined)}
        onCreated={onCreated}
        onQuote={setQuote}
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

      {quote && from && to && !problems.amount && <QuoteBox quote={quote} from={from} to={to} />}
      {problems.quote && (
        <p class="problem" role="alert">
          {problems.quote}
        </p>
      )}

      <div class="field">
        <label for="payout">{t("payout")}</label>
        <input
          id="payout"
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          value={payout}
          onInput={(e) => setPayout((e.currentTarget as HTMLInputElement).value)}
        />
        {problems.payout && (
          <p class="problem" role="alert">
            {problems.payout}
          </p>
        )}
      </div>
      {takesMemo && (
        <div class="field">
          <label for="payout-memo">{t("payout-memo")}</label>
          <input
            id="payout-memo"
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            value={payoutMemo}
            onInput={(e) => setPayoutMemo((e.currentTarget as HTMLInputElement).value)}
          />
          <p class="hint">{t("payout-memo-hint")}</p>
          {problems.payoutMemo && (
            <p class="problem" role="alert">
              {problems.payoutMemo}
            </p>
          )}
        </div>
      )}
      <div class="field">
        <label for="refund">{t("refund")}</label>
        <input
          id="refund"
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          value={refund}
          onInput={(e) => setRefund((e.currentTarget as HTMLInputElement).value)}
        />
        <p class="hint">{t("refund-hint")}</p>
        {problems.refund && (
          <p class="problem" role="alert">
            {problems.refund}
          </p>
        )}
      </div>
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

function NetworkChoice(props: {
  coin: PageCoin | undefined;
  value: string;
  onChange: (n: string) => void;
}) {
  const t = useT();
  if (!props.coin || props.coin.networks.length < 2) return null;
  const id = `network-${props.coin.code}`;
  return (
    <div class="field">
      <label for={id}>
        {t("network")} ({props.coin.code.toUpperCase()})
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        {props.coin.networks.map((n) => (
          <option key={n} value={n}>
            {n === props.coin?.defaultNetwork ? `${n} (${t("network-default")})` : n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A floating rate's numbers are estimates (≈); a fixed rate's are the deal (=, no "about"). */
const relation = (rateType: string) => (rateType === "fixed" ? "=" : "≈");

function QuoteBox({ quote, from, to }: { quote: PageQuote; from: PageCoin; to: PageCoin }) {
  const t = useT();
  return (
    <div class="quote" aria-live="polite">
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

function Summary(props: {
  order: Order;
  quote: PageQuote | undefined;
  keyOfSummary: string;
  onBack: () => void;
  onCreated: (id: string) => void;
  onQuote: (q: PageQuote) => void;
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
          rateType: order.rateType,
          payout: order.payout,
          payoutMemo: order.payoutMemo || undefined,
          refund: order.refund || undefined,
          ...(order.rateType === "fixed" && quote ? { seenRate: quote.rate } : {}),
        },
      });
      const id = result.swap?.id ?? result.id;
      if (id) props.onCreated(id);
    } catch (error) {
      if (error instanceof ApiError && error.body.quote)
        props.onQuote(error.body.quote as PageQuote);
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
        <dt>{t("you-send")}</dt>
        <dd>
          <bdi>
            {order.amount} {label(order.from, order.networkFrom)}
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

function message(error: unknown, t: (key: string) => string): string {
  return error instanceof ApiError && error.message ? error.message : t("error");
}
