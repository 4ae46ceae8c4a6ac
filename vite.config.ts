import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import path from "node:path";
import { appRoutes } from "./app/journeys/routes";
import { enhancementScripts } from "./app/enhance/vite-plugin";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

function minifyTranslationFiles(): Plugin {
  return {
    name: "minify-translation-files",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== "asset" || !/^assets\/[\w-]+-[\w-]+\.json$/.test(file.fileName)) continue;
          file.source = JSON.stringify(JSON.parse(Buffer.from(file.source).toString("utf8")));
        }
      },
    },
  };
}

const buildDirectory = process.env.BUILD_DIR ?? "build";

export default defineConfig(({ isSsrBuild }) => ({
  // Terser rather than Vite's default esbuild for the browser's scripts: about 3 % fewer gzipped
  // bytes on every page, and a second compress pass 0.3 kB more (ADR 098); the server build is not
  // minified.
  build: isSsrBuild ? undefined : { minify: "terser", terserOptions: { compress: { passes: 2 } } },
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  server: { port: 3000 },
  plugins: [
    tailwindcss(),
    remix({
      // A separate build folder lets parallel test runs (TEST_INSTANCE) build without clobbering each other.
      buildDirectory,
      // One folder per journey (ADR 070): app/routes and app/journeys/*/routes, read as one flat-routes tree.
      ignoredRouteFiles: ["**/*"],
      routes: async (defineRoutes) => appRoutes(defineRoutes, path.resolve(__dirname, "app")),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    // The small scripts of the pages served without hydration (ADR 206).
    enhancementScripts({ appDirectory: path.resolve(__dirname, "app"), buildDirectory: path.resolve(__dirname, buildDirectory), ssrBuild: Boolean(isSsrBuild) }),
    // The translation files the browser fetches, without the sources' indentation (ADR 098); before
    // the compression below, which then compresses the minified text.
    isSsrBuild ? null : minifyTranslationFiles(),
    // Browser assets also as .br and .gz, compressed once here and served as they are (ADR 074).
    isSsrBuild ? null : compression({ algorithms: ["gzip", "brotliCompress"], exclude: [/\.map$/] }),
  ],
}));
