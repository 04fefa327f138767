import { describe, expect, it } from "vitest";
import type { TicketMessage } from "../../src/swaps/support-ports.ts";
import { dialects, newTransaction, tempPgDatabase } from "./helpers.ts";

const author = (chatId: number) => ({
  chatId,
  userId: chatId,
  userName: `User ${chatId}`,
  username: null,
  language: "en",
});

const words = (chatId: number, messageId: number, text = "help"): TicketMessage => ({
  text,
  sourceChatId: chatId,
  sourceMessageId: messageId,
  media: false,
});

describe.each(dialects)("support tickets ($dialect)", ({ open }) => {
  it("keeps one draft a chat, opens it once, and queues its first message once", async () => {
    const { repos } = await open();
    const first = await repos.support.draft(author(1), null, 1_000);
    const again = await repos.support.draft(author(1), "t1", 1_100);
    expect(again).toMatchObject({ id: first.id, transactionId: "t1", state: "draft" });
    expect(await repos.support.open(first.id, words(1, 5), 1_200)).toBe(true);
    // A redelivered update opens nothing twice.
    expect(await repos.support.open(first.id, words(1, 5), 1_300)).toBe(false);
    expect(await repos.support.addUserMessage(first.id, words(1, 5), 1_300)).toBe(false);
    expect(await repos.support.addUserMessage(first.id, words(1, 6), 1_300)).toBe(true);
    const [opened, ...held] = await repos.support.claimDue(10, 2_000, "me", 60_000);
    expect([opened?.kind, opened?.sourceMessageId]).toEqual(["opened", 5]);
    // The ticket's next row waits until its first went out.
    expect(held).toEqual([]);
    await repos.support.markSent(opened!.id, 2_000, 70);
    const next = await repos.support.claimDue(10, 2_000, "me", 60_000);
    expect(next.map((d) => [d.kind, d.sourceMessageId])).toEqual([["user-message", 6]]);
    expect(await repos.support.messagesSince(1, 1_000)).toBe(2);
    expect(await repos.support.messagesSince(2, 1_000)).toBe(0);
  });

  it("claims round-robin between users: one user's burst does not hold another's new ticket", async () => {
    const { repos } = await open();
    const claim = (now: number) => repos.support.claimDue(10, now, "me", 60_000);
    const a = await repos.support.draft(author(1), null, 1_000);
    await repos.support.open(a.id, words(1, 1), 1_000);
    const [opened] = await claim(2_000);
    await repos.support.markSent(opened!.id, 2_000, 70);
    // User 1 writes a burst into the ticket, then user 2 opens one.
    for (let m = 2; m <= 6; m++) await repos.support.addUserMessage(a.id, words(1, m), 2_100);
    const b = await repos.support.draft(author(2), null, 2_200);
    await repos.support.open(b.id, words(2, 1), 2_200);
    const due = await claim(3_000);
    expect(due.map((d) => [d.ticketId, d.kind])).toEqual([
      [b.id, "opened"],
      [a.id, "user-message"],
    ]);
    // User 2's went out: user 1 is next; a third user's new ticket then goes before user 1's rest.
    await repos.support.markSent(due[0]!.id, 3_000, 71);
    const [next] = await claim(4_000);
    expect([next?.ticketId, next?.sourceMessageId]).toEqual([a.id, 2]);
    await repos.support.markSent(next!.id, 4_000, 72);
    const c = await repos.support.draft(author(3), null, 4_100);
    await repos.support.open(c.id, words(3, 1), 4_100);
    expect((await claim(5_000)).map((d) => d.ticketId)).toEqual([c.id, a.id]);
  });

  it("says when a chat's tickets were opened, for the bound on opening them", async () => {
    const { repos } = await open();
    for (const at of [1_000, 2_000, 3_000]) {
      const ticket = await repos.support.draft(author(1), null, at);
      await repos.support.open(ticket.id, words(1, at), at);
      await repos.support.close(ticket.id, "user", at + 10);
    }
    await repos.support.draft(author(1), null, 4_000);
    const other = await repos.support.draft(author(2), null, 4_000);
    await repos.support.open(other.id, words(2, 1), 4_000);
    expect(await repos.support.openedSince(1, 1_500)).toEqual([2_000, 3_000]);
    expect(await repos.support.openedSince(1, 0)).toEqual([1_000, 2_000, 3_000]);
    expect(await repos.support.openedSince(2, 0)).toEqual([4_000]);
    expect(await repos.support.openedSince(3, 0)).toEqual([]);
  });

  it("finds a ticket by its messages in the support chat, never by a message in a user's chat", async () => {
    const { repos } = await open();
    const ticket = await repos.support.draft(author(1), null, 1_000);
    await repos.support.open(ticket.id, words(1, 5), 1_000);
    await repos.support.addAnswer(ticket.id, words(-100, 9, "answer"), 1_100);
    expect(await repos.support.pendingCount()).toBe(2);
    const [opened] = await repos.support.claimDue(10, 2_000, "me", 60_000);
    await repos.support.markSent(opened!.id, 2_000, 77);
    const [answer] = await repos.support.claimDue(10, 2_000, "me", 60_000);
    expect(answer?.kind).toBe("answer");
    await repos.support.markSent(answer!.id, 2_000, 78);
    expect((await repos.support.ticketOfSupportMessage(77))?.id).toBe(ticket.id);
    // 78 is a message id in the user's chat: in the support chat it is some other message.
    expect(await repos.support.ticketOfSupportMessage(78)).toBeUndefined();
    expect(await repos.support.pendingCount()).toBe(0);
    expect(await repos.support.claimDue(10, 3_000, "me", 60_000)).toEqual([]);
  });

  it("closes an open ticket once and tells the other side once; /stats counts the open ones", async () => {
    const { repos } = await open();
    const a = await repos.support.draft(author(1), null, 1_000);
    const b = await repos.support.draft(author(2), null, 1_000);
    await repos.support.open(a.id, words(1, 1), 5_000);
    await repos.support.open(b.id, words(2, 1), 7_000);
    expect(await repos.support.stats()).toEqual({ open: 2, oldestOpenedAt: 5_000 });
    for (const row of await repos.support.claimDue(10, 7_000, "me", 60_000)) {
      await repos.support.markSent(row.id, 7_000, row.id);
    }
    expect(await repos.support.close(a.id, "support", 8_000)).toBe(true);
    expect(await repos.support.close(a.id, "user", 8_100)).toBe(false);
    expect(await repos.support.stats()).toEqual({ open: 1, oldestOpenedAt: 7_000 });
    const kinds = (await repos.support.claimDue(10, 9_000, "me", 60_000)).map((d) => d.kind);
    expect(kinds.filter((k) => k.startsWith("closed"))).toEqual(["closed-by-support"]);
  });

  it("lists the statuses announced to a swap's chat as its history", async () => {
    const { repos } = await open();
    await repos.transactions.insert(newTransaction({ id: "t1", chatId: 1 }));
    await repos.transactions.applyStatus("t1", "confirmation", 1_000);
    await repos.transactions.applyStatus("t1", "exchanging", 2_000);
    expect(await repos.support.statusHistory("t1")).toEqual([
      { status: "confirmation", at: 1_000 },
      { status: "exchanging", at: 2_000 },
    ]);
  });

  it("/forget takes a chat's closed tickets and leaves an open one", async () => {
    const { repos } = await open();
    const closed = await repos.support.draft(author(1), null, 1_000);
    await repos.support.open(closed.id, words(1, 1), 1_000);
    await repos.support.close(closed.id, "user", 1_100);
    const open_ = await repos.support.draft(author(1), null, 1_200);
    await repos.support.open(open_.id, words(1, 2), 1_200);
    await repos.privacy.forgetChat(1);
    expect(await repos.support.ticket(closed.id)).toBeUndefined();
    expect((await repos.support.ticket(open_.id))?.state).toBe("open");
  });
});

describe("claiming the support outbox (PostgreSQL, several senders)", () => {
  it("gives each row to one sender while its claim lasts, and a new leader takes the rest over", async () => {
    const { repos, seam } = await tempPgDatabase();
    for (let chat = 1; chat <= 12; chat++) {
      const ticket = await repos.support.draft(author(chat), null, 1_000);
      await repos.support.open(ticket.id, words(chat, 1), 1_000);
    }
    const claims = await Promise.all(
      ["a", "b", "c"].map((owner) => repos.support.claimDue(5, 2_000, owner, 30_000)),
    );
    const ids = claims.flat().map((d) => d.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(await repos.support.claimDue(10, 2_000, "d", 30_000)).toEqual([]);
    // A new leader drops the claims of the others: their unsent rows are its to send.
    expect(await seam.outbox.release("d", "others")).toBe(12);
    expect(await repos.support.claimDue(20, 2_100, "d", 30_000)).toHaveLength(12);
  });

  it("gives a sender's own claims back when it steps down, not the others'", async () => {
    const { repos, seam } = await tempPgDatabase();
    for (let chat = 1; chat <= 4; chat++) {
      const ticket = await repos.support.draft(author(chat), null, 1_000);
      await repos.support.open(ticket.id, words(chat, 1), 1_000);
    }
    // "old" claimed as it lost the lead, after "new" had taken the outbox over.
    const old = await repos.support.claimDue(2, 2_000, "old", 60_000);
    const kept = await repos.support.claimDue(1, 2_000, "new", 60_000);
    expect(await repos.support.claimDue(10, 2_100, "new", 60_000)).toHaveLength(2);
    expect(await seam.outbox.release("old", "own")).toBe(2);
    const taken = await repos.support.claimDue(10, 2_200, "new", 60_000);
    expect(taken.map((d) => d.id)).toEqual(expect.arrayContaining(old.map((d) => d.id)));
    expect(taken).toHaveLength(4);
    expect(await repos.support.claimDue(10, 2_300, "third", 60_000)).toEqual([]);
    expect(kept).toHaveLength(1);
  });
});

describe.each(dialects)("the support outbox's order ($dialect)", ({ open }) => {
  it("holds a ticket's later rows behind an earlier one that waits to retry, not other tickets'", async () => {
    const { repos } = await open();
    const a = await repos.support.draft(author(1), null, 1_000);
    const b = await repos.support.draft(author(2), null, 1_000);
    await repos.support.open(a.id, words(1, 1), 1_000);
    await repos.support.addUserMessage(a.id, words(1, 2), 1_000);
    await repos.support.open(b.id, words(2, 1), 1_000);
    const [first] = await repos.support.claimDue(1, 2_000, "me", 60_000);
    await repos.support.retryLater(first!.id, "Telegram 500", 10_000);
    const due = await repos.support.claimDue(10, 3_000, "me", 60_000);
    expect(due.map((d) => [d.ticketId, d.kind])).toEqual([[b.id, "opened"]]);
    const later = await repos.support.claimDue(10, 10_000, "me", 60_000);
    expect(later.map((d) => [d.ticketId, d.kind])).toEqual([
      [a.id, "opened"],
      [b.id, "opened"],
    ]);
  });
});
