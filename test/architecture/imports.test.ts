import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BOT_NOT_FEATURES } from "../support/bot-folders.ts";
import { sourceFiles, specifiers } from "../support/source-imports.ts";

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
    const planted = join(SRC, "db", "repositories.ts");
    const withPlant = (file: string) =>
      file === planted
        ? `import { x } from "../bot/outbox/notifier.ts";\n${read(file)}`
        : read(file);
    expect(violations(files, withPlant)).toEqual([
      "db/repositories.ts imports ../bot/outbox/notifier.ts: db/ may import only swaps, lib",
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

/**
 * Documents cited from the code (docs/design.md §10): a comment in src/, test/, tools/, .ci/ or a
 * root file (vitest.config.ts, ...) that sends the reader to a document
 * must name one the repository holds, by its path from the repository's root (`docs/design.md`, not
 * `design.md`) or from the citing file, and a section it names (`§4`, or `"Storage"` after a comma or
 * a colon) must be a heading of that document. `README` alone means README.md.
 */
const REPO = fileURLToPath(new URL("../..", import.meta.url));
const CITING = ["src", "test", "tools", ".ci"];
const CITATION =
  /(?<![\w./-])((?:[\w.-]+\/)*[\w.-]+\.md|README)\b(?:\s*\(?(§\d+)|[,:]?\s*"([^"\n]+)")?/g;

function citingFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : citingFiles(path);
    return /\.(ts|tsx|md|ftl)$/.test(entry.name) || dir.endsWith(".ci") ? [path] : [];
  });
}

function headings(text: string): string[] {
  return [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]!.trim());
}

function badCitations(
  files: readonly string[],
  read: (file: string) => string,
  exists: (path: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const file of files) {
    const where = relative(REPO, file);
    for (const match of read(file).matchAll(CITATION)) {
      const cited = match[1] === "README" ? "README.md" : match[1]!;
      const candidates = [resolve(REPO, cited), resolve(dirname(file), cited)];
      const found = candidates.find(
        (path) => !relative(REPO, path).startsWith("..") && exists(path),
      );
      if (!found) {
        const inDocs = resolve(REPO, "docs", cited);
        out.push(
          exists(inDocs)
            ? `${where} cites ${cited}: name it docs/${cited}`
            : `${where} cites ${cited}, which is not in the repository`,
        );
        continue;
      }
      const [section, title] = [match[2], match[3]];
      if (!section && !title) continue;
      const heads = headings(read(found));
      if (
        section &&
        !heads.some(
          (h) => h.startsWith(`${section.slice(1)}.`) || h.startsWith(`${section.slice(1)} `),
        )
      ) {
        out.push(`${where} cites ${cited} ${section}, which has no such section`);
      }
      if (title && !heads.some((h) => h.toLowerCase().includes(title.toLowerCase()))) {
        out.push(`${where} cites ${cited}, "${title}", which has no such heading`);
      }
    }
  }
  return out;
}

describe("documents cited from the code", () => {
  // This file's own examples of bad citations are not citations.
  const self = fileURLToPath(import.meta.url);
  const rootFiles = readdirSync(REPO)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(REPO, name));
  const files = [...rootFiles, ...CITING.flatMap((dir) => citingFiles(join(REPO, dir)))].filter(
    (f) => f !== self,
  );
  const read = (file: string) => readFileSync(file, "utf8");

  it("are in the repository, with the sections they name", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(badCitations(files, read, existsSync)).toEqual([]);
  });

  it("are really checked: a missing document, a bare name and a missing section are named", () => {
    const planted = join(SRC, "db", "repositories.ts");
    const withPlant = (file: string) =>
      file === planted
        ? `/** see design.md, and docs/design.md §99, README "Nowhere", notes.md */\n${read(file)}`
        : read(file);
    expect(badCitations(files, withPlant, existsSync)).toEqual([
      "src/db/repositories.ts cites design.md: name it docs/design.md",
      "src/db/repositories.ts cites docs/design.md §99, which has no such section",
      'src/db/repositories.ts cites README.md, "Nowhere", which has no such heading',
      "src/db/repositories.ts cites notes.md, which is not in the repository",
    ]);
  });
});

describe("the README", () => {
  it("stays an operator's page: at most 350 lines, the rest in docs/", () => {
    const lines = readFileSync(join(REPO, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeGreaterThan(100);
    expect(lines).toBeLessThanOrEqual(350);
  });
});
