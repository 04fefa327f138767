import type { Hono } from "hono";
import QRCode from "qrcode";
import { z } from "zod";
import type { Answers } from "./answers.ts";
import type { Env, WebAppDeps } from "./deps.ts";
import { jsonMade } from "./json-answers.ts";
import { ListAnswers } from "./list-answers.ts";
import { pageSwap } from "./swap-view.ts";

const PAGE_SIZE = 20;
const swapId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
// Optional, then `?? 0`: zod's `.default()` clones its value on every parse.
const listQuery = z.object({ offset: z.coerce.number().int().min(0).max(100_000).optional() });

/**
 * The user's swaps, from the database (a viewer never costs an exchange read): GET /swaps,
 * /swaps/:id, /swaps/:id/qr. Only the user's private chat's swaps are found.
 */
export function swapRoutes(api: Hono<Env>, deps: WebAppDeps, { t, bad }: Answers): void {
  const ownSwap = (userId: number, id: string) => {
    const parsed = swapId.safeParse(id);
    return parsed.success ? deps.swapQueries.getForChat(userId, parsed.data) : undefined;
  };

  const lists = new ListAnswers();
  api.get("/swaps", async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) return c.json(bad(t(c, "webapp-error")), 400);
    const chatId = c.get("user").id;
    const offset = query.data.offset ?? 0;
    // The version first: a change after it makes the page read below newer than it, never older.
    // None kept for the chat: its list is read afresh every time.
    const version = await deps.swapQueries.listVersion(chatId);
    const known = version === undefined ? undefined : lists.get(chatId, offset, version);
    if (known !== undefined) return jsonMade(c, known);
    const page = await deps.swapQueries.listedForChat(chatId, { limit: PAGE_SIZE, offset });
    const made = {
      text: JSON.stringify({
        items: page.items.map((swap) => pageSwap(swap, deps.explorers, deps.exchanges)),
        total: page.total,
      }),
    };
    if (version !== undefined) lists.set(chatId, offset, version, made);
    return jsonMade(c, made);
  });

  api.get("/swaps/:id", async (c) => {
    const found = await ownSwap(c.get("user").id, c.req.param("id"));
    if (!found) return c.json({ error: "not-found", message: t(c, "webapp-not-found") }, 404);
    return c.json({ swap: pageSwap(found, deps.explorers, deps.exchanges) });
  });

  api.get("/swaps/:id/qr", async (c) => {
    const found = await ownSwap(c.get("user").id, c.req.param("id"));
    if (!found) return c.json({ error: "not-found", message: t(c, "webapp-not-found") }, 404);
    const view = pageSwap(found, deps.explorers, deps.exchanges);
    if (!view.depositAddress || view.final) return c.json({ svg: null });
    const svg = await QRCode.toString(view.depositAddress, {
      type: "svg",
      margin: 2,
      errorCorrectionLevel: "M",
    });
    return c.json({ svg });
  });
}
