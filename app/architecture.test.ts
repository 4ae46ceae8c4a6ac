/**
 * The engine's import boundary (ADR 041): `booking/index.ts` is the engine's whole public surface,
 * with `booking/http/index.ts` its HTTP face (the partner API, ADR 170), so nothing in app/ (test
 * files included) imports a deeper booking/ path; the web app enters it through its doors,
 * app/booking.server.ts (house style 2) and, for the partner API the edge mounts from the server build
 * (ADR 283), app/lib/api/partner-api.server.ts; and the engine never imports the web app.
 * One folder per journey (ADR 070): a journey imports its own folder and the shared pieces only, and
 * no shared code reaches into a journey. Import specifiers are read with TypeScript's own
 * pre-processor (static, re-export and dynamic imports alike).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const APP = path.join(root, "app");
const BOOKING = path.join(root, "booking");
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Where a specifier points on disk (without extension); null for packages. `~/` is the app (vite and tsconfig alias). */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".") || specifier.startsWith("/")) return path.resolve(path.dirname(file), specifier);
  return null;
}

function imports(file: string): { specifier: string; resolved: string | null }[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map(({ fileName }) => ({ specifier: fileName, resolved: target(file, fileName) }));
}

const inside = (dir: string, resolved: string) => resolved === dir || resolved.startsWith(dir + path.sep);
const withoutExtension = (resolved: string) => resolved.replace(SOURCE, "");
const PUBLIC_ENTRY = [BOOKING, path.join(BOOKING, "index"), path.join(BOOKING, "http", "index")];

describe("the engine's import boundary", () => {
  const appFiles = sourceFiles(APP);
  const bookingFiles = sourceFiles(BOOKING);

  it("finds the files it guards", () => {
    expect(appFiles.length).toBeGreaterThan(50);
    expect(bookingFiles.length).toBeGreaterThan(50);
  });

  it("lets app/ reach the engine only through booking/index", () => {
    const deeper = appFiles.flatMap((file) =>
      imports(file)
        .filter(({ resolved }) => resolved && inside(BOOKING, resolved) && !PUBLIC_ENTRY.includes(withoutExtension(resolved)))
        .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(deeper).toEqual([]);
  });

  it("enters the engine through the door (app/booking.server.ts), the partner API's and the environment schema only", () => {
    const doors = [path.join(APP, "booking.server.ts"), path.join(APP, "lib", "api", "partner-api.server.ts"), path.join(APP, "env.server.ts")];
    const elsewhere = appFiles
      .filter((file) => !doors.includes(file))
      .flatMap((file) =>
        imports(file)
          .filter(({ resolved }) => resolved && inside(BOOKING, resolved))
          .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
      );
    expect(elsewhere).toEqual([]);
  });

  it("keeps the engine free of the web app", () => {
    const upward = bookingFiles.flatMap((file) =>
      imports(file)
        .filter(({ resolved }) => resolved && inside(APP, resolved))
        .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(upward).toEqual([]);
  });

  it("asks the engine's capabilities, never compares a provider's name (ADR 040)", () => {
    const PROVIDERS = "braintree|klarna|loqate|recaptcha|sandbox|embedded";
    const comparison = new RegExp(`[!=]==?\\s*["'\`](${PROVIDERS})["'\`]|["'\`](${PROVIDERS})["'\`]\\s*[!=]==?|case\\s+["'\`](${PROVIDERS})["'\`]`, "i");
    const compared = appFiles.filter((file) => comparison.test(readFileSync(file, "utf8"))).map((file) => path.relative(root, file));
    expect(compared).toEqual([]);
  });

  it("maps an engine error's code through the §8 table only, never compares it by hand (house style 3, ADR 044)", () => {
    const byHand = /\.code\s*[!=]==?\s*["'`][A-Z][A-Z0-9_]+["'`]|["'`][A-Z][A-Z0-9_]+["'`]\s*[!=]==?\s*[\w.]*\.code\b/;
    const ERRORS = path.join(APP, "lib", "errors");
    const compared = appFiles
      .filter((file) => !inside(ERRORS, file) && !/\.test\.tsx?$/.test(file) && byHand.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(compared).toEqual([]);
    expect(byHand.test('if (error instanceof DomainError && error.code === "JOB_FORBIDDEN")')).toBe(true);
  });

  it("would catch a deeper import (the check itself)", () => {
    const file = path.join(APP, "routes", "example.tsx");
    expect(withoutExtension(target(file, "../../booking/domain/errors")!)).toBe(path.join(BOOKING, "domain", "errors"));
    expect(PUBLIC_ENTRY).toContain(withoutExtension(target(file, "../../booking/index.ts")!));
    expect(target(file, "zod")).toBeNull();
  });
});

const JOURNEYS = path.join(APP, "journeys");
/**
 * What a journey may use besides its own folder: the app-wide components (the UI kit in
 * components/ui, the frame and the pieces two journeys share), the shared helpers, the app-wide
 * folders (enhance: the small modules of pages without hydration, ADR 206) and doors, and the type of the /booking frame's loader (the parent route of location,
 * device and checkout).
 */
const SHARED = ["components", "lib", "i18n", "tenant", "content", "enhance", "booking.server", "env.server", "tailwind.css", "routes/booking"].map((name) => path.join(APP, name));

/** The journey folder a path lies in, or null outside app/journeys/<journey>/. */
function journeyOf(resolved: string): string | null {
  if (!inside(JOURNEYS, resolved)) return null;
  const [name, ...rest] = path.relative(JOURNEYS, resolved).split(path.sep);
  return rest.length > 0 ? name : null;
}

describe("one folder per journey", () => {
  const appFiles = sourceFiles(APP);
  const journeyFiles = appFiles.filter((file) => journeyOf(file));

  it("finds the journeys", () => {
    const journeys = new Set(journeyFiles.map((file) => journeyOf(file)));
    expect([...journeys].sort()).toEqual(["checkout", "contact", "content-pages", "device", "location", "manage", "store", "tracking"]);
  });

  it("lets a journey import its own folder, the UI kit, app/lib and the app-wide folders only", () => {
    const outside = journeyFiles.flatMap((file) =>
      imports(file)
        .filter(({ resolved }) => resolved && inside(APP, resolved))
        .filter(({ resolved }) => journeyOf(resolved!) !== journeyOf(file))
        .filter(({ resolved }) => !SHARED.some((shared) => inside(shared, withoutExtension(resolved!))))
        .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it("keeps shared code out of the journeys", () => {
    const inward = appFiles
      .filter((file) => !journeyOf(file))
      .flatMap((file) =>
        imports(file)
          .filter(({ resolved }) => resolved && journeyOf(resolved))
          .map(({ specifier }) => `${path.relative(root, file)} imports ${specifier}`),
      );
    expect(inward).toEqual([]);
  });

  it("would catch a journey reaching into another (the check itself)", () => {
    const file = path.join(JOURNEYS, "tracking", "routes", "example.tsx");
    const resolved = target(file, "~/journeys/manage/order-view")!;
    expect(journeyOf(resolved)).toBe("manage");
    expect(journeyOf(file)).toBe("tracking");
    expect(SHARED.some((shared) => inside(shared, resolved))).toBe(false);
    expect(SHARED.some((shared) => inside(shared, target(file, "~/components/ui/modal")!))).toBe(true);
  });
});

const UI = path.join(APP, "components", "ui");
/** The kit (ADR 164): primitives only. An app piece (a banner, a journey's block, a hook bound to a route) lives with its journey or in app/components. */
const PRIMITIVES = ["button", "field-error", "modal", "search-field", "submit-button", "text-field", "toast"];
/**
 * The look of the kit's primary and secondary buttons, written only by the kit: the primary fill,
 * or the primary outline in the same class string as a button's padding (a chosen tile's
 * `border-primary` is a selection, not a button).
 */
const BUTTON_LOOK = /\b(bg-primary|text-on-primary)\b|\bborder-primary\b[^"`]*\bpx-\d|\bpx-\d[^"`]*\bborder-primary\b/;

/** The opening tags of `<button>`, `<Link>` and `<a>` elements in a source text (a `>` inside braces does not end a tag). */
export function openingTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<(button|Link|a)\b/g)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < source.length; end++) {
      const char = source[end];
      if (char === "{") depth++;
      else if (char === "}") depth--;
      else if (char === ">" && depth === 0) break;
    }
    tags.push(source.slice(match.index, end + 1));
  }
  return tags;
}

describe("the UI kit", () => {
  it("holds primitives only", () => {
    const modules = new Set(readdirSync(UI).map((name) => name.replace(/(\.test)?\.tsx?$/, "")));
    expect([...modules].sort()).toEqual(PRIMITIVES);
  });

  it("styles every button and button link: no page writes the primary or secondary look by hand", () => {
    const handWritten = sourceFiles(APP)
      .filter((file) => !inside(UI, file) && file.endsWith(".tsx"))
      .flatMap((file) =>
        openingTags(readFileSync(file, "utf8"))
          .filter((tag) => BUTTON_LOOK.test(tag))
          .map((tag) => `${path.relative(root, file)}: ${tag.split("\n")[0]}`),
      );
    expect(handWritten).toEqual([]);
  });

  it("would catch a hand-written primary button (the check itself)", () => {
    const source = [
      `<div className="bg-primary"><button type="submit" onClick={() => a > b} className="rounded bg-primary px-4">Go</button>`,
      `<Link to="/x" className="rounded border border-primary px-5 py-3">x</Link><Link to="/y" className={\`\${tile} \${on ? "border-primary" : ""}\`}>y</Link></div>`,
    ].join("");
    const caught = openingTags(source).filter((tag) => BUTTON_LOOK.test(tag));
    expect(caught).toEqual([
      `<button type="submit" onClick={() => a > b} className="rounded bg-primary px-4">`,
      `<Link to="/x" className="rounded border border-primary px-5 py-3">`,
    ]);
  });
});
