/**
 * Demo logos look the same whatever fonts a visitor has (issue 21): an SVG logo that draws a name
 * as <text> gives every text a measured box (textLength with lengthAdjust="spacingAndGlyphs"), so a
 * wider fallback font is fitted into the box instead of running past the edge of the picture
 * ("PatchPoin"); and each box lies inside the viewBox without overlapping the next text.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();

/** Every logo SVG under tenants/ and public/ (a file whose name says logo). */
function logoFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : logoFiles(file);
    return /logo[^/]*\.svg$/i.test(entry.name) ? [file] : [];
  });
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe("demo logos", () => {
  const files = [...logoFiles(path.join(root, "tenants")), ...logoFiles(path.join(root, "public"))];

  it("are found (every demo carrier has one)", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of files) {
    const name = path.relative(root, file);
    it(`${name}: every text has a measured box inside the viewBox`, () => {
      const svg = readFileSync(file, "utf8");
      const viewBox = (attr(/<svg[^>]*>/.exec(svg)![0], "viewBox") ?? "").split(/\s+/).map(Number);
      expect(viewBox, `${name} has a viewBox`).toHaveLength(4);
      const [minX, , width] = viewBox as [number, number, number, number];
      const texts = [...svg.matchAll(/<text\b[^>]*>/g)].map((match) => match[0]);
      let lastEnd = -Infinity;
      for (const tag of texts) {
        const textLength = Number(attr(tag, "textLength"));
        expect(textLength, `${name}: ${tag} needs textLength`).toBeGreaterThan(0);
        expect(attr(tag, "lengthAdjust"), `${name}: ${tag} fits its glyphs to the box`).toBe("spacingAndGlyphs");
        expect(attr(tag, "text-anchor") ?? "start", `${name}: boxes are measured from the start`).toBe("start");
        const x = Number(attr(tag, "x"));
        expect(x, `${name}: ${tag} starts inside the picture`).toBeGreaterThanOrEqual(minX);
        expect(x + textLength, `${name}: ${tag} ends inside the picture`).toBeLessThanOrEqual(minX + width);
        if (x > lastEnd - 30) expect(x, `${name}: ${tag} does not overlap the text before it`).toBeGreaterThanOrEqual(lastEnd);
        lastEnd = x + textLength;
      }
    });
  }
});
