import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED, declarationsOf, declarationPath } from "../../scripts/rules-declarations.mjs";

describe("generated declarations", () => {
  const generated = declarationsOf(GENERATED);
  it.each(GENERATED)("keeps the committed types of %s as TypeScript reads them from the values", (file) => {
    expect(readFileSync(declarationPath(file), "utf8"), "run: node scripts/rules-declarations.mjs").toBe(generated[file]);
  });
});
