import { InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import { z } from "zod";
import { coinLabel } from "../../frontends/coin-label.ts";
import type { Logger } from "../../lib/logger.ts";
import { cutWhole } from "../../lib/whole-characters.ts";
import type { SupportStore, Ticket, TicketMessage } from "../../swaps/support-ports.ts";
import type { Swap } from "../../swaps/swap.ts";
import type { SwapReader } from "../../swaps/swap-reader.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { startLink } from "../shared/deep-link.ts";
import { ignoreNotModified } from "../shared/not-modified.ts";
import { statusName } from "../shared/status-name.ts";
import {
  supportAboutButton,
  supportCloseButton,
  supportRequestButton,
  supportTrust,
  ticketCloseButton,
} from "../shared/support-buttons.ts";

/** The support desk, when SUPPORT_CHAT_ID is set. */
export interface SupportDesk {
  store: SupportStore;
  /** The group or supergroup of the operator's team. */
  chatId: number;
  /** Something was queued for the desk's delivery. */
  wake(): void;
}

export interface SupportDeps {
  reader: SwapReader;
  logger: Logger;
  desk: SupportDesk | undefined;
  /** How to reach the operator otherwise (an @handle or URL). */
  supportContact: string | undefined;
}

/** A draft older than this is forgotten: the next message is not taken as a ticket. */
const DRAFT_TTL_MS = 60 * 60_000;
/** A chat's messages into tickets per minute; past it, one polite word and nothing passed on. */
const FLOOD_LIMIT = 6;
const FLOOD_WINDOW_MS = 60_000;
/**
 * Tickets a chat opens in an hour; past it, /support and the next words say when it may open
 * another. Closing and opening again is how one user could otherwise fill the support chat.
 */
const OPEN_LIMIT = 3;
const OPEN_WINDOW_MS = 60 * 60_000;
/** The chat's other recent swaps offered to pick from. */
const PICKS = 4;

const MEMBER_STATUSES = new Set(["creator", "administrator", "member"]);

/**
 * The support desk in the chat. A user's side: `/support` (or a "Contact support" button, or the
 * `support` start link) asks what is wrong, about the latest swap or one the user picks; the next
 * message opens a ticket, and while it is open, the user's messages outside any other flow go to
 * it. The team's side, in the support chat: a member's reply to a ticket's message (or any message
 * in its forum topic) is queued for the user; `/close` or the button closes it. Nothing here is
 * sent to the other side directly: it goes through the support outbox (bot/outbox/support-delivery.ts).
 */
export function createSupportFeature(deps: SupportDeps) {
  const feature = new LeanComposer<BotContext>();
  const { desk } = deps;

  if (desk) feature.filter((ctx) => ctx.chat?.id === desk.chatId, supportChatSide(desk, deps));

  const mine = feature.chatType("private");
  mine.command("support", (ctx) => askWhatIsWrong(ctx, deps));
  feature.chatType(["group", "supergroup"]).command("support", async (ctx) => {
    await ctx.reply(ctx.t("group-go-private"), {
      reply_markup: new InlineKeyboard().url(
        ctx.t("group-go-private-button"),
        startLink(ctx.me.username, "support"),
      ),
    });
  });

  // "Contact support" under a stuck swap's message or a finished card: about that swap.
  mine.callbackQuery(supportRequestButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const id = supportRequestButton.unpack(ctx.callbackQuery.data)?.id;
    await askWhatIsWrong(ctx, deps, id);
  });

  if (!desk) {
    // Buttons left from when there was a desk: say how to reach the operator instead.
    feature.callbackQuery([supportAboutButton.filter, ticketCloseButton.filter], async (ctx) => {
      await ctx.answerCallbackQuery();
      await ctx.reply(contactText(ctx, deps));
    });
    return feature;
  }
  const { store } = desk;

  mine.callbackQuery(supportAboutButton.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    const picked = supportAboutButton.unpack(ctx.callbackQuery.data)?.id;
    if (picked === undefined) return;
    const open = await openTicket(store, ctx.chat.id);
    if (open) {
      await ctx.reply(`${ctx.t("support-open-already", { ticket: open.id })}`, {
        reply_markup: closeKeyboard(ctx, open),
      });
      return;
    }
    // The swap must be the chat's own: anything else is "no particular swap".
    const swap = picked === "-" ? undefined : await ownSwap(deps, ctx.chat.id, picked);
    await store.draft(author(ctx), swap?.id ?? null, Date.now());
    const prompt = await promptFor(ctx, deps, swap);
    if (ctx.callbackQuery.message) {
      await ctx
        .editMessageText(prompt.text, { reply_markup: prompt.keyboard })
        .catch(ignoreNotModified);
    } else {
      await ctx.reply(prompt.text, { reply_markup: prompt.keyboard });
    }
  });

  mine.callbackQuery(ticketCloseButton.filter, async (ctx) => {
    const id = ticketCloseButton.unpack(ctx.callbackQuery.data)?.ticket;
    const ticket = id === undefined ? undefined : await store.ticket(id);
    // A user closes only their own tickets.
    if (!ticket || ticket.chatId !== ctx.chat.id || ticket.state !== "open") {
      await ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
      return;
    }
    await store.close(ticket.id, "user", Date.now());
    desk.wake();
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    await ctx.reply(ctx.t("support-closed-by-user", { ticket: ticket.id }));
  });

  // A message outside any flow (the exchange conversation took its own before this): into the
  // chat's ticket, when it has one.
  mine.on(["message:text", "message:photo", "message:document"], async (ctx, next) => {
    if (ctx.msg.text?.startsWith("/")) return next();
    const now = Date.now();
    const active = await store.activeTicket(ctx.chat.id, now - DRAFT_TTL_MS);
    if (!active) return next();
    const words = ctx.msg.text ?? ctx.msg.caption ?? null;
    const media = ctx.msg.text === undefined;
    const message: TicketMessage = {
      text: words,
      sourceChatId: ctx.chat.id,
      sourceMessageId: ctx.msg.message_id,
      media: false,
    };
    if (active.state === "draft") {
      if (!words) {
        await ctx.reply(ctx.t("support-ask-text"));
        return;
      }
      const wait = await openingWait(store, ctx.chat.id, now);
      if (wait !== undefined) {
        // The draft goes: the user's next messages are not taken as a ticket again and again.
        await store.discardDraft(ctx.chat.id);
        await ctx.reply(ctx.t("support-open-limit", { minutes: wait }));
        return;
      }
      if (!(await store.open(active.id, message, now))) return;
      // The photo or document goes right after the ticket's first message, copied as it is.
      if (media) await store.addUserMessage(active.id, { ...message, media: true }, now);
      desk.wake();
      await ctx.reply(
        `${ctx.t("support-opened", { ticket: active.id })}\n\n${supportTrust(ctx.t, true)}`,
        { reply_markup: closeKeyboard(ctx, active) },
      );
      return;
    }
    if ((await store.messagesSince(ctx.chat.id, now - FLOOD_WINDOW_MS)) >= FLOOD_LIMIT) {
      // One polite word per flood; what comes meanwhile is not passed on.
      if (active.floodWarnedAt === null || active.floodWarnedAt < now - FLOOD_WINDOW_MS) {
        await store.markFloodWarned(active.id, now);
        await ctx.reply(ctx.t("support-flood"));
      }
      return;
    }
    if (await store.addUserMessage(active.id, { ...message, media }, now)) {
      desk.wake();
      await ctx.reply(ctx.t("support-added", { ticket: active.id }));
    }
  });

  return feature;
}

/**
 * `/start support` (a link), `/start support-<swap id>` (the Mini App's, about that swap), in a
 * private chat: start/ owns `/start` and routes these here.
 */
export function supportStartLink(deps: SupportDeps) {
  return (ctx: BotContext & { chat: { id: number } }, swapId: string | undefined) =>
    askWhatIsWrong(ctx, deps, swapId);
}

/**
 * The support request a private chat is writing, dropped: cancel/ owns `/cancel` and asks here
 * first. True when there was one; without a desk there is none.
 */
export function supportDraftDrop(deps: SupportDeps) {
  const { desk } = deps;
  return async (chatId: number): Promise<boolean> =>
    desk !== undefined && (await desk.store.discardDraft(chatId));
}

/** The support chat: members answer and close tickets; everything else there is left alone. */
function supportChatSide(desk: SupportDesk, deps: SupportDeps) {
  const side = new LeanComposer<BotContext>();
  const { store } = desk;

  side.callbackQuery(supportCloseButton.filter, async (ctx) => {
    const id = supportCloseButton.unpack(ctx.callbackQuery.data)?.ticket;
    const ticket = id === undefined ? undefined : await store.ticket(id);
    if (!ticket || !(await isMember(ctx, desk.chatId, ctx.from.id, deps.logger))) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
      return;
    }
    const closed = await store.close(ticket.id, "support", Date.now());
    if (closed) desk.wake();
    await ctx.answerCallbackQuery({
      text: ctx.t(closed ? "support-ticket-closed" : "support-ticket-not-open", {
        ticket: ticket.id,
      }),
    });
  });

  side.on("message", async (ctx, next) => {
    const msg = ctx.msg;
    const close = isCloseCommand(msg.text, ctx.me.username);
    // Other commands are the other features' (/rate works here too); service messages (a topic
    // made, someone joined) and stickers carry nothing to pass on.
    if (!close && msg.text?.startsWith("/")) return next();
    const words = msg.text ?? msg.caption ?? null;
    const media = msg.photo !== undefined || msg.document !== undefined;
    if (!close && words === null && !media) return next();
    const ticket = await ticketOf(store, msg, ctx.me.id);
    if (!ticket) {
      if (close) await ctx.reply(ctx.t("support-close-needs-ticket"), replyTo(msg));
      return close ? undefined : next();
    }
    // Only the team answers: a message from outside the group (a channel, a non-member) is not.
    const member =
      msg.sender_chat !== undefined
        ? msg.sender_chat.id === desk.chatId
        : msg.from !== undefined &&
          !msg.from.is_bot &&
          (await isMember(ctx, desk.chatId, msg.from.id, deps.logger));
    if (!member) {
      deps.logger.info({ ticket: ticket.id }, "support: a non-member's message was not passed on");
      return;
    }
    const now = Date.now();
    if (close) {
      const closed = await store.close(ticket.id, "support", now);
      if (closed) desk.wake();
      await ctx.reply(
        ctx.t(closed ? "support-ticket-closed" : "support-ticket-not-open", { ticket: ticket.id }),
        replyTo(msg),
      );
      // Its topic closes with it (a convenience: a bot without the right leaves it open).
      if (closed && ticket.topicId !== null) {
        await ctx.api.closeForumTopic(desk.chatId, ticket.topicId).catch(() => undefined);
      }
      return;
    }
    if (ticket.state !== "open") {
      await ctx.reply(ctx.t("support-ticket-not-open", { ticket: ticket.id }), replyTo(msg));
      return;
    }
    const message = { text: words, sourceChatId: msg.chat.id, sourceMessageId: msg.message_id };
    if (await store.addAnswer(ticket.id, { ...message, media }, now)) desk.wake();
  });

  return side;
}

/** The ticket a message in the support chat belongs to: its topic's, or the one it replies to. */
async function ticketOf(
  store: SupportStore,
  msg: Message,
  botId: number,
): Promise<Ticket | undefined> {
  if (msg.is_topic_message && msg.message_thread_id !== undefined) {
    const ticket = await store.ticketOfTopic(msg.message_thread_id);
    if (ticket) return ticket;
  }
  const replied = msg.reply_to_message;
  if (replied && replied.from?.id === botId) {
    return (
      (await store.ticketOfSupportMessage(replied.message_id)) ??
      ticketOfCloseButton(store, replied)
    );
  }
  return undefined;
}

/**
 * The ticket whose Close button the bot's message carries (a ticket's first message does). The
 * bot records a message's id once Telegram's answer is back: a reply can come before that (the
 * answer still on its way) or to a copy never recorded (the answer lost, the ticket sent again).
 * The message is the bot's own, as Telegram says, so its button names its ticket.
 */
async function ticketOfCloseButton(
  store: SupportStore,
  replied: Message,
): Promise<Ticket | undefined> {
  for (const button of replied.reply_markup?.inline_keyboard.flat() ?? []) {
    const data = "callback_data" in button ? button.callback_data : undefined;
    const ticket = supportCloseButton.unpack(data)?.ticket;
    if (ticket !== undefined) return store.ticket(ticket);
  }
  return undefined;
}

const chatMember = z.object({ status: z.string(), is_member: z.boolean().optional() });

/**
 * Whether the user is in the support chat now, as Telegram says. Fails closed: when Telegram cannot
 * say (the call fails after its tries, an answer of another shape) the user counts as no member,
 * with a log line, so a check that fails never lets someone outside answer or close a ticket; a
 * member whose answer was refused writes it again once Telegram answers.
 */
async function isMember(
  ctx: BotContext,
  chatId: number,
  userId: number,
  logger: Logger,
): Promise<boolean> {
  let answer: unknown;
  try {
    answer = await ctx.api.getChatMember(chatId, userId);
  } catch (error) {
    logger.warn(
      { err: error, user: userId },
      "support: could not check membership of the support chat (getChatMember failed); taken as no member",
    );
    return false;
  }
  const member = chatMember.safeParse(answer);
  if (!member.success) {
    logger.warn(
      { user: userId },
      "support: getChatMember answered in another shape; taken as no member",
    );
    return false;
  }
  const { status, is_member } = member.data;
  return MEMBER_STATUSES.has(status) || (status === "restricted" && is_member === true);
}

function isCloseCommand(text: string | undefined, bot: string): boolean {
  const match = /^\/close(?:@(\w+))?(?:\s|$)/i.exec(text ?? "");
  return match !== null && (match[1] === undefined || match[1].toLowerCase() === bot.toLowerCase());
}

const replyTo = (msg: Message) => ({
  reply_parameters: { message_id: msg.message_id, allow_sending_without_reply: true },
});

/** The chat's open ticket, if any. */
async function openTicket(store: SupportStore, chatId: number): Promise<Ticket | undefined> {
  const active = await store.activeTicket(chatId, Number.MAX_SAFE_INTEGER);
  return active?.state === "open" ? active : undefined;
}

/**
 * Minutes until the chat may open a ticket again, when it opened OPEN_LIMIT in the last hour
 * (counted from the tickets' own opening times: nothing else is kept).
 */
async function openingWait(
  store: SupportStore,
  chatId: number,
  now: number,
): Promise<number | undefined> {
  const opened = await store.openedSince(chatId, now - OPEN_WINDOW_MS);
  if (opened.length < OPEN_LIMIT) return undefined;
  const frees = (opened.at(-OPEN_LIMIT) ?? now) + OPEN_WINDOW_MS;
  return Math.max(1, Math.ceil((frees - now) / 60_000));
}

/** `/support`: without a desk, how to reach the operator; with one, what is wrong and about which swap. */
async function askWhatIsWrong(
  ctx: BotContext & { chat: { id: number } },
  deps: SupportDeps,
  swapId?: string,
) {
  const { desk } = deps;
  if (!desk) {
    await ctx.reply(contactText(ctx, deps), { link_preview_options: { is_disabled: true } });
    return;
  }
  const open = await openTicket(desk.store, ctx.chat.id);
  if (open) {
    await ctx.reply(
      `${ctx.t("support-open-already", { ticket: open.id })}\n\n${supportTrust(ctx.t, true)}`,
      { reply_markup: closeKeyboard(ctx, open) },
    );
    return;
  }
  const wait = await openingWait(desk.store, ctx.chat.id, Date.now());
  if (wait !== undefined) {
    await ctx.reply(ctx.t("support-open-limit", { minutes: wait }));
    return;
  }
  // The swap a button named (only the chat's own), else the chat's latest.
  const about =
    swapId !== undefined
      ? await ownSwap(deps, ctx.chat.id, swapId)
      : (await deps.reader.page(ctx.chat.id, 1, 0)).items[0];
  await desk.store.draft(author(ctx), about?.id ?? null, Date.now());
  const prompt = await promptFor(ctx, deps, about);
  await ctx.reply(prompt.text, { reply_markup: prompt.keyboard });
}

/** The question, naming the swap it is about, with the chat's other recent swaps to pick. */
async function promptFor(
  ctx: BotContext,
  deps: SupportDeps,
  about: Swap | undefined,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const chatId = ctx.chat?.id ?? 0;
  const recent = (await deps.reader.page(chatId, PICKS + 1, 0)).items;
  const keyboard = new InlineKeyboard();
  for (const swap of recent.filter((s) => s.id !== about?.id).slice(0, PICKS)) {
    const data = supportAboutButton.tryPack({ id: swap.id });
    if (data) keyboard.text(swapLine(ctx, swap), data).row();
  }
  if (about) keyboard.text(ctx.t("support-pick-none"), supportAboutButton.pack({ id: "-" }));
  const aboutLine = about
    ? ctx.t("support-about-swap", {
        id: about.id,
        status: statusName(ctx.t, about.status),
        amount: about.amountIn,
        from: coinLabel(about.coinFrom, about.networkFrom),
        to: coinLabel(about.coinTo, about.networkTo),
      })
    : ctx.t("support-about-none");
  const text = [ctx.t("support-ask"), aboutLine, supportTrust(ctx.t, true)].join("\n\n");
  return { text, keyboard };
}

function swapLine(ctx: BotContext, swap: Swap): string {
  const from = coinLabel(swap.coinFrom, swap.networkFrom).toUpperCase();
  const to = coinLabel(swap.coinTo, swap.networkTo).toUpperCase();
  return cutWhole(`${swap.amountIn} ${from} → ${to} · ${statusName(ctx.t, swap.status)}`, 60);
}

/** The chat's own swap `id` (never another chat's), read from the database only. */
async function ownSwap(deps: SupportDeps, chatId: number, id: string): Promise<Swap | undefined> {
  return (await deps.reader.get(chatId, id, { live: false }))?.swap;
}

function closeKeyboard(ctx: BotContext, ticket: Ticket): InlineKeyboard {
  return new InlineKeyboard().text(
    ctx.t("support-close-button", { ticket: ticket.id }),
    ticketCloseButton.pack({ ticket: ticket.id }),
  );
}

function author(ctx: BotContext) {
  const from = ctx.from;
  return {
    chatId: ctx.chat?.id ?? 0,
    userId: from?.id ?? 0,
    userName: [from?.first_name, from?.last_name].filter(Boolean).join(" ") || "—",
    username: from?.username ?? null,
    language: from?.language_code ?? null,
  };
}

/**
 * Without a desk: the operator's contact, or that there is none; and the warning either way, without
 * the desk's "its answers come here" (there is no desk to answer).
 */
function contactText(ctx: BotContext, deps: SupportDeps): string {
  const contact = deps.supportContact
    ? ctx.t("support-contact", { contact: deps.supportContact })
    : ctx.t("support-none");
  return `${contact}\n\n${supportTrust(ctx.t, false)}`;
}
