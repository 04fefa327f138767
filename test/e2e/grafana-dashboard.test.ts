import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat } from "../support/flows.ts";

const DASHBOARD = new URL("../../src/ops/grafana-dashboard.json", import.meta.url);

interface Target {
  expr?: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  __inputs: { name: string; pluginId: string }[];
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; query: { query: string } | string }[] };
}

const PROMQL_KEYWORDS = new Set([
  "and",
  "or",
  "unless",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "offset",
  "inf",
  "nan",
]);

/**
 * The metric names a PromQL expression (or a Grafana `label_values(metric, label)` query) reads:
 * every identifier that is not a function call, a keyword, a label name or a Grafana variable.
 */
function metricNames(expr: string): string[] {
  const labelValues = /^\s*label_values\(\s*([a-zA-Z_:][\w:]*)\s*,/.exec(expr);
  if (labelValues?.[1]) return [labelValues[1]];
  const bare = expr
    .replace(/\$\{?\w+\}?/g, " ") // Grafana variables ($__rate_interval, ${instance})
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, " ") // string literals
    .replace(/\{[^}]*\}/g, " ") // label matchers
    .replace(/\[[^\]]*\]/g, " ") // ranges and subqueries
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " "); // label lists
  const names: string[] = [];
  for (const match of bare.matchAll(/(?<![\w.])[a-zA-Z_:][\w:]*/g)) {
    const after = bare.slice((match.index ?? 0) + match[0].length).trimStart();
    if (after.startsWith("(") || PROMQL_KEYWORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}

/** Metric names a /metrics page offers: each # TYPE, with a histogram's or summary's series. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name = "", type] = match;
    names.add(name);
    if (type === "histogram") for (const s of ["_bucket", "_sum", "_count"]) names.add(name + s);
    if (type === "summary") for (const s of ["_sum", "_count"]) names.add(name + s);
  }
  return names;
}

function allPanels(panels: Panel[]): Panel[] {
  return panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);
}

function expressions(dashboard: Dashboard): string[] {
  const fromPanels = allPanels(dashboard.panels).flatMap((p) =>
    (p.targets ?? []).map((t) => t.expr ?? ""),
  );
  const fromVariables = dashboard.templating.list.map((v) =>
    typeof v.query === "string" ? v.query : v.query.query,
  );
  return [...fromPanels, ...fromVariables];
}

describe("reading metric names out of PromQL", () => {
  it("finds the metrics and nothing else", () => {
    expect(
      metricNames(
        'histogram_quantile(0.95, sum by (le, type) (rate(bot_update_duration_seconds_bucket{instance=~"$instance", type!="x"}[$__rate_interval])))',
      ),
    ).toEqual(["bot_update_duration_seconds_bucket"]);
    expect(
      metricNames(
        'sum(rate(a_total{status=~"5..|timeout"}[5m])) / on (instance) group_left sum(b) offset 5m > bool 0 and c',
      ),
    ).toEqual(["a_total", "b", "c"]);
    expect(metricNames("label_values(bot_updates_total, instance)")).toEqual(["bot_updates_total"]);
  });
});

describe("the Grafana dashboard", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as Dashboard;

  it("reads only metrics a running bot exports", async () => {
    const port = await freePort();
    h = await startHarness({ env: { METRICS_PORT: String(port) } });
    // Some series only appear once something happened; the names are on the page from the start.
    await createSwapViaChat(h.tg.user());
    const exported = exportedNames(await (await fetch(`${h.app.opsUrl}/metrics`)).text());
    expect(exported.has("bot_update_duration_seconds_bucket")).toBe(true);

    const used = expressions(dashboard).flatMap(metricNames);
    expect(used.length).toBeGreaterThan(20);
    const missing = [...new Set(used)].filter((name) => !exported.has(name));
    expect(missing).toEqual([]);
  });

  it("shows updates, exchange requests and budget waits, each exchange's quotes won, creates, swaps and volume, open swaps, tracker lag, outbox depth and send failures", () => {
    const used = new Set(expressions(dashboard).flatMap(metricNames));
    for (const name of [
      "bot_updates_total",
      "bot_update_duration_seconds_bucket",
      "exchange_requests_total",
      "exchange_429_total",
      "exchange_budget_wait_seconds_total",
      "exchange_quotes_won_total",
      "exchange_creates_total",
      "exchange_swaps_created",
      "exchange_swaps_completed",
      "exchange_volume_completed",
      "swaps_open",
      "tracker_lag_seconds",
      "outbox_depth",
      "telegram_send_failures_total",
    ]) {
      expect(used, name).toContain(name);
    }
  });

  it("breaks the exchange panels down by exchange, and filters them by the exchange chosen", () => {
    const exchangePanels = allPanels(dashboard.panels).filter((p) =>
      (p.targets ?? []).some((t) => /\bexchange_\w+\{/.test(t.expr ?? "")),
    );
    expect(exchangePanels.length).toBeGreaterThan(6);
    for (const panel of exchangePanels) {
      for (const target of panel.targets ?? []) {
        expect(target.expr, panel.title).toContain('exchange=~"$exchange"');
      }
    }
    expect(dashboard.templating.list.map((v) => v.name)).toContain("exchange");
  });

  it("imports as a dashboard: one Prometheus input, every query on it, panels on the grid", () => {
    expect(dashboard.title).toBe("swapbot");
    expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: "DS_PROMETHEUS", pluginId: "prometheus" }),
    ]);
    const panels = allPanels(dashboard.panels);
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    for (const panel of panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type === "row") continue;
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of [panel, ...(panel.targets ?? [])]) {
        expect(target.datasource, panel.title).toEqual({
          type: "prometheus",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's import placeholder
          uid: "${DS_PROMETHEUS}",
        });
      }
    }
  });
});
