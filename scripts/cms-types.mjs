// Writes Strapi's generated types of the CMS (cms/types/generated/contentTypes.d.ts and components.d.ts,
// committed; issue 37 item 4) as `strapi ts:generate-types` does: compile, register, generate. The compile
// is TypeScript's transpile of the files cms/tsconfig.json names, without the type check (`strapi build`
// does that), into a temporary folder, so cms/dist is left alone and it takes seconds.
// tests/unit/cms-generated-types.test.ts fails when the committed files differ from what this writes.
//   node scripts/cms-types.mjs [root]   writes <root>/generated/*.d.ts (default cms/types)
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const cms = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "cms");
const cmsRequire = createRequire(path.join(cms, "package.json"));
const ts = cmsRequire("typescript");
const { createStrapi } = cmsRequire("@strapi/core");
const { generators } = cmsRequire("@strapi/typescript-utils");

/** The CMS compiled into `dist` as Strapi's compile lays it out (config/, src/ with its schema files). */
function transpile(dist) {
  const configFile = path.join(cms, "tsconfig.json");
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, cms);
  for (const file of parsed.fileNames) {
    if (file.endsWith(".d.ts")) continue;
    const target = path.join(dist, path.relative(cms, file));
    mkdirSync(path.dirname(target), { recursive: true });
    if (file.endsWith(".json")) copyFileSync(file, target);
    else writeFileSync(target.replace(/\.ts$/, ".js"), ts.transpileModule(readFileSync(file, "utf8"), { compilerOptions: parsed.options, fileName: file }).outputText);
  }
}

const root = path.resolve(process.argv[2] ?? path.join(cms, "types"));
const dist = mkdtempSync(path.join(tmpdir(), "cms-types-"));
try {
  // The compiled config and modules require the CMS's packages.
  symlinkSync(path.join(cms, "node_modules"), path.join(dist, "node_modules"));
  transpile(dist);
  const strapi = await createStrapi({ appDir: cms, distDir: dist }).register();
  try {
    await generators.generate({
      strapi,
      pwd: path.dirname(root),
      rootDir: path.basename(root),
      logger: { silent: true },
      artifacts: { contentTypes: true, components: true },
    });
  } finally {
    await strapi.destroy();
  }
} finally {
  rmSync(dist, { recursive: true, force: true });
}
process.stdout.write(`wrote ${path.relative(process.cwd(), path.join(root, "generated"))}/contentTypes.d.ts and components.d.ts\n`);
