import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles, specifiers } from "../support/source-imports.ts";

/**
 * No circles of imports in src/ (docs/design.md §2): a module and the modules it imports form a
 * tree, so each can be read, tested and moved without the others that use it. Type-only imports
 * and re-exports count as much as the others: a circle of types is a circle of meanings (what two
 * modules share goes to a leaf module both import). Dynamic imports count too.
 */
const SRC = fileURLToPath(new URL("../../src", import.meta.url));

/** Each module of src/ and the modules of src/ it names (relative paths from src/). */
function importGraph(
  files: readonly string[],
  read: (file: string) => string,
): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(read(file))
      .filter((spec) => spec.startsWith("."))
      .map((spec) => resolve(dirname(file), spec))
      .filter((target) => known.has(target));
    graph.set(
      relative(SRC, file),
      [...new Set(targets)].map((target) => relative(SRC, target)),
    );
  }
  return graph;
}

/** The strongly connected components of `graph` (Tarjan's): each circle's modules, together. */
function components(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      out.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return out;
}

/** The shortest way from `start` back to itself within `members`: one circle to show. */
function shortestCircle(
  graph: ReadonlyMap<string, readonly string[]>,
  start: string,
  members: ReadonlySet<string>,
): string[] {
  const cameFrom = new Map<string, string>();
  let frontier = [start];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const target of graph.get(node) ?? []) {
        if (!members.has(target)) continue;
        if (target === start) {
          const path = [node];
          while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
          return [...path, start];
        }
        if (cameFrom.has(target)) continue;
        cameFrom.set(target, node);
        next.push(target);
      }
    }
    frontier = next;
  }
  return [start];
}

/**
 * Each circle of imports among `files`: one line per set of modules that import each other
 * (directly or not), naming one circle through them and, when more modules are caught, all of them.
 */
function importCircles(files: readonly string[], read: (file: string) => string): string[] {
  const graph = importGraph(files, read);
  return components(graph)
    .filter(
      (component) =>
        component.length > 1 || (graph.get(component[0]!) ?? []).includes(component[0]!),
    )
    .map((component) => {
      const members = [...component].sort();
      const circle = shortestCircle(graph, members[0]!, new Set(members)).join(" → ");
      return members.length > circle.split(" → ").length - 1
        ? `${circle} (the circle holds ${members.length} modules: ${members.join(", ")})`
        : circle;
    })
    .sort();
}

describe("import circles", () => {
  const files = sourceFiles(SRC, [".ts", ".tsx"]);
  const read = (file: string) => readFileSync(file, "utf8");

  it("there are none in src/", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(importCircles(files, read)).toEqual([]);
  });

  it("are really found: a planted type-only import back is reported", () => {
    const planted = join(SRC, "webapp", "server", "security-headers.ts");
    const withPlant = (file: string) =>
      file === planted
        ? `import type { MadeAnswer } from "./json-answers.ts";\n${read(file)}`
        : read(file);
    const circle =
      "webapp/server/json-answers.ts → webapp/server/security-headers.ts → webapp/server/json-answers.ts";
    expect(importCircles(files, read)).not.toContain(circle);
    expect(importCircles(files, withPlant)).toContain(circle);
  });

  it("are really found: a re-export, a longer circle and a module importing itself", () => {
    const graph: Record<string, string> = {
      "a.ts": `export { b } from "./b.ts";`,
      "b.ts": `import { c } from "./sub/c.ts";`,
      "sub/c.ts": `import type { A } from "../a.ts";\nimport { d } from "./d.ts";`,
      "sub/d.ts": `export const d = 1;`,
      "e.ts": `import { e } from "./e.ts";`,
    };
    const names = Object.keys(graph).map((name) => join(SRC, name));
    expect(importCircles(names, (file) => graph[relative(SRC, file)]!)).toEqual([
      "a.ts → b.ts → sub/c.ts → a.ts",
      "e.ts → e.ts",
    ]);
  });

  it("name every module of a circle wider than the one shown", () => {
    const graph: Record<string, string> = {
      "hub.ts": `import "./one.ts";\nimport "./two.ts";`,
      "one.ts": `import "./hub.ts";`,
      "two.ts": `import "./hub.ts";`,
    };
    const names = Object.keys(graph).map((name) => join(SRC, name));
    expect(importCircles(names, (file) => graph[relative(SRC, file)]!)).toEqual([
      "hub.ts → one.ts → hub.ts (the circle holds 3 modules: hub.ts, one.ts, two.ts)",
    ]);
  });
});
