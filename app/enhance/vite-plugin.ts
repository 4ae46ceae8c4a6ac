import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { ENHANCEMENTS } from "./names";

/**
 * Builds the enhancement modules (ADR 206) as entries of the browser build, minified like every
 * script, and hands their hashed URLs to the server build: the browser build writes them to
 * `<build>/enhancements.json` (each file and the shared chunks it imports), the server build
 * (which runs after it) reads that file into `app/enhance/urls.ts`. On the dev server the URLs are the sources, which Vite serves compiled.
 */
export function enhancementScripts({ appDirectory, buildDirectory, ssrBuild }: { appDirectory: string; buildDirectory: string; ssrBuild: boolean }): Plugin {
  const urlsModule = path.join(appDirectory, "enhance", "urls.ts");
  const source = (name: string) => path.join(appDirectory, "enhance", `${name}.ts`);
  const urlsFile = path.join(buildDirectory, "enhancements.json");
  let command: "build" | "serve" = "build";
  let base = "/";
  let root = process.cwd();
  const exportScripts = (scripts: Record<string, { url: string; imports: string[] }>) => `export const ENHANCEMENT_SCRIPTS = ${JSON.stringify(scripts)};`;
  return {
    name: "enhancement-scripts",
    configResolved(config) {
      command = config.command;
      base = config.base;
      root = config.root;
    },
    buildStart() {
      if (command !== "build" || ssrBuild) return;
      for (const name of ENHANCEMENTS) this.emitFile({ type: "chunk", id: source(name), name: `enhance-${name}` });
    },
    writeBundle(_options, bundle) {
      if (ssrBuild) return;
      const scripts: Record<string, { url: string; imports: string[] }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.facadeModuleId) continue;
        const name = ENHANCEMENTS.find((candidate) => path.resolve(chunk.facadeModuleId!) === source(candidate));
        if (name) scripts[name] = { url: `${base}${chunk.fileName}`, imports: chunk.imports.map((file) => `${base}${file}`) };
      }
      writeFileSync(urlsFile, `${JSON.stringify(scripts, null, 2)}\n`);
    },
    load(id) {
      if (path.resolve(id.split("?")[0]!) !== urlsModule) return null;
      if (command === "serve")
        return exportScripts(Object.fromEntries(ENHANCEMENTS.map((name) => [name, { url: `/${path.relative(root, source(name)).split(path.sep).join("/")}`, imports: [] }])));
      if (!ssrBuild) return null;
      return exportScripts(JSON.parse(readFileSync(urlsFile, "utf8")) as Record<string, { url: string; imports: string[] }>);
    },
  };
}
