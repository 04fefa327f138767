import type { Awaitable } from "../../lib/awaitable.ts";
import type { BotContext } from "../context.ts";
import { LeanComposer } from "../plumbing/lean-composer.ts";
import { ageText } from "../shared/age-text.ts";

/** One exchange's figures: what it won, refused and failed since start; its swaps all time. */
interface ExchangeStats {
  label: string;
  quotesWon: number;
  refused: number;
  failed: number;
  created: number;
  completed: number;
  /** Completed swaps' exact amounts sent, per coin. */
  volume: readonly { coin: string; amount: string }[];
  /** Its requests and failures of the last hour. */
  errors: { total: number; failed: number };
}

interface StatsSnapshot {
  swapsByStatus: {
    today: Record<string, number>;
    week: Record<string, number>;
    all: Record<string, number>;
  };
  volumeByPair: Array<{ pair: string; swaps: number; amountIn: string }>;
  activeUsers: { today: number; week: number };
  exchangeErrors: { total: number; failed: number };
  /** A line per exchange, the configured ones in the operator's order. */
  exchanges: readonly ExchangeStats[];
  /** The support desk's open tickets (absent without a desk). */
  support?: { open: number; oldestOpenedAt: number | null };
}

export interface StatsDeps {
  adminChatIds: readonly number[];
  stats(): Awaitable<StatsSnapshot>;
}

/** `/stats`: the operator's figures, for the admin chats only (others are told it is not theirs). */
export function createStatsFeature(deps: StatsDeps) {
  const feature = new LeanComposer<BotContext>();

  feature.command("stats", async (ctx) => {
    const id = ctx.chat?.id;
    if (id === undefined || !deps.adminChatIds.includes(id)) {
      return ctx.reply(ctx.t("stats-not-allowed"));
    }
    const s = await deps.stats();
    const counts = (byStatus: Record<string, number>) => {
      const entries = Object.entries(byStatus).sort((a, b) => b[1] - a[1]);
      return entries.length ? entries.map(([status, n]) => `${status} ${n}`).join(", ") : "—";
    };
    const pairs = s.volumeByPair.length
      ? s.volumeByPair
          .map((p) => ctx.t("stats-pair", { pair: p.pair, swaps: p.swaps, amount: p.amountIn }))
          .join("\n")
      : "—";
    const rate = errorRate(s.exchangeErrors);
    const exchanges = s.exchanges.map((e) =>
      ctx.t("stats-exchange", {
        exchange: e.label,
        won: e.quotesWon,
        created: e.created,
        refused: e.refused,
        failed: e.failed,
        completed: e.completed,
        volume: e.volume.length ? e.volume.map((v) => `${v.amount} ${v.coin}`).join(", ") : "—",
        errorRate: errorRate(e.errors),
        requests: e.errors.total,
      }),
    );
    const support = s.support
      ? `\n${ctx.t("stats-support", {
          open: s.support.open,
          age:
            s.support.oldestOpenedAt === null
              ? "—"
              : ageText(ctx.t, Date.now() - s.support.oldestOpenedAt),
        })}`
      : "";
    await ctx.reply(
      ctx.t("stats", {
        today: counts(s.swapsByStatus.today),
        week: counts(s.swapsByStatus.week),
        all: counts(s.swapsByStatus.all),
        pairs,
        usersToday: s.activeUsers.today,
        usersWeek: s.activeUsers.week,
        errorRate: rate,
        requests: s.exchangeErrors.total,
      }) +
        `\n\n${[ctx.t("stats-exchanges"), ...exchanges].join("\n")}` +
        support,
    );
  });

  return feature;
}

/** Failed requests as a share of all, or a dash without any. */
function errorRate({ total, failed }: { total: number; failed: number }): string {
  return total ? `${((100 * failed) / total).toFixed(1)}%` : "—";
}
