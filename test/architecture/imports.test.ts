import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BOT_NOT_FEATURES } from "../support/bot-folders.ts";

/**
 * The import directions of docs/design.md (§2), checked on every `npm test` so
 * that they cannot quietly come back. Each top-level folder of src/ may import only the folders
 * listed for it (and itself); the composition root (app/, main.ts, config.ts, transport/) may
 * import anything of src/. Nothing in src/ imports test/ or tools/ (the Bot API double and the
 * try-out live there, so the build never carries them); tools/ may import src/.
 */
const ALLOWED: Record<string, readonly string[]> = {
  lib: [],
  // The adapters implement the core's port (swaps/exchange-port.ts) in its words.
  exchange: ["swaps", "lib"],
  swaps: ["lib"],
  // What the two front ends (the chat and the Mini App) share that is not the swap domain: the
  // chats' settings, the block explorers.
  frontends: ["swaps", "lib"],
  db: ["swaps", "lib"],
  tracker: ["swaps", "exchange", "lib"],
  catalog: ["swaps", "exchange", "lib"],
  quotes: ["swaps", "exchange", "lib"],
  bot: ["swaps", "frontends", "catalog", "quotes", "lib"],
  ops: ["swaps", "exchange", "lib"],
  // The Mini App: its API over the same core as the chat; never db/, never the bot.
  webapp: ["swaps", "frontends", "catalog", "quotes", "lib"],
  // The embedded exchange stands in for the outside: it shares no code with the bot.
  sandbox: [],
};
const ROOT_PARTS = new Set(["app", "main.ts", "config.ts", "transport", "types"]);

const SRC = fileURLToPath(new URL("../../src", import.meta.url));
const TEST = fileURLToPath(new URL("..", import.meta.url));
const TOOLS = fileURLToPath(new URL("../../tools", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every module specifier of static imports, re-exports and dynamic imports. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** The top-level part of src/ a path belongs to: a folder name, or a root file's name. */
function partOf(path: string): string {
  return relative(SRC, path).split(/[\\/]/)[0]!;
}

/** Feature folders of the bot (bot/<feature>/…): only bot/bot.ts mounts them. */
function featureOf(path: string): string | undefined {
  const [top, folder, file] = relative(SRC, path).split(/[\\/]/);
  return top === "bot" &&
    file !== undefined &&
    folder !== undefined &&
    !BOT_NOT_FEATURES.has(folder)
    ? folder
    : undefined;
}

function violations(files: readonly string[], read: (file: string) => string): string[] {
  const out: string[] = [];
  for (const file of files) {
    const from = partOf(file);
    for (const spec of specifiers(read(file))) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      const where = `${relative(SRC, file)} imports ${spec}`;
      if (!relative(TEST, target).startsWith("..")) {
        out.push(`${where}: nothing in src/ imports test/`);
        continue;
      }
      if (!relative(TOOLS, target).startsWith("..")) {
        out.push(`${where}: nothing in src/ imports tools/`);
        continue;
      }
      const to = partOf(target);
      if (to !== from && !ROOT_PARTS.has(from)) {
        const allowed = ALLOWED[from];
        if (!allowed) out.push(`${where}: ${from} has no import rule`);
        else if (!allowed.includes(to)) {
          out.push(`${where}: ${from}/ may import only ${allowed.join(", ") || "itself"}`);
        }
      }
      const feature = featureOf(target);
      if (feature && featureOf(file) !== feature && relative(SRC, file) !== join("bot", "bot.ts")) {
        out.push(`${where}: only bot/bot.ts imports from a feature folder (${feature}/)`);
      }
    }
  }
  return out;
}

describe("import directions", () => {
  const files = sourceFiles(SRC);
  const read = (file: string) => readFileSync(file, "utf8");

  it("hold in src/", () => {
    expect(violations(files, read)).toEqual([]);
  });

  it("are really checked: a planted wrong-way import is reported", () => {
    const planted = join(SRC, "db", "ports.ts");
    const withPlant = (file: string) =>
      file === planted
        ? `import { x } from "../bot/outbox/notifier.ts";\n${read(file)}`
        : read(file);
    expect(violations(files, withPlant)).toEqual([
      "db/ports.ts imports ../bot/outbox/notifier.ts: db/ may import only swaps, lib",
    ]);
  });

  it("are really checked: src/ importing test/ or tools/ is reported", () => {
    const planted = join(SRC, "app", "app.ts");
    const withPlant = (file: string) =>
      file === planted
        ? [
            `import { startBot } from "../../test/support/bot-harness.ts";`,
            `import { startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";`,
            read(file),
          ].join("\n")
        : read(file);
    expect(violations(files, withPlant)).toEqual([
      "app/app.ts imports ../../test/support/bot-harness.ts: nothing in src/ imports test/",
      "app/app.ts imports ../../tools/fake-telegram/fake-telegram.ts: nothing in src/ imports tools/",
    ]);
  });

  it("read every kind of import", () => {
    const code = [
      `import type { A } from "./a.ts";`,
      `import {\n  B,\n  C,\n} from "../b.ts";`,
      `export { D } from "./d.ts";`,
      `import "./side-effect.ts";`,
      `const e = await import("./e.ts");`,
    ].join("\n");
    expect(specifiers(code).sort()).toEqual(
      ["../b.ts", "./a.ts", "./d.ts", "./e.ts", "./side-effect.ts"].sort(),
    );
  });
});
