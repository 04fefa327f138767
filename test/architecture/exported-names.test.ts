import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-imports.ts";

/**
 * One name, one meaning (docs/design.md §2): no two modules of src/ (the Mini App's page and the
 * sandbox included) declare an export of the same name, so a name in a stack trace, an import or
 * a review means one thing. A re-export (`export { X } from "./x"`) is the same declaration under
 * another path and is not counted here.
 *
 * Parallel modules of one interface, one per dialect or per database, declare the same names on
 * purpose: a caller picks one module, never two. Each family is named here with its reason.
 */
const SRC = fileURLToPath(new URL("../../src", import.meta.url));

/** Families of modules (paths from src/) that may share export names, with the reason. */
const PARALLEL_FAMILIES: readonly { readonly modules: readonly string[]; readonly why: string }[] =
  [
    {
      modules: ["db/schema.ts", "db/pg/schema.ts"],
      why: "the drizzle schema once per database (SQLite, PostgreSQL): the same tables, one per driver",
    },
    {
      modules: [
        "exchange/dialects/spec.ts",
        "exchange/dialects/exolix.ts",
        "exchange/dialects/changenow.ts",
        "exchange/dialects/letsexchange.ts",
      ],
      why: "the exchange adapter once per dialect: the same parts of one DialectAdapter, one per wire",
    },
    {
      modules: [
        "sandbox/endpoints.ts",
        "sandbox/changenow-endpoints.ts",
        "sandbox/letsexchange-endpoints.ts",
        "sandbox/spec-bodies.ts",
        "sandbox/exolix-bodies.ts",
        "sandbox/changenow-bodies.ts",
        "sandbox/letsexchange-bodies.ts",
      ],
      why:
        "the sandbox's routes once per dialect: each route's handler (*endpoints.ts) and answer " +
        "(*-bodies.ts) are named for the route and read through a namespace (`spec.detail`, " +
        "`changenow.detail`), never imported by bare name beside another dialect's",
    },
  ];

/** The names `code` declares as exports (not re-exports from another module). */
function exportedDeclarations(code: string, fileName = "module.ts"): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, kind);
  const names: string[] = [];
  const exported = (node: ts.Node): boolean =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node): boolean =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  const bindingNames = (name: ts.BindingName): string[] =>
    ts.isIdentifier(name)
      ? [name.text]
      : name.elements.flatMap((element) =>
          ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
        );
  const imported = new Set<string>();
  for (const statement of source.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (clause?.name) imported.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) imported.add(element.name.text);
    } else if (bindings) imported.add(bindings.name.text);
  }
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        names.push(...bindingNames(declaration.name));
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)) &&
      exported(statement) &&
      !isDefault(statement) &&
      statement.name !== undefined &&
      ts.isIdentifier(statement.name)
    ) {
      names.push(statement.name.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier === undefined &&
      statement.exportClause !== undefined &&
      ts.isNamedExports(statement.exportClause)
    ) {
      // `export { a, b as c }` of local declarations; an imported name passed on is a re-export.
      for (const element of statement.exportClause.elements) {
        const local = (element.propertyName ?? element.name).text;
        if (!imported.has(local)) names.push(element.name.text);
      }
    }
  }
  return [...new Set(names)];
}

/** Each exported name declared by more than one module, with those modules (sorted). */
function duplicateExports(
  modules: ReadonlyMap<string, string>,
  families: readonly { readonly modules: readonly string[] }[] = PARALLEL_FAMILIES,
): Map<string, string[]> {
  const declaredIn = new Map<string, string[]>();
  for (const [path, code] of modules) {
    for (const name of exportedDeclarations(code, path)) {
      declaredIn.set(name, [...(declaredIn.get(name) ?? []), path]);
    }
  }
  const withinOneFamily = (paths: readonly string[]): boolean =>
    families.some((family) => paths.every((path) => family.modules.includes(path)));
  const duplicates = new Map<string, string[]>();
  for (const [name, paths] of [...declaredIn].sort(([a], [b]) => a.localeCompare(b))) {
    if (paths.length > 1 && !withinOneFamily(paths)) duplicates.set(name, paths.sort());
  }
  return duplicates;
}

function srcModules(): Map<string, string> {
  const files = sourceFiles(SRC, [".ts", ".tsx"]).filter((file) => !file.endsWith(".d.ts"));
  return new Map(files.map((file) => [relative(SRC, file), readFileSync(file, "utf8")]));
}

describe("exported names", () => {
  it("no two modules of src/ export a declaration of the same name (parallel families aside)", () => {
    const found = [...duplicateExports(srcModules())].map(
      ([name, paths]) => `${name}: ${paths.join(", ")}`,
    );
    expect(found).toEqual([]);
  });

  it("each parallel family names modules that exist, two of which share a name", () => {
    const modules = srcModules();
    for (const family of PARALLEL_FAMILIES) {
      for (const path of family.modules) expect(modules.has(path), path).toBe(true);
      const names = family.modules.flatMap((path) =>
        exportedDeclarations(modules.get(path) ?? "", path),
      );
      expect(new Set(names).size, family.modules.join(", ")).toBeLessThan(names.length);
    }
  });

  it("reads every kind of exported declaration, and not re-exports", () => {
    const code = [
      "export const a = 1, { b, c: [d] } = x;",
      "export function e() {}",
      "export class F {}",
      "export interface G {}",
      "export type H = string;",
      "export enum I { X }",
      "export let j = 2;",
      "const k = 3; const l = 4;",
      "export { k, l as m };",
      'export { n } from "./n.ts";',
      'export * from "./o.ts";',
      "export default function p() {}",
      "const q = 5;",
      'import { r } from "./r.ts";',
      "export { r };",
    ].join("\n");
    expect(exportedDeclarations(code).sort()).toEqual(
      ["F", "G", "H", "I", "a", "b", "d", "e", "j", "k", "m"].sort(),
    );
  });

  it("catches a planted duplicate, and lets a parallel family share names", () => {
    const modules = new Map([
      ["swaps/swap.ts", "export interface SwapOrder { id: string }"],
      ["bot/confirm.ts", "export type SwapOrder = { amount: string };"],
      ["db/schema.ts", "export const swaps = table();"],
      ["db/pg/schema.ts", "export const swaps = pgTable();"],
      ["bot/other.ts", 'export { SwapOrder } from "../swaps/swap.ts";'],
    ]);
    expect([...duplicateExports(modules)]).toEqual([
      ["SwapOrder", ["bot/confirm.ts", "swaps/swap.ts"]],
    ]);
  });
});
