import { readFileSync } from "node:fs";
import { Composer, Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { LeanComposer } from "../../../src/bot/plumbing/lean-composer.ts";

const me = { id: 1, is_bot: true, first_name: "bot", username: "bot" } as UserFromGetMe;

function message(text: string, chatType: "private" | "group" = "private"): Context {
  const command = /^\/\w+/.exec(text)?.[0];
  const update: Update = {
    update_id: 1,
    message: {
      message_id: 1,
      date: 0,
      chat:
        chatType === "private"
          ? { id: 7, type: "private", first_name: "a" }
          : { id: -7, type: "group", title: "g" },
      from: { id: 7, is_bot: false, first_name: "a" },
      text,
      entities: command ? [{ type: "bot_command", offset: 0, length: command.length }] : [],
    },
  };
  // The API is never called: these composers only route.
  return new Context(update, undefined as never, me);
}

type Make = () => Composer<Context>;

/**
 * The same tree built on grammY's Composer and on LeanComposer must do the same things in the
 * same order: that is all LeanComposer promises.
 */
function tree(make: Make, log: string[]) {
  const root = make();
  root.use(async (_ctx, next) => {
    log.push("outer in");
    await next();
    log.push("outer out");
  });
  root.command("outside", () => {
    throw new Error("unbounded");
  });
  const bounded = root.errorBoundary(async ({ error }, next) => {
    log.push(`caught ${(error as Error).message}`);
    await next();
  });
  const feature = make();
  feature.command("start", (ctx) => {
    log.push(`start ${ctx.match}`);
  });
  feature.command("pass", (_ctx, next) => {
    log.push("pass");
    return next();
  });
  feature.filter(
    async (ctx) => ctx.msg?.text === "async",
    () => {
      log.push("async predicate");
    },
  );
  feature.command("boom", () => {
    throw new Error("sync boom");
  });
  feature.command("reject", async () => {
    await Promise.resolve();
    throw new Error("async boom");
  });
  feature.command("twice", async (_ctx, next) => {
    await next();
    await next();
  });
  // A composer returned by a filter takes handlers after the tree was built.
  const groups = feature.chatType("group");
  bounded.use(feature);
  groups.command("late", () => {
    log.push("late group handler");
  });
  root.use(() => {
    log.push("fell through");
  });
  return root;
}

async function trace(make: Make, ctx: Context): Promise<string[]> {
  const log: string[] = [];
  try {
    await tree(make, log).middleware()(ctx, () => {
      log.push("end");
      return Promise.resolve();
    });
  } catch (error) {
    log.push(`threw ${(error as Error).message}`);
  }
  return log;
}

describe("LeanComposer", () => {
  const cases: [string, () => Context][] = [
    ["a handled command", () => message("/start hello")],
    ["a command that passes on", () => message("/pass")],
    ["an async predicate", () => message("async")],
    ["a sync throw inside an error boundary", () => message("/boom")],
    ["a rejection inside an error boundary", () => message("/reject")],
    ["next called twice", () => message("/twice")],
    ["a handler added after the tree was built", () => message("/late", "group")],
    ["nothing matching", () => message("hello")],
    ["a throw outside any error boundary", () => message("/outside")],
  ];

  for (const [name, ctx] of cases) {
    it(`runs ${name} as grammY's Composer does`, async () => {
      const grammy = await trace(() => new Composer<Context>(), ctx());
      const lean = await trace(() => new LeanComposer<Context>(), ctx());
      expect(lean).toEqual(grammy);
      expect(lean.length).toBeGreaterThan(1);
    });
  }

  it("refuses a second next() as grammY does", async () => {
    const log = await trace(() => new LeanComposer<Context>(), message("/twice"));
    expect(log).toContain("caught `next` already called before!");
  });
});

/**
 * grammY methods LeanComposer inherits on purpose: each builds on `use`, `filter` or `branch`
 * (grammY's composer.js), which LeanComposer overrides, so they run on its chain.
 */
const INHERITED: Record<string, string> = {
  on: "filter",
  hears: "filter",
  command: "filter",
  reaction: "filter",
  chatType: "filter",
  callbackQuery: "filter",
  gameQuery: "filter",
  inlineQuery: "filter",
  chosenInlineResult: "filter",
  preCheckoutQuery: "filter",
  shippingQuery: "filter",
  drop: "filter",
  fork: "use",
  lazy: "use",
  route: "lazy, so use",
};

const methodsOf = (prototype: object) =>
  Object.getOwnPropertyNames(prototype).filter((name) => name !== "constructor");

describe("LeanComposer against the grammY it was written for", () => {
  it("handles every method of grammY's Composer: a new one is named here", () => {
    const handled = new Set([...methodsOf(LeanComposer.prototype), ...Object.keys(INHERITED)]);
    const unhandled = methodsOf(Composer.prototype).filter((name) => !handled.has(name));
    expect(
      unhandled,
      "Composer methods LeanComposer neither overrides nor inherits on purpose",
    ).toEqual([]);
  });

  it("inherits on purpose only methods grammY still has", () => {
    const grammy = new Set(methodsOf(Composer.prototype));
    expect(Object.keys(INHERITED).filter((name) => !grammy.has(name))).toEqual([]);
  });

  it("overrides the composing methods the inherited ones build on", () => {
    expect(methodsOf(LeanComposer.prototype).sort()).toEqual(
      ["branch", "errorBoundary", "filter", "middleware", "use"].sort(),
    );
  });

  it("runs on the grammY version package.json pins exactly", () => {
    const read = (path: string) =>
      JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")) as {
        version: string;
        dependencies: Record<string, string>;
      };
    const pinned = read("../../../package.json").dependencies.grammy;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read("../../../node_modules/grammy/package.json").version).toBe(pinned);
  });
});
