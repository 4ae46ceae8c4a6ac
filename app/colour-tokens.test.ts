/**
 * Colour rules (ADR 062): colours live in one token file (app/tailwind.css) and in the carrier's
 * theme (its schema defaults and tenant/theme.ts); components use their names only. A hex colour,
 * an arbitrary colour class or a Tailwind palette colour anywhere else in app/ fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const APP = path.join(root, "app");
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs|css)$/;
const TEST = /\.test\.|\.test-support\./;
const ALLOWED = ["app/tailwind.css", "app/content/schemas.ts", "app/tenant/theme.ts"];

const HEX = /#[0-9a-fA-F]{3,8}\b/g;
const PALETTE = "red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|slate|gray|zinc|neutral|stone|white|black";
const PALETTE_CLASS = new RegExp(
  `\\b(?:text|bg|border|ring|outline|fill|stroke|divide|decoration|from|via|to|shadow|accent|caret|placeholder)-(?:${PALETTE})(?:-\\d{2,3})?\\b`,
  "g",
);
const ARBITRARY_COLOUR = /\b[a-z]+-\[(?:#[0-9a-fA-F]{3,8}\b|(?:rgb|hsl|oklch)a?\()[^\]]*\]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

/** `file:line: match` for each hit of the patterns outside the allowed files. */
function offences(patterns: RegExp[]): string[] {
  return sourceFiles(APP)
    .map((file) => path.relative(root, file).split(path.sep).join("/"))
    .filter((file) => !ALLOWED.includes(file))
    .flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) => patterns.flatMap((pattern) => [...line.matchAll(pattern)].map((match) => `${file}:${index + 1}: ${match[0]}`))),
    );
}

describe("colours come from tokens", () => {
  it("finds the files it guards", () => {
    expect(sourceFiles(APP).length).toBeGreaterThan(50);
  });

  it("writes no hex colour in app/ outside the token file and the carrier theme", () => {
    expect(offences([HEX])).toEqual([]);
  });

  it("uses no arbitrary colour class and no Tailwind palette colour (tokens instead: danger, field, line…)", () => {
    expect(offences([ARBITRARY_COLOUR, PALETTE_CLASS])).toEqual([]);
  });

  it("recognises the colours it forbids", () => {
    expect("text-[#a4161a]".match(ARBITRARY_COLOUR)).toEqual(["text-[#a4161a]"]);
    expect("bg-red-600 border-black/30 text-white".match(PALETTE_CLASS)).toEqual(["bg-red-600", "border-black", "text-white"]);
    expect('fill="#fff"'.match(HEX)).toEqual(["#fff"]);
    expect("text-danger bg-field border-line/30".match(PALETTE_CLASS)).toBeNull();
  });
});
