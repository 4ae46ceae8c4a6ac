/**
 * What a first visit to a page downloads, gzipped: the scripts the HTML references (entry, the
 * matched routes' modules and their modulepreloads, as in Remix's client manifest) plus the
 * translation files the browser fetches for that page's namespaces, as the build emitted them
 * (the source file when the build has none with the same texts). A page served without hydration
 * (a matched route's `handle.hydrate === false`, ADR 206) loads only its enhancement modules and
 * the chunks they import (`<build>/enhancements.json`), and no translation file.
 *
 *   npx remix vite:build && npx tsx bench/js-weight.ts [--build build] [--routes root,routes/_index]
 *     [--lng en] [--ns common,manage]
 *   npm run bench:weight   (= --pages: every content page and booking step, by URL, with its
 *     routes and namespaces from the server build; fails when a content page is over 30 kB)
 *
 * `--ns none` counts no translation files (a build whose texts are bundled into the scripts).
 * Remix's whole-app manifest file (`manifest-<hash>.js`) counts only when the build loads it: with
 * lazy route discovery (`v3_lazyRouteDiscovery`, ADR 069) the page carries its own routes' part of
 * the manifest inline in its HTML instead, and the file is never fetched.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { pageEnhancements } from "../app/enhance/names";

export interface PageWeight {
  scripts: number;
  scriptBytes: number;
  translationBytes: number;
}

/** The enhancement modules of a page without hydration and the chunks they import, as URLs. */
function enhancementFiles(build: string, names: readonly string[]): string[] {
  const built = JSON.parse(readFileSync(path.join(build, "enhancements.json"), "utf8")) as Record<string, { url: string; imports: string[] }>;
  return [
    ...new Set(
      names.flatMap((name) => {
        const script = built[name];
        if (!script) throw new Error(`No enhancement module ${name} in ${build}/enhancements.json: build first`);
        return [script.url, ...script.imports];
      }),
    ),
  ];
}

/**
 * The gzipped bytes of the scripts a page's HTML references and of its namespaces' translation
 * files. `enhancements`: the page is served without hydration and loads these modules only.
 */
export function pageWeight(options: {
  build: string;
  routes: string[];
  lng: string;
  ns: string[];
  manifestFileLoaded: boolean;
  enhancements?: readonly string[] | null;
}): PageWeight {
  const clientDir = path.join(options.build, "client");
  const gzipped = (file: string) => gzipSync(readFileSync(file)).length;
  if (options.enhancements) {
    const files = enhancementFiles(options.build, options.enhancements);
    return { scripts: files.length, scriptBytes: files.reduce((sum, url) => sum + gzipped(path.join(clientDir, url)), 0), translationBytes: 0 };
  }
  const manifestFile = readdirSync(path.join(clientDir, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile) throw new Error(`No Remix client manifest in ${clientDir}/assets: build first`);
  const manifestSource = readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
  const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };

  const scripts = new Set<string>([...(options.manifestFileLoaded ? [`/assets/${manifestFile}`] : []), manifest.entry.module, ...manifest.entry.imports]);
  for (const id of options.routes) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest`);
    scripts.add(route.module);
    for (const file of route.imports ?? []) scripts.add(file);
  }

  const scriptBytes = [...scripts].reduce((sum, url) => sum + gzipped(path.join(clientDir, url)), 0);
  const localeFile = (ns: string) => (ns === "common" ? `app/i18n/locales/${options.lng}.json` : `app/i18n/locales/${options.lng}/${ns}.json`);
  const builtJson = readdirSync(path.join(clientDir, "assets")).filter((name) => name.endsWith(".json"));
  // The file the build emitted for it (minified, ADR 098): the asset holding the same texts.
  const emittedFile = (ns: string) => {
    const texts = JSON.stringify(JSON.parse(readFileSync(localeFile(ns), "utf8")));
    const name = builtJson.find((candidate) => readFileSync(path.join(clientDir, "assets", candidate), "utf8") === texts);
    return name ? path.join(clientDir, "assets", name) : localeFile(ns);
  };
  const translationBytes = options.ns.reduce((sum, ns) => sum + gzipped(emittedFile(ns)), 0);
  return { scripts: scripts.size, scriptBytes, translationBytes };
}

/** Whether pages of this build fetch the whole-app manifest file (not with lazy route discovery). */
export async function manifestFileLoadedBy(build: string): Promise<boolean> {
  const server = (await import(pathToFileURL(path.resolve(build, "server", "index.js")).href)) as { future?: { v3_lazyRouteDiscovery?: boolean } };
  return server.future?.v3_lazyRouteDiscovery !== true;
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The route ids a URL renders, from the server build (independent of where route files live). */
export function routeIds(build: ServerBuild, pathname: string): string[] {
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, children: children(route.id) }));
  return (matchRoutes(children(undefined), pathname) ?? []).map((match) => match.route.id!);
}

/** The translation namespaces those routes load: `common` and their `handle.i18n`. */
export function namespacesOf(build: ServerBuild, ids: string[]): string[] {
  const declared = ids.flatMap((id) => {
    const i18n = (build.routes[id]?.module.handle as { i18n?: string | string[] } | undefined)?.i18n;
    return typeof i18n === "string" ? [i18n] : (i18n ?? []);
  });
  return [...new Set(["common", ...declared])];
}

/** The weight of the page at a URL of this build, in a language: its routes, its namespaces, hydrated or not. */
export function urlWeight(build: ServerBuild, buildDir: string, pathname: string, lng: string): PageWeight & { hydrates: boolean } {
  const ids = routeIds(build, pathname);
  const enhancements = pageEnhancements(ids.map((id) => build.routes[id]?.module.handle));
  const weight = pageWeight({
    build: buildDir,
    routes: ids,
    lng,
    ns: namespacesOf(build, ids),
    manifestFileLoaded: build.future.v3_lazyRouteDiscovery !== true,
    enhancements,
  });
  return { ...weight, hydrates: enhancements === null };
}

/** The pages served without hydration (their goal: at most 30 kB of JavaScript, issue 25) and the booking steps. */
export const CONTENT_PAGES = ["/", "/faqs", "/faqs/booking", "/help", "/help/change-date", "/terms", "/privacy", "/app-terms", "/imprint"];
export const BOOKING_STEPS = [
  "/booking/postcode-search",
  "/booking/address-search",
  "/booking/device/make",
  "/booking/device/model",
  "/booking/basket",
  "/booking/repair-date",
  "/booking/details",
  "/booking/checkout",
  "/booking/payment",
];
export const CONTENT_PAGE_BUDGET = 30 * 1024;

async function printPages(buildDir: string, lng: string): Promise<boolean> {
  const build = (await import(pathToFileURL(path.resolve(buildDir, "server", "index.js")).href)) as ServerBuild;
  const pad = (text: string, width: number) => text.padStart(width);
  console.log(`${"page".padEnd(28)}${pad("hydrates", 10)}${pad("scripts", 10)}${pad("texts", 10)}${pad("total", 10)}`);
  let withinBudget = true;
  for (const pathname of [...CONTENT_PAGES, ...BOOKING_STEPS]) {
    const weight = urlWeight(build, buildDir, pathname, lng);
    const total = weight.scriptBytes + weight.translationBytes;
    const over = CONTENT_PAGES.includes(pathname) && total > CONTENT_PAGE_BUDGET;
    if (over) withinBudget = false;
    console.log(
      `${pathname.padEnd(28)}${pad(weight.hydrates ? "yes" : "no", 10)}${pad(kB(weight.scriptBytes), 10)}${pad(kB(weight.translationBytes), 10)}${pad(kB(total), 10)}${over ? "  over 30 kB" : ""}`,
    );
  }
  return withinBudget;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      build: { type: "string", default: "build" },
      routes: { type: "string", default: "root,routes/_index" },
      lng: { type: "string", default: "en" },
      ns: { type: "string", default: "common,manage" },
      pages: { type: "boolean", default: false },
    },
  });
  if (values.pages) {
    const withinBudget = await printPages(values.build!, values.lng!);
    process.exit(withinBudget ? 0 : 1);
  }
  const namespaces = values.ns === "none" ? [] : values.ns!.split(",");
  const manifestFileLoaded = await manifestFileLoadedBy(values.build!);
  const weight = pageWeight({ build: values.build!, routes: values.routes!.split(","), lng: values.lng!, ns: namespaces, manifestFileLoaded });
  console.log(`scripts (${weight.scripts} files): ${kB(weight.scriptBytes)} gzipped`);
  console.log(`translations (${values.lng}: ${namespaces.join(", ") || "bundled"}): ${kB(weight.translationBytes)} gzipped`);
  console.log(`total: ${kB(weight.scriptBytes + weight.translationBytes)} gzipped`);
}
