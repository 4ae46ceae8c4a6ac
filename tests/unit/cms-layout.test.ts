import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 37 item 4: the CMS in one folder per concern (its library code, its admin pieces under
 * `<concern>/admin/`, its tests beside them), `src/lib/` only for what several concerns share, and no
 * module over 500 lines (Strapi's generated types aside), as the engine's modules (engine-module-size.test.ts).
 */
const LIMIT = 500;
const cms = path.resolve(import.meta.dirname, "../../cms");
const src = path.join(cms, "src");
/** The folders Strapi itself loads from src/ (its admin entry included); every other folder is a concern. */
const STRAPI_FOLDERS = ["admin", "api", "components", "extensions", "middlewares", "plugins", "policies"];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

const sources = [...files(src), ...files(path.join(cms, "config"))].filter((file) => /\.(ts|tsx|js)$/.test(file));
const relative = (file: string) => path.relative(cms, file).split(path.sep).join("/");

/** The concern (or Strapi API, as `api/<name>`) a file under src/ belongs to. */
function placeOf(file: string): string {
  const [top, next] = path.relative(src, file).split(path.sep);
  return top === "api" ? `api/${next}` : top;
}

/** The src/ files a module imports by a relative path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/g)].map((match) => path.resolve(path.dirname(file), match[1] ?? match[2]));
}

describe("the CMS's folders (issue 37 item 4)", () => {
  it("keeps no loose module in src/ but its entry: each is in a concern's folder or one Strapi loads", () => {
    const loose = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== "index.ts")
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
    const concerns = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !STRAPI_FOLDERS.includes(entry.name) && entry.name !== "lib");
    expect(concerns.length).toBeGreaterThanOrEqual(7);
  });

  it("keeps in src/lib/ only modules that several concerns import", () => {
    const lib = path.join(src, "lib");
    const shared = files(lib).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(shared.length).toBeGreaterThan(0);
    const importers = (module: string) =>
      new Set(
        sources
          .filter((file) => file.startsWith(src + path.sep) && !file.startsWith(lib + path.sep))
          .filter((file) => importsOf(file).some((target) => target === module.replace(/\.tsx?$/, "")))
          .map(placeOf),
      );
    const notShared = shared.map((module) => ({ module: relative(module), places: [...importers(module)] })).filter((entry) => entry.places.length < 2);
    expect(notShared).toEqual([]);
  });

  it("keeps the admin's React code in admin/ folders, which the server's compile leaves out", () => {
    const jsx = sources.filter((file) => file.endsWith(".tsx")).map(relative);
    expect(jsx.length).toBeGreaterThan(10);
    expect(jsx.filter((file) => !/^src\/([a-z-]+\/)?admin\//.test(file))).toEqual([]);
    const tsconfig = JSON.parse(readFileSync(path.join(cms, "tsconfig.json"), "utf8")) as { exclude: string[] };
    expect(tsconfig.exclude).toEqual(expect.arrayContaining(["src/admin/", "src/*/admin/"]));
  });

  it(`has no module or test in src/ or config/ over ${LIMIT} lines`, () => {
    expect(sources.length).toBeGreaterThan(100);
    const over = sources
      .map((file) => ({ file: relative(file), lines: readFileSync(file, "utf8").split("\n").length }))
      .filter((entry) => entry.lines > LIMIT)
      .map((entry) => `${entry.file}: ${entry.lines}`);
    expect(over).toEqual([]);
  });
});
