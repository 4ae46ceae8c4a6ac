// Writes the .d.ts of the packages/rules modules whose types come from their values (ADR 166), so
// a list such as the message kinds is written once, in the .js; packages/rules/declarations.test.ts
// fails when a committed .d.ts differs from what this prints. Run: node scripts/rules-declarations.mjs
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const rulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "packages", "rules");

/** The modules whose .d.ts is generated; the others' are written by hand. */
export const GENERATED = ["message-kinds.js", "webhooks.js"];

/**
 * The .d.ts TypeScript emits for each packages/rules/<file>, under a line saying where it comes from.
 * One program reads them all: the standard library's declarations, most of the work, are read once.
 */
export function declarationsOf(files) {
  const sources = files.map((file) => path.join(rulesDir, file));
  const options = {
    allowJs: true,
    checkJs: true,
    declaration: true,
    emitDeclarationOnly: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    types: [],
  };
  const program = ts.createProgram(sources, options);
  const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : "?"}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  if (problems.length > 0) throw new Error(problems.join("; "));
  return Object.fromEntries(
    files.map((file, i) => {
      let text = "";
      program.emit(program.getSourceFile(sources[i]), (_name, written) => (text = written));
      return [file, `// Generated from ${file} by scripts/rules-declarations.mjs; do not edit (ADR 166).\n${text}`];
    }),
  );
}

/** Where the committed .d.ts of packages/rules/<file> lives. */
export function declarationPath(file) {
  return path.join(rulesDir, file.replace(/\.js$/, ".d.ts"));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const declarations = declarationsOf(GENERATED);
  for (const file of GENERATED) {
    const text = declarations[file];
    if (readFileSync(declarationPath(file), "utf8") !== text) writeFileSync(declarationPath(file), text);
    console.log(`${path.relative(process.cwd(), declarationPath(file))} written from ${file}`);
  }
}
