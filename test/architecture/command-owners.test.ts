import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * `/start` (with its deep links) and `/cancel` each have one handler, which routes to the features
 * (docs/design.md §2): several composers answering one command, each passing on what is not
 * its own, made what happened depend on the mount order in bot.ts. This fails when a second
 * `.command(…)` names one of them anywhere in src/bot/.
 */
const OWNED: Record<string, string> = {
  start: join("bot", "start", "start.ts"),
  cancel: join("bot", "cancel", "cancel.ts"),
};

const SRC = fileURLToPath(new URL("../../src", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const literals = (text: string) => [...text.matchAll(/["'`]([^"'`]*)["'`]/g)].map((m) => m[1]!);

/** The first argument of a call whose opening parenthesis is at `from`: up to its first top-level comma. */
function firstArgument(code: string, from: number): string {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) return code.slice(from + 1, i);
    } else if (c === "," && depth === 1) return code.slice(from + 1, i);
  }
  return code.slice(from + 1);
}

/**
 * The commands each `.command(…)` of a file registers: the names written in its first argument,
 * and those of a constant of the same file it names (`command([...PRIVATE_ONLY], …)`).
 */
function registeredCommands(code: string): string[] {
  const names: string[] = [];
  for (const call of code.matchAll(/\.command\s*\(/g)) {
    const argument = firstArgument(code, call.index + call[0].length - 1);
    names.push(...literals(argument));
    for (const name of argument.match(/\b[A-Za-z_$][\w$]*\b/g) ?? []) {
      const constant = new RegExp(`\\bconst\\s+${name}\\b[^=]*=\\s*([^;]*)`).exec(code);
      if (constant) names.push(...literals(constant[1]!));
    }
  }
  return names;
}

/** Each owned command's registrations, as "path (n)", where there are not exactly one, in its owner. */
function ownerProblems(files: readonly string[], read: (file: string) => string): string[] {
  const found = new Map<string, string[]>(Object.keys(OWNED).map((name) => [name, []]));
  for (const file of files) {
    for (const name of registeredCommands(read(file))) {
      found.get(name)?.push(relative(SRC, file));
    }
  }
  const problems: string[] = [];
  for (const [name, where] of found) {
    if (where.length !== 1 || where[0] !== OWNED[name]) {
      problems.push(
        `/${name} is registered in ${where.join(", ") || "no file"}: only in ${OWNED[name]}`,
      );
    }
  }
  return problems;
}

describe("one owner per command", () => {
  const files = sourceFiles(join(SRC, "bot"));
  const read = (file: string) => readFileSync(file, "utf8");

  it("/start and /cancel are each registered once, by their owner", () => {
    expect(ownerProblems(files, read)).toEqual([]);
  });

  it("is really checked: a second composer registering /start or /cancel is reported", () => {
    const support = join(SRC, "bot", "support", "support.ts");
    const flow = join(SRC, "bot", "swap-flow", "swap-flow.ts");
    const planted = (file: string) => {
      if (file === support) {
        return `${read(file)}\nmine.command("start", (ctx, next) => next());\n`;
      }
      if (file === flow) {
        return `${read(file)}\nconst EXITS = ["exchange", "cancel"] as const;\nexits.command([...EXITS], (ctx) => ctx.conversation.exitAll());\n`;
      }
      return read(file);
    };
    expect(ownerProblems(files, planted)).toEqual([
      `/start is registered in ${join("bot", "start", "start.ts")}, ${join("bot", "support", "support.ts")}: only in ${OWNED.start}`,
      `/cancel is registered in ${join("bot", "cancel", "cancel.ts")}, ${join("bot", "swap-flow", "swap-flow.ts")}: only in ${OWNED.cancel}`,
    ]);
  });

  it("reads every way a command is named", () => {
    expect(registeredCommands(`x.command("start", h)`)).toEqual(["start"]);
    expect(registeredCommands(`x.command(\n  ["help", 'cancel'],\n  h,\n)`)).toEqual([
      "help",
      "cancel",
    ]);
    expect(
      registeredCommands(`const LIST = ["start", "rate"] as const;\ng.command([...LIST], h);`),
    ).toEqual(["start", "rate"]);
    expect(registeredCommands(`x.command("rate", (ctx) => ctx.reply("start"))`)).toEqual(["rate"]);
  });
});
