import { postEvent } from "@tma.js/bridge";
import { useEffect, useState } from "preact/hooks";
import { coinLabel } from "../../frontends/coin-label.ts";
import type { PageSwap } from "../server/swap-view.ts";
import { ApiError, call } from "./api.ts";
import { CoinIcon } from "./coin-picker.tsx";
import { useStatusWord, useT } from "./texts.ts";

/**
 * How often an open swap's page asks the bot (its database, never the exchange) for news: the
 * server's WEBAPP_STATUS_POLL_MS (the session's), this when a server before it sends none.
 */
const STATUS_POLL_MS = 3_000;

/**
 * Polls a complete swap still gets while its payout hash is missing: the tracker stores the
 * status from the exchange's list first and the hashes from the swap's own read after its push
 * (tracker/receipts.ts), so a poll in between sees "complete" without the payout transaction.
 */
const POLLS_FOR_PAYOUT_HASH = 20;

/**
 * What the swap pays out, as the chat's card says it: only a complete swap's payout is a fact;
 * before it the amount is the quote's (or the exchange's latest estimate), "≈" at a floating rate.
 */
function payoutText(swap: PageSwap): string {
  if (swap.status === "success" && swap.amountOut) return swap.amountOut;
  const amount = swap.amountOut ?? swap.amountOutExpected;
  return swap.rateType === "fixed" ? amount : `≈ ${amount}`;
}

/** One swap: what to send where (until the deposit arrives), and its status as it moves on. */
export function SwapScreen({
  id,
  supportLink,
  pollMs = STATUS_POLL_MS,
}: {
  id: string;
  supportLink?: string | null;
  pollMs?: number;
}) {
  const t = useT();
  const statusWord = useStatusWord();
  const [swap, setSwap] = useState<PageSwap>();
  const [qr, setQr] = useState<string | null>(null);
  const [problem, setProblem] = useState("");
  // Which value was copied last: only its button says so, since the clipboard holds only it.
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hashPolls = POLLS_FOR_PAYOUT_HASH;
    const load = async () => {
      try {
        const { swap: fresh } = await call<{ swap: PageSwap }>(`/swaps/${encodeURIComponent(id)}`);
        if (stopped) return;
        setSwap(fresh);
        setProblem("");
        const hashToCome = fresh.status === "success" && !fresh.txHashOut && hashPolls-- > 0;
        if (fresh.final && !hashToCome) return;
      } catch (error) {
        if (stopped) return;
        setProblem(error instanceof ApiError ? error.message : t("error"));
        if (error instanceof ApiError && error.status < 500) return;
      }
      timer = setTimeout(load, pollMs);
    };
    void load();
    call<{ svg: string | null }>(`/swaps/${encodeURIComponent(id)}/qr`)
      .then((r) => !stopped && setQr(r.svg))
      .catch(() => undefined);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, pollMs]);

  if (!swap)
    return (
      <section class="card">
        {problem ? (
          <p class="problem" role="alert">
            {problem}
          </p>
        ) : (
          <p class="hint">{t("loading")}</p>
        )}
      </section>
    );

  const received = swap.status === "confirmation" || swap.status === "exchanging";
  // A swap the exchange holds to verify it invites no deposit: it says what is asked and where.
  const held = swap.status === "verifying";
  const askDeposit = !swap.final && !received && !held && swap.depositAddress;
  return (
    <section class="card swap">
      {swap.sandbox && <p class="banner">{t("sandbox")}</p>}
      <p class="status-line">
        {t("status")}:{" "}
        <b class={`status status-${swap.status}`} data-status={swap.status}>
          {statusWord(swap.status)}
        </b>
      </p>
      <p class="pair">
        {/* Each side wraps as a whole: an amount never loses its coin to the next line. */}
        {/* Left to right in every language, so the arrow points from what is sent. */}
        <bdi class="ltr">
          <span>
            <CoinIcon code={swap.coinFrom} /> {swap.amountIn}{" "}
            {coinLabel(swap.coinFrom, swap.networkFrom)}
          </span>{" "}
          →{" "}
          <span>
            <CoinIcon code={swap.coinTo} /> {payoutText(swap)}{" "}
            {coinLabel(swap.coinTo, swap.networkTo)}
          </span>
        </bdi>
      </p>
      {askDeposit && (
        <>
          <Copyable
            title={t("send-exactly")}
            value={swap.amountIn}
            suffix={coinLabel(swap.coinFrom, swap.networkFrom)}
            copied={copied}
            onCopied={setCopied}
          />
          <Copyable
            title={t("deposit-address")}
            value={swap.depositAddress!}
            mono
            copied={copied}
            onCopied={setCopied}
          />
          {swap.depositMemo && (
            <div class="memo">
              <Copyable
                title={t("memo")}
                value={swap.depositMemo}
                mono
                copied={copied}
                onCopied={setCopied}
              />
              <p class="warning">{t("webapp-memo-warning")}</p>
            </div>
          )}
          {qr && (
            // Generated by the bot from the deposit address; no markup of anyone else's.
            <div
              class="qr"
              role="img"
              aria-label={t("deposit-address")}
              dangerouslySetInnerHTML={{ __html: qr }}
            />
          )}
        </>
      )}
      {received && <p class="note">{t("received")}</p>}
      {held && (
        <div class="held" role="status">
          <p class="note">{t("held")}</p>
          {swap.hold?.asks && (
            <p>
              {t("held-asks")}: <bdi>{swap.hold.asks}</bdi>
            </p>
          )}
          {swap.hold?.link && (
            <p class="held-link">
              <ExternalLink url={swap.hold.link} text={t("held-link")} />
            </p>
          )}
        </div>
      )}
      {swap.final && <p class="note">{t("closed")}</p>}
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      {supportLink && <SupportLink link={`${supportLink}-${swap.id}`} />}
      <dl class="facts">
        <dt>{t("transaction-id")}</dt>
        <dd class="mono">{swap.id}</dd>
        {swap.exchange && (
          <>
            {/* The transaction id is the exchange's own order id: its page of the swap, by it. */}
            <dt>{t("swap-exchange")}</dt>
            <dd class="exchange">
              <bdi>{swap.exchange.label}</bdi>
              {swap.exchange.link && (
                <>
                  {" · "}
                  <ExternalLink url={swap.exchange.link} text={t("swap-exchange-track")} />
                </>
              )}
            </dd>
          </>
        )}
        <dt>{t("payout-to")}</dt>
        <dd class="mono">{swap.withdrawalAddress}</dd>
        {swap.payoutMemo && (
          <>
            <dt>{t("payout-memo")}</dt>
            <dd class="mono">{swap.payoutMemo}</dd>
          </>
        )}
        {swap.txHashIn && (
          <>
            <dt>{t("hash-in")}</dt>
            <Hash hash={swap.txHashIn} url={swap.txUrlIn} />
          </>
        )}
        {swap.txHashOut && (
          <>
            <dt>{t("hash-out")}</dt>
            <Hash hash={swap.txHashOut} url={swap.txUrlOut} />
          </>
        )}
      </dl>
    </section>
  );
}

/**
 * "Contact support": the chat with the bot, on `/start support-<id>` (a ticket about this swap).
 * Inside Telegram, Telegram opens the chat itself.
 */
function SupportLink(props: { link: string }) {
  const t = useT();
  const open = (event: MouseEvent) => {
    try {
      postEvent("web_app_open_tg_link", { path_full: props.link.replace(/^https:\/\/t\.me/, "") });
      event.preventDefault();
    } catch {
      // Outside Telegram the browser follows the link.
    }
  };
  return (
    <p class="support">
      <a href={props.link} target="_blank" rel="noopener noreferrer" onClick={open}>
        {t("support")}
      </a>
    </p>
  );
}

/**
 * A link to the exchange's site (where to answer a hold, its page of the swap): Telegram opens it,
 * the page cannot leave.
 */
function ExternalLink(props: { url: string; text: string }) {
  const open = (event: MouseEvent) => {
    try {
      postEvent("web_app_open_link", { url: props.url });
      event.preventDefault();
    } catch {
      // Outside Telegram the browser follows the link.
    }
  };
  return (
    <a href={props.url} target="_blank" rel="noopener noreferrer" onClick={open}>
      {props.text}
    </a>
  );
}

/** A transaction hash, linked to its explorer page when the server named one. */
function Hash(props: { hash: string; url: string | null }) {
  const { url } = props;
  if (!url) return <dd class="mono">{props.hash}</dd>;
  // Inside Telegram the page cannot navigate away: Telegram opens the explorer itself.
  const open = (event: MouseEvent) => {
    try {
      postEvent("web_app_open_link", { url });
      event.preventDefault();
    } catch {
      // Outside Telegram the browser follows the link.
    }
  };
  return (
    <dd class="mono">
      <a href={url} target="_blank" rel="noopener noreferrer" onClick={open}>
        {props.hash}
      </a>
    </dd>
  );
}

function Copyable(props: {
  title: string;
  value: string;
  suffix?: string;
  mono?: boolean;
  copied: string | null;
  onCopied: (title: string) => void;
}) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      props.onCopied(props.title);
    } catch {
      // No clipboard (an old webview): the value is selectable text all the same.
    }
  };
  return (
    <div class="copyable">
      <span class="hint">{props.title}</span>
      <div class="copy-row">
        <span class={props.mono ? "value mono" : "value"}>
          <bdi>
            {props.value}
            {props.suffix && ` ${props.suffix}`}
          </bdi>
        </span>
        <button type="button" onClick={copy} aria-label={`${t("copy")}: ${props.title}`}>
          {props.copied === props.title ? t("copied") : t("copy")}
        </button>
      </div>
    </div>
  );
}

/** The user's swaps, newest first; each opens its status. */
export function SwapList({
  onOpen,
  pollMs = STATUS_POLL_MS,
}: {
  onOpen: (id: string) => void;
  pollMs?: number;
}) {
  const t = useT();
  const statusWord = useStatusWord();
  const [items, setItems] = useState<PageSwap[]>();
  const [problem, setProblem] = useState("");
  useEffect(() => {
    let stopped = false;
    const load = () =>
      call<{ items: PageSwap[] }>("/swaps")
        .then((r) => !stopped && setItems(r.items))
        .catch(
          (error: unknown) =>
            !stopped && setProblem(error instanceof ApiError ? error.message : t("error")),
        );
    void load();
    const timer = setInterval(load, pollMs * 2);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pollMs]);
  if (problem)
    return (
      <p class="problem" role="alert">
        {problem}
      </p>
    );
  if (!items) return <p class="hint">{t("loading")}</p>;
  if (items.length === 0) return <p class="hint">{t("no-swaps")}</p>;
  return (
    <ul class="swap-list">
      {items.map((s) => (
        <li key={s.id}>
          <button type="button" onClick={() => onOpen(s.id)}>
            <span>
              <bdi class="ltr">
                <CoinIcon code={s.coinFrom} /> {s.amountIn} {coinLabel(s.coinFrom, s.networkFrom)} →{" "}
                {coinLabel(s.coinTo, s.networkTo)}
              </bdi>
            </span>
            <span class={`status status-${s.status}`}>{statusWord(s.status)}</span>
            <span class="hint mono">{s.id}</span>
            {s.exchange && <span class="hint exchange">{s.exchange.label}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
