import type { ServerResponse } from "node:http";
import type { Update } from "grammy/types";
import type { ApiResponse, Params } from "./fake-telegram-types.ts";
import { badRequest, defaultDescription } from "./telegram-validate.ts";

interface HeldPoll {
  wake: () => void;
  conflict: () => void;
}

interface Webhook {
  url: string;
  secretToken: string | undefined;
  allowedUpdates: string[] | undefined;
  maxConnections: number;
  lastError?: { date: number; message: string };
}

/**
 * Telegram's update queue for one bot: updates wait until the bot confirms them, reached either
 * by long polling (getUpdates) or by POSTs to a webhook, never both.
 */
export class UpdateQueue {
  /** Not yet confirmed by the bot, oldest first. */
  readonly pending: Update[] = [];
  /** Every update ever queued. */
  readonly history: Update[] = [];
  /** allowed_updates as the bot last set it; recorded, not enforced. */
  allowedUpdates: string[] | undefined;
  /** Webhook POSTs being answered right now. */
  webhookInFlight = 0;
  private readonly fetched = new Set<number>();
  private nextUpdateId = 1;
  private readonly heldPolls = new Set<HeldPoll>();
  private webhook: Webhook | undefined;
  private delivering = false;
  private readonly abort = new AbortController();
  private closed = false;

  constructor(
    private readonly hooks: {
      /** Something changed that waiters may care about; `delivery` when the bot got updates. */
      changed: (delivery: boolean) => void;
      /** Carries out a Bot API call found in a webhook answer. */
      webhookReply: (method: string, params: Params) => Promise<unknown>;
    },
  ) {}

  push(update: Omit<Update, "update_id"> & { update_id?: number }): Update {
    const updateId = update.update_id ?? this.nextUpdateId;
    this.nextUpdateId = Math.max(this.nextUpdateId, updateId + 1);
    const full = { ...update, update_id: updateId } as Update;
    this.pending.push(full);
    this.history.push(full);
    for (const poll of [...this.heldPolls]) poll.wake();
    void this.deliverToWebhook();
    return full;
  }

  wasFetched(updateId: number): boolean {
    return this.fetched.has(updateId);
  }

  unfetched(): number {
    return this.pending.filter((u) => !this.fetched.has(u.update_id)).length;
  }

  get polling(): number {
    return this.heldPolls.size;
  }

  get webhookUrl(): string | undefined {
    return this.webhook?.url;
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
    for (const poll of [...this.heldPolls]) poll.wake();
  }

  /** getUpdates: the next batch, holding the request up to `timeout` s while there is none. */
  async poll(p: Params, res: ServerResponse): Promise<ApiResponse | undefined> {
    if (this.webhook) {
      return {
        ok: false,
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      };
    }
    // Telegram lets one poller in: a new getUpdates ends the one being held with 409.
    for (const poll of [...this.heldPolls]) poll.conflict();
    if (Array.isArray(p.allowed_updates)) this.allowedUpdates = p.allowed_updates.map(String);
    const offset = Number(p.offset ?? 0);
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100) || 100));
    const timeout = Math.max(0, Number(p.timeout ?? 0) || 0);
    this.confirm(offset);
    if (this.pending.length === 0 && timeout > 0 && !this.closed) {
      const outcome = await new Promise<"wake" | "conflict" | "gone">((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const finish = (how: "wake" | "conflict" | "gone") => {
          clearTimeout(timer);
          this.heldPolls.delete(poll);
          res.off("close", gone);
          resolve(how);
        };
        // The bot aborted the request (bot.stop(), a killed process): it no longer polls.
        const gone = () => finish("gone");
        const poll: HeldPoll = { wake: () => finish("wake"), conflict: () => finish("conflict") };
        timer = setTimeout(() => finish("wake"), timeout * 1000);
        res.once("close", gone);
        this.heldPolls.add(poll);
        this.hooks.changed(false);
      });
      this.hooks.changed(false);
      if (outcome === "gone") return undefined;
      if (outcome === "conflict")
        return { ok: false, error_code: 409, description: defaultDescription(409) };
    }
    const batch = this.closed ? [] : this.pending.slice(0, limit);
    for (const update of batch) this.fetched.add(update.update_id);
    if (batch.length > 0) this.hooks.changed(true);
    return { ok: true, result: batch };
  }

  setWebhook(p: Params): true {
    const url = String(p.url ?? "");
    if (url === "") return this.deleteWebhook(p);
    try {
      new URL(url);
    } catch {
      throw badRequest("bad webhook: Failed to resolve host: Name or service not known");
    }
    const secret = p.secret_token === undefined ? undefined : String(p.secret_token);
    if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
      throw badRequest("bad webhook: Secret token contains unallowed characters");
    }
    if (isTrue(p.drop_pending_updates)) this.pending.splice(0);
    const allowed = Array.isArray(p.allowed_updates) ? p.allowed_updates.map(String) : undefined;
    if (allowed) this.allowedUpdates = allowed;
    this.webhook = {
      url,
      secretToken: secret,
      allowedUpdates: allowed,
      maxConnections: Number(p.max_connections ?? 40),
    };
    for (const poll of [...this.heldPolls]) poll.conflict();
    void this.deliverToWebhook();
    return true;
  }

  deleteWebhook(p: Params): true {
    this.webhook = undefined;
    if (isTrue(p.drop_pending_updates)) this.pending.splice(0);
    return true;
  }

  webhookInfo(): Record<string, unknown> {
    const hook = this.webhook;
    return {
      url: hook?.url ?? "",
      has_custom_certificate: false,
      pending_update_count: this.pending.length,
      ...(hook ? { max_connections: hook.maxConnections } : {}),
      ...(hook?.allowedUpdates ? { allowed_updates: hook.allowedUpdates } : {}),
      ...(hook?.lastError
        ? { last_error_date: hook.lastError.date, last_error_message: hook.lastError.message }
        : {}),
    };
  }

  /** getUpdates' offset confirms (forgets) every earlier update; a negative one keeps the last -offset. */
  private confirm(offset: number): void {
    if (offset > 0) {
      while (this.pending.length > 0 && this.pending[0]!.update_id < offset) this.pending.shift();
    } else if (offset < 0) {
      this.pending.splice(0, Math.max(0, this.pending.length + offset));
    }
  }

  /** POSTs pending updates to the webhook one at a time, in order, retrying failures with backoff. */
  private async deliverToWebhook(): Promise<void> {
    if (this.delivering) return;
    this.delivering = true;
    try {
      let backoff = 50;
      while (this.webhook && !this.closed && this.pending.length > 0) {
        const hook = this.webhook;
        const update = this.pending[0]!;
        this.fetched.add(update.update_id);
        this.webhookInFlight++;
        this.hooks.changed(true);
        let delivered = false;
        try {
          const response = await fetch(hook.url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(hook.secretToken ? { "x-telegram-bot-api-secret-token": hook.secretToken } : {}),
            },
            body: JSON.stringify(update),
            signal: this.abort.signal,
          });
          const text = await response.text();
          if (response.ok) {
            delivered = true;
            if (this.pending[0] === update) this.pending.shift();
            await this.carryOutReply(text);
          } else {
            hook.lastError = {
              date: unixNow(),
              message: `Wrong response from the webhook: ${response.status} ${response.statusText}`,
            };
          }
        } catch (error) {
          hook.lastError = {
            date: unixNow(),
            message: `Connection failed: ${(error as Error).message}`,
          };
        } finally {
          this.webhookInFlight--;
          this.hooks.changed(false);
        }
        if (delivered) {
          backoff = 50;
        } else if (!this.closed) {
          await new Promise((resolve) => setTimeout(resolve, backoff));
          backoff = Math.min(backoff * 2, 1000);
        }
      }
    } finally {
      this.delivering = false;
    }
  }

  /** A webhook answer may carry one Bot API call (grammY's webhook reply); Telegram carries it out. */
  private async carryOutReply(text: string): Promise<void> {
    let body: unknown;
    try {
      body = text.trim() ? JSON.parse(text) : undefined;
    } catch {
      return;
    }
    if (!body || typeof body !== "object" || !("method" in body)) return;
    const { method, ...params } = body as Params;
    if (typeof method === "string") await this.hooks.webhookReply(method, params);
  }
}

function isTrue(value: unknown): boolean {
  return value === true || value === "true";
}

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
