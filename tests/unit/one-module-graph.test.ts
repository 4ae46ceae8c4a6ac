/**
 * One module graph for the edge (issue 37 item 1, ADR 283): server.ts loads the server build and
 * takes what it needs from the build's `edge` object, so it imports nothing from app/ or booking/
 * (types aside), and no module keeps state on `globalThis` to bridge two copies of itself. The one
 * holder left is app/lib/process.server.ts, for what must outlive Vite's development reloads.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;

/** The uses of `globalThis` that are allowed, by file, and why. */
const ALLOWED: Record<string, string> = {
  "app/journeys/checkout/scanner/decoders.ts": "the browser's BarcodeDetector, where it has one",
  "app/lib/observability/zod-browser.ts": "zod's jitless switch, which zod reads from globalThis",
  "app/lib/process.server.ts": "the one holder of what outlives Vite's development reloads",
};
/** Web platform globals named through `globalThis` (beside Express's Request and Response, or a fetch default): not state. */
const PLATFORM = new Set(["fetch", "Request", "Response"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const parse = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, name.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

function visit(node: ts.Node, found: (node: ts.Node) => void) {
  found(node);
  node.forEachChild((child) => visit(child, found));
}

/** The lines where code (not a comment) names `globalThis` or Node's `global` other than for a platform global. */
export function globalUses(name: string, text: string): string[] {
  const file = parse(name, text);
  const uses: string[] = [];
  visit(file, (node) => {
    if (!ts.isIdentifier(node) || (node.text !== "globalThis" && node.text !== "global")) return;
    const parent = node.parent;
    // `global` as a property, a declared name or `declare global { … }` (types of the browser's window) is not the global object.
    if (
      node.text === "global" &&
      ((ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        ts.isBindingElement(parent) ||
        ts.isModuleDeclaration(parent))
    )
      return;
    const member =
      ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name.text : ts.isQualifiedName(parent) && parent.left === node ? parent.right.text : null;
    if (member && PLATFORM.has(member)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    uses.push(`${name}:${line + 1}: ${text.split("\n")[line]!.trim()}`);
  });
  return uses;
}

/** Imports of app/ or booking/ that are not type-only (static, re-exported or dynamic). */
export function runtimeImportsOfTheApp(name: string, text: string): string[] {
  const file = parse(name, text);
  const ofTheApp = (specifier: string) => /^\.\/(app|booking)\//.test(specifier) || specifier.startsWith("~/");
  const found: string[] = [];
  visit(file, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && ofTheApp(node.moduleSpecifier.text)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && ofTheApp(node.moduleSpecifier.text) && !node.isTypeOnly)
      found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument) && ofTheApp(argument.text)) found.push(argument.text);
    }
  });
  return found;
}

describe("one module graph for the edge", () => {
  const files = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "booking")), path.join(root, "server.ts")];

  it("keeps no state on globalThis outside the allowed uses", () => {
    const uses = files.flatMap((file) => globalUses(path.relative(root, file), readFileSync(file, "utf8")));
    expect(uses.filter((use) => !Object.keys(ALLOWED).some((allowed) => use.startsWith(`${allowed}:`)))).toEqual([]);
    // An allowed file that no longer needs its entry drops it.
    for (const allowed of Object.keys(ALLOWED))
      expect(
        uses.some((use) => use.startsWith(`${allowed}:`)),
        allowed,
      ).toBe(true);
  });

  it("lets server.ts import nothing from app/ or booking/ but types: it takes the edge from the server build", () => {
    const server = readFileSync(path.join(root, "server.ts"), "utf8");
    expect(runtimeImportsOfTheApp("server.ts", server)).toEqual([]);
    expect(server).toContain("entry.module");
    expect(readFileSync(path.join(root, "app", "entry.server.tsx"), "utf8")).toMatch(/export \{ edge \} from/);
  });

  it("would catch a holder or an import of the app (the checks themselves)", () => {
    const holder = [
      "const a: typeof globalThis.fetch = globalThis.fetch;",
      "let r: globalThis.Response;",
      "const held = globalThis as { __engine?: unknown };",
      "(global as any).cache = 1;",
      "const options = { global: true }; // globalThis in a comment",
      "declare global { interface Window { x: number } }",
    ].join("\n");
    expect(globalUses("x.ts", holder)).toEqual(["x.ts:3: const held = globalThis as { __engine?: unknown };", "x.ts:4: (global as any).cache = 1;"]);
    const imports = [
      'import type { Edge } from "./app/edge.server";',
      'import { type ServerBuild } from "@remix-run/node";',
      'import { env } from "./app/env.server";',
      'import { type A, b } from "./booking/http/index";',
      'export { c } from "./app/c";',
      'const d = await import("./app/d");',
    ].join("\n");
    expect(runtimeImportsOfTheApp("server.ts", imports)).toEqual(["./app/env.server", "./booking/http/index", "./app/c", "./app/d"]);
  });
});
