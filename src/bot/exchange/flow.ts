import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard, InputFile } from "grammy";
import type { CoinCatalog } from "../../catalog/catalog.ts";
import { POPULAR_CODES } from "../../catalog/catalog.ts";
import type { Coin } from "../../catalog/search.ts";
import type { RateType } from "../../exchange/schemas.ts";
import type { DecimalString } from "../../lib/decimal.ts";
import type { Logger } from "../../logger.ts";
import type { Quote, QuoteService } from "../../quotes/quote-service.ts";
import type { CreateSwapResult, SwapService } from "../../swaps/swap-service.ts";
import type { BotContext, FlowContext } from "../context.ts";
import { describeExchangeError, type ExchangeFailure, failureText } from "../exchange-errors.ts";
import { checkAddress } from "../shared/address.ts";
import { parseAmount } from "../shared/amount.ts";
import { coinNetworks, resolveCoin } from "../shared/coin-input.ts";
import { type DepositView, depositQr, depositText } from "../shared/deposit-message.ts";
import { amountFit, coinLabel, quoteText, quoteVariables } from "../shared/quote-text.ts";
import { amountProblem, coinProblem } from "../shared/resolve-text.ts";
import { statusName } from "../shared/status-name.ts";
import { type FlowStep, flowButton } from "./buttons.ts";
import { needsMemoWarning } from "./memo-coins.ts";

export const EXCHANGE_CONVERSATION = "exchange";
const SKIP_WORDS = new Set(["skip", "-", "no", "none", "пропустить"]);
const CONFIRM_WORDS = new Set(["confirm", "yes", "ok", "y"]);
const CANCEL_WORDS = new Set(["cancel", "no", "n", "stop"]);

export interface FlowDeps {
  catalog: CoinCatalog;
  quotes: QuoteService;
  swaps: SwapService;
  /** Remembers which message is the swap's status card, to edit it as the swap moves on. */
  setStatusCard(transactionId: string, messageId: number): void;
  logger: Logger;
}

type FlowConversation = Conversation<BotContext, FlowContext>;

interface Side {
  coin: Coin;
  network: string | undefined;
}

type Input =
  | { kind: "text"; text: string; ctx: FlowContext }
  | { kind: "button"; step: FlowStep; value: string; ctx: FlowContext };

type QuoteResult = { ok: true; quote: Quote } | { ok: false; failure: ExchangeFailure };

/**
 * The exchange conversation: send coin → receive coin → amount → quote and payout address →
 * optional refund address → summary → Confirm → deposit address. Every step takes typed text as
 * well as its buttons, and bad input gets a sentence naming the problem plus the same step again.
 *
 * Side effects run through conversation.external and never throw for expected failures (errors do
 * not survive the replay log as their own classes): they return plain results instead.
 */
export function createExchangeFlow(deps: FlowDeps) {
  return async function exchangeFlow(
    conversation: FlowConversation,
    first: FlowContext,
    preset?: string,
  ): Promise<void> {
    const flow = await conversation.external(() => Math.random().toString(36).slice(2, 10));
    const userId = first.from?.id;
    const chatId = first.chat?.id ?? 0;
    let ctx = first;
    const t: FlowContext["t"] = (key, vars) => ctx.t(key, vars);
    const btn = (step: FlowStep, value = "") => flowButton.pack({ flow, step, value });

    /** The next text or button press of this flow's user; stale or foreign presses are refused. */
    const nextInput = async (accepted: FlowStep[]): Promise<Input> => {
      for (;;) {
        const next = await conversation.wait();
        ctx = next;
        const query = next.callbackQuery;
        if (query) {
          const data = flowButton.unpack(query.data);
          if (
            !data ||
            data.flow !== flow ||
            !accepted.includes(data.step) ||
            query.from.id !== userId
          ) {
            await next.answerCallbackQuery({ text: next.t("flow-step-over") });
            continue;
          }
          await next.answerCallbackQuery();
          return { kind: "button", step: data.step, value: data.value, ctx: next };
        }
        if (next.from?.id !== userId) {
          // Someone else talking in a group: not an answer to this flow.
          await conversation.skip({ next: true });
        }
        const text = next.message?.text;
        if (text !== undefined) return { kind: "text", text: text.trim(), ctx: next };
        await next.reply(next.t("flow-not-understood"));
      }
    };

    const getQuote = (
      side: { from: Side; to: Side },
      amount: DecimalString,
      rateType: RateType,
      fresh = false,
    ) =>
      conversation.external(async (): Promise<QuoteResult> => {
        try {
          const quote = await deps.quotes.quote(
            {
              coinFrom: side.from.coin.code,
              coinTo: side.to.coin.code,
              networkFrom: side.from.network,
              networkTo: side.to.network,
              amount,
              rateType,
            },
            { fresh },
          );
          return { ok: true, quote };
        } catch (error) {
          return { ok: false, failure: describeExchangeError(error) };
        }
      });

    const popularKeyboard = (step: "from" | "to", exclude?: Coin) => {
      const keyboard = new InlineKeyboard();
      const coins = POPULAR_CODES.filter((code) => code !== exclude?.code).slice(0, 8);
      coins.forEach((code, i) => {
        keyboard.text(code.toUpperCase(), btn(step, code));
        if (i % 4 === 3) keyboard.row();
      });
      return keyboard;
    };

    const networkRow = (keyboard: InlineKeyboard, step: "fnet" | "tnet", side: Side) => {
      const networks = coinNetworks(side.coin);
      if (networks.length < 2) return keyboard;
      keyboard.row();
      for (const network of networks.slice(0, 6)) {
        const text = network === side.network ? t("button-selected", { label: network }) : network;
        keyboard.text(text, btn(step, network));
      }
      return keyboard;
    };

    const networkLine = (side: Side) => {
      if (coinNetworks(side.coin).length < 2) return "";
      return side.network
        ? `\n${t("flow-network-set", { coin: side.coin.code.toUpperCase(), network: side.network })}`
        : `\n${t("flow-network-choose", { coin: side.coin.code.toUpperCase() })}`;
    };

    // ── Step 1 and 2: the coins ────────────────────────────────────────────────────────────
    const pickCoin = async (step: "from" | "to", other?: Side): Promise<Side> => {
      const prompt = () =>
        step === "from"
          ? t("flow-ask-from")
          : t("flow-ask-to", { from: coinLabel(other!.coin, other!.network) }) +
            networkLine(other!);
      const keyboard = () => {
        const k = popularKeyboard(step, other?.coin);
        return step === "to" && other ? networkRow(k, "fnet", other) : k;
      };
      let message = await ctx.reply(prompt(), { reply_markup: keyboard() });
      for (;;) {
        const input = await nextInput(step === "to" ? ["to", "fnet"] : ["from"]);
        if (input.kind === "button" && input.step === "fnet" && other) {
          other.network = input.value.toUpperCase();
          await ctx.api.editMessageText(chatId, message.message_id, prompt(), {
            reply_markup: keyboard(),
          });
          continue;
        }
        let picked: Side | undefined;
        if (input.kind === "button") {
          const coin = deps.catalog.byCode(input.value);
          if (coin) picked = { coin, network: undefined };
        } else {
          const resolution = resolveCoin(deps.catalog, input.text);
          if (resolution.kind === "found") {
            picked = { coin: resolution.coin, network: resolution.network };
          } else {
            const problem = coinProblem(t, input.text, resolution);
            const options =
              resolution.kind === "ambiguous" ? resolution.options : resolution.suggestions;
            const choices = new InlineKeyboard();
            for (const coin of options.slice(0, 6)) {
              choices.text(`${coin.code.toUpperCase()} · ${coin.name}`, btn(step, coin.code)).row();
            }
            message = await ctx.reply(`${problem}\n\n${prompt()}`, {
              reply_markup: options.length > 0 ? choices : keyboard(),
            });
            continue;
          }
        }
        if (!picked) {
          message = await ctx.reply(prompt(), { reply_markup: keyboard() });
          continue;
        }
        if (other && picked.coin.code === other.coin.code && picked.network === other.network) {
          message = await ctx.reply(
            `${t("coin-same", { coin: coinLabel(picked.coin, picked.network) })}\n\n${prompt()}`,
            { reply_markup: keyboard() },
          );
          continue;
        }
        return picked;
      }
    };

    // ── Step 3: the amount, checked against a live quote ──────────────────────────────────
    const askAmount = async (from: Side, to: Side) => {
      const labels = () => ({
        from: coinLabel(from.coin, from.network),
        to: coinLabel(to.coin, to.network),
      });
      const prompt = () => t("flow-ask-amount", labels()) + networkLine(to);
      const keyboard = () => networkRow(new InlineKeyboard(), "tnet", to);
      const message = await ctx.reply(prompt(), { reply_markup: keyboard() });
      for (;;) {
        const input = await nextInput(["tnet"]);
        if (input.kind === "button") {
          to.network = input.value.toUpperCase();
          await ctx.api.editMessageText(chatId, message.message_id, prompt(), {
            reply_markup: keyboard(),
          });
          continue;
        }
        const again = t("flow-amount-again", { from: labels().from });
        const amount = parseAmount(input.text);
        if (!amount.ok) {
          await ctx.reply(`${amountProblem(t, input.text, amount)}\n${again}`);
          continue;
        }
        const result = await getQuote({ from, to }, amount.value, "float");
        if (!result.ok) {
          await ctx.reply(`${failureText(t, result.failure)}\n${again}`);
          continue;
        }
        const { fit, text } = quoteText(t, result.quote, amount.value, labels().from, labels().to);
        if (fit !== "ok") {
          const vars = quoteVariables(t, result.quote, amount.value, labels().from, labels().to);
          await ctx.reply(`${text}\n${t("flow-amount-range", vars)}`);
          continue;
        }
        return { amount: amount.value, quote: result.quote };
      }
    };

    // ── Step 4: the quote (float or fixed) and the payout address ─────────────────────────
    const askAddress = async (from: Side, to: Side, amount: DecimalString, start: Quote) => {
      let quote = start;
      const fromLabel = coinLabel(from.coin, from.network);
      const toLabel = coinLabel(to.coin, to.network);
      const render = () => {
        const lines = [quoteText(t, quote, amount, fromLabel, toLabel).text];
        const value = Number(amount);
        if (value < quote.minAmount * 1.1) lines.push(t("flow-near-min"));
        else if (quote.maxAmount > 0 && value > quote.maxAmount * 0.9)
          lines.push(t("flow-near-max"));
        if (needsMemoWarning(to.coin)) lines.push(t("flow-memo-warning", { coin: toLabel }));
        return `${lines.join("\n")}\n\n${t("flow-ask-address", { to: toLabel })}`;
      };
      const keyboard = () => {
        const option = (type: RateType, key: string) =>
          quote.rateType === type || (type === "float" && !quote.rateType)
            ? t("button-selected", { label: t(key) })
            : t(key);
        return new InlineKeyboard()
          .text(option("float", "button-rate-float"), btn("rate", "float"))
          .text(option("fixed", "button-rate-fixed"), btn("rate", "fixed"));
      };
      const message = await ctx.reply(render(), { reply_markup: keyboard() });
      for (;;) {
        const input = await nextInput(["rate"]);
        if (input.kind === "button") {
          const rateType: RateType = input.value === "fixed" ? "fixed" : "float";
          if ((quote.rateType ?? "float") === rateType) continue;
          const result = await getQuote({ from, to }, amount, rateType);
          if (!result.ok) {
            await ctx.reply(
              `${failureText(t, result.failure)}\n${t("flow-address-again", { coin: toLabel })}`,
            );
            continue;
          }
          if (amountFit(amount, result.quote) !== "ok") {
            const { text } = quoteText(t, result.quote, amount, fromLabel, toLabel);
            await ctx.reply(`${text}\n${t("flow-address-again", { coin: toLabel })}`);
            continue;
          }
          quote = { ...result.quote, rateType };
          await ctx.api.editMessageText(chatId, message.message_id, render(), {
            reply_markup: keyboard(),
          });
          continue;
        }
        const check = checkAddress(input.text, to.coin.code, to.network);
        if (!check.ok) {
          const problem = t(`flow-address-problem-${check.reason}`, {
            coin: to.coin.code.toUpperCase(),
            network: to.network ?? "none",
          });
          await ctx.reply(`${problem}\n${t("flow-address-again", { coin: toLabel })}`);
          continue;
        }
        return { address: check.address, quote };
      }
    };

    // ── Step 5: the optional refund address (the sent coin comes back to it) ───────────────
    const askRefund = async (from: Side): Promise<string | undefined> => {
      const fromLabel = coinLabel(from.coin, from.network);
      const skip = new InlineKeyboard().text(t("button-skip"), btn("skip"));
      await ctx.reply(t("flow-ask-refund", { from: fromLabel }), { reply_markup: skip });
      for (;;) {
        const input = await nextInput(["skip"]);
        if (input.kind === "button" || SKIP_WORDS.has(input.text.toLowerCase())) return undefined;
        const check = checkAddress(input.text, from.coin.code, from.network);
        if (check.ok) return check.address;
        const problem = t(`flow-address-problem-${check.reason}`, {
          coin: from.coin.code.toUpperCase(),
          network: from.network ?? "none",
        });
        await ctx.reply(`${problem}\n${t("flow-refund-again", { coin: fromLabel })}`, {
          reply_markup: skip,
        });
      }
    };

    const sendDeposit = async (swap: DepositView) => {
      // The QR code is a convenience: if it cannot be made or sent, the text below still must go.
      try {
        const qr = await depositQr(swap.depositAddress);
        await ctx.replyWithPhoto(new InputFile(qr, "deposit-address.png"), {
          caption: t("deposit-qr-caption", {
            amount: swap.amountIn,
            from: swap.coinFrom.toUpperCase(),
          }),
        });
      } catch (error) {
        deps.logger.warn({ err: error, transaction: swap.id }, "deposit QR code not sent");
      }
      const card = await ctx.reply(depositText(t, swap, statusName(t, swap.status)), {
        link_preview_options: { is_disabled: true },
      });
      await conversation.external(() => deps.setStatusCard(swap.id, card.message_id));
    };

    // ── The flow ──────────────────────────────────────────────────────────────────────────
    let from: Side | undefined;
    if (preset) {
      const resolution = resolveCoin(deps.catalog, preset);
      if (resolution.kind === "found")
        from = { coin: resolution.coin, network: resolution.network };
    }
    from ??= await pickCoin("from");
    const to = await pickCoin("to", from);
    const { amount, quote: firstQuote } = await askAmount(from, to);
    const payout = await askAddress(from, to, amount, firstQuote);
    const address = payout.address;
    let quote = payout.quote;
    const refund = await askRefund(from);

    const fromLabel = coinLabel(from.coin, from.network);
    const toLabel = coinLabel(to.coin, to.network);
    const summary = (note?: string) =>
      [
        note,
        t("flow-summary", {
          ...quoteVariables(t, quote, amount, fromLabel, toLabel),
          address,
          refund: refund ?? t("flow-summary-no-refund"),
        }),
        t("flow-summary-ask"),
      ]
        .filter(Boolean)
        .join("\n");
    const confirmKeyboard = new InlineKeyboard()
      .text(t("button-confirm"), btn("confirm"))
      .text(t("button-cancel"), btn("cancel"));
    await ctx.reply(summary(), { reply_markup: confirmKeyboard });

    for (;;) {
      const input = await nextInput(["confirm", "cancel"]);
      const word = input.kind === "text" ? input.text.toLowerCase() : "";
      if ((input.kind === "button" && input.step === "cancel") || CANCEL_WORDS.has(word)) {
        await ctx.reply(t("flow-cancelled"));
        return;
      }
      if (input.kind === "text" && !CONFIRM_WORDS.has(word)) {
        await ctx.reply(summary(), { reply_markup: confirmKeyboard });
        continue;
      }
      const stale = quote;
      if (
        stale.rateType === "fixed" &&
        (await conversation.external(() => deps.quotes.isStale(stale)))
      ) {
        const fresh = await getQuote({ from, to }, amount, "fixed", true);
        if (!fresh.ok) {
          await ctx.reply(`${failureText(t, fresh.failure)}\n${t("flow-create-failed")}`, {
            reply_markup: confirmKeyboard,
          });
          continue;
        }
        if (amountFit(amount, fresh.quote) !== "ok") {
          // The limits moved with the rate: this amount can no longer be swapped at all.
          const { text } = quoteText(t, fresh.quote, amount, fromLabel, toLabel);
          await ctx.reply(`${text}\n${t("flow-create-rejected")}`);
          return;
        }
        quote = { ...fresh.quote, rateType: "fixed" };
        if (fresh.quote.toAmount !== stale.toAmount || fresh.quote.rate !== stale.rate) {
          await ctx.reply(summary(t("flow-quote-moved")), { reply_markup: confirmKeyboard });
          continue;
        }
      }
      const result: CreateSwapResult = await conversation.external(() =>
        deps.swaps.create({
          key: `${chatId}:${flow}`,
          chatId,
          userId: userId ?? 0,
          request: {
            coinFrom: from.coin.code,
            coinTo: to.coin.code,
            networkFrom: from.network,
            networkTo: to.network,
            amount,
            withdrawalAddress: address,
            rateType: quote.rateType ?? "float",
            refundAddress: refund,
          },
        }),
      );
      switch (result.kind) {
        case "created":
          await sendDeposit(result.swap);
          return;
        case "already-created":
          await ctx.reply(t("flow-already-created"));
          return;
        case "pending":
          await ctx.reply(t("flow-create-pending"));
          return;
        case "failed":
          if (!result.retryable) {
            await ctx.reply(`${failureText(t, result.failure)}\n${t("flow-create-rejected")}`);
            return;
          }
          await ctx.reply(`${failureText(t, result.failure)}\n${t("flow-create-failed")}`, {
            reply_markup: confirmKeyboard,
          });
      }
    }
  };
}
