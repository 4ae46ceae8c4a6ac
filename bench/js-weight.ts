/**
 * What a first visit to a page downloads, gzipped: the scripts the HTML references (entry, the
 * matched routes' modules and their modulepreloads, as in Remix's client manifest) plus the
 * translation files the browser fetches for that page's namespaces, as the build emitted them
 * (the source file when the build has none with the same texts).
 *
 *   npx remix vite:build && npx tsx bench/js-weight.ts [--build build] [--routes root,routes/_index]
 *     [--lng en] [--ns common,manage]
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

export interface PageWeight {
  scripts: number;
  scriptBytes: number;
  translationBytes: number;
}

/** The gzipped bytes of the scripts a page's HTML references and of its namespaces' translation files. */
export function pageWeight(options: { build: string; routes: string[]; lng: string; ns: string[]; manifestFileLoaded: boolean }): PageWeight {
  const clientDir = path.join(options.build, "client");
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

  const gzipped = (file: string) => gzipSync(readFileSync(file)).length;
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

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      build: { type: "string", default: "build" },
      routes: { type: "string", default: "root,routes/_index" },
      lng: { type: "string", default: "en" },
      ns: { type: "string", default: "common,manage" },
    },
  });
  const namespaces = values.ns === "none" ? [] : values.ns!.split(",");
  const manifestFileLoaded = await manifestFileLoadedBy(values.build!);
  const weight = pageWeight({ build: values.build!, routes: values.routes!.split(","), lng: values.lng!, ns: namespaces, manifestFileLoaded });
  console.log(`scripts (${weight.scripts} files): ${kB(weight.scriptBytes)} gzipped`);
  console.log(`translations (${values.lng}: ${namespaces.join(", ") || "bundled"}): ${kB(weight.translationBytes)} gzipped`);
  console.log(`total: ${kB(weight.scriptBytes + weight.translationBytes)} gzipped`);
}
