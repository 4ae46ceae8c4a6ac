// `node scripts/test.mjs --changed [base]` (issue 38 item 3, ADR 260): the files a change touches, and
// the end-to-end specs of the journeys they belong to, from the committed map tests/e2e/journeys.json.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * @typedef {{ journeys: Record<string, { covers: string[], specs: string[] }>, shared: string[] }} JourneyMap
 */

/** @param {string} root @returns {JourneyMap} */
export function readJourneyMap(root) {
  return JSON.parse(readFileSync(path.join(root, "tests", "e2e", "journeys.json"), "utf8"));
}

/** A path of the map names a folder when it ends with "/", otherwise one file. */
const under = (file, entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry);

/**
 * The journeys and e2e specs the changed files touch. A changed spec runs itself, and a changed
 * helper of tests/support the specs that import it (directly or through another helper); a file in
 * a journey's `covers` runs that journey's specs; a file of `shared` names no single journey and is
 * listed, as are files the map does not know under app/, booking/, cms/src/ and packages/.
 * @param {JourneyMap} map
 * @param {string[]} files repository-relative paths
 * @param {Record<string, string[]>} [imports] a spec's or helper's path → the tests/support files it imports (`supportImports`)
 * @returns {{ journeys: string[], specs: string[], shared: string[], unmapped: string[] }}
 */
export function specsForChanges(map, files, imports = {}) {
  const journeys = new Set();
  const specs = new Set();
  const shared = [];
  const unmapped = [];
  for (const file of files) {
    if (/^tests\/e2e\/.*\.spec\.ts$/.test(file)) {
      specs.add(file);
      continue;
    }
    if (file.startsWith("tests/support/")) {
      const importers = Object.keys(imports).filter((spec) => spec.startsWith("tests/e2e/") && reaches(imports, spec, file));
      for (const spec of importers) specs.add(spec);
      if (importers.length) continue;
    }
    const owners = Object.entries(map.journeys).filter(([, journey]) => journey.covers.some((entry) => under(file, entry)));
    for (const [name, journey] of owners) {
      journeys.add(name);
      for (const spec of journey.specs) specs.add(spec);
    }
    if (owners.length) continue;
    if (map.shared.some((entry) => under(file, entry))) shared.push(file);
    else if (/^(app|booking|cms\/src|packages)\//.test(file) && !/\.test\.tsx?$/.test(file)) unmapped.push(file);
  }
  return { journeys: [...journeys].sort(), specs: [...specs].sort(), shared, unmapped };
}

/** Whether `from` imports `target`, directly or through the helpers it imports. */
function reaches(imports, from, target, seen = new Set()) {
  if (seen.has(from)) return false;
  seen.add(from);
  return (imports[from] ?? []).some((next) => next === target || reaches(imports, next, target, seen));
}

/**
 * The tests/support files each e2e spec and each helper imports (relative imports only), for
 * `specsForChanges`: read from the sources, so it cannot go stale.
 * @param {string} root
 * @returns {Record<string, string[]>}
 */
export function supportImports(root) {
  /** @type {Record<string, string[]>} */
  const imports = {};
  const folders = ["tests/e2e", "tests/support"];
  for (const folder of folders)
    for (const name of readdirSync(path.join(root, folder))) {
      if (!/\.ts$/.test(name)) continue;
      const file = `${folder}/${name}`;
      const source = readFileSync(path.join(root, file), "utf8");
      imports[file] = [...source.matchAll(/from "(\.{1,2}\/[^"]+)"/g)]
        .map((match) => path.posix.normalize(path.posix.join(folder, match[1])))
        .filter((target) => target.startsWith("tests/support/"))
        .map((target) => (target.endsWith(".ts") ? target : `${target}.ts`));
    }
  return imports;
}

/**
 * The files changed since `base` (its merge base with HEAD), uncommitted and untracked ones
 * included, as Vitest's `--changed` sees them. Deleted files are left out.
 * @param {string} root
 * @param {string} base
 * @returns {string[]}
 */
export function changedFiles(root, base) {
  const git = (...args) =>
    execFileSync("git", args, { cwd: root, encoding: "utf8" })
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
  const files = new Set([
    ...git("diff", "--name-only", "--diff-filter=d", `${base}...HEAD`),
    ...git("diff", "--name-only", "--diff-filter=d", "HEAD"),
    ...git("ls-files", "--others", "--exclude-standard"),
  ]);
  return [...files].sort();
}

/** The branch to compare with when none is given: main when it exists, otherwise the last commit. */
export function defaultBase(root) {
  try {
    execFileSync("git", ["rev-parse", "--verify", "--quiet", "main"], { cwd: root, stdio: "ignore" });
    return "main";
  } catch {
    return "HEAD";
  }
}

/**
 * The test files of a Vitest project that import a changed file (`vitest list --changed`), as
 * `vitest run` takes them.
 * @param {string} output what `vitest list --project <p> … --changed <base> --filesOnly` printed
 * @param {string | string[]} projects the project (or the suite's projects) whose files to take
 */
export function listedFiles(output, projects) {
  const prefixes = [projects].flat().map((project) => `[${project}] `);
  return output
    .split("\n")
    .map((line) => line.trim())
    .flatMap((line) => {
      const prefix = prefixes.find((p) => line.startsWith(p));
      return prefix ? [line.slice(prefix.length)] : [];
    });
}
