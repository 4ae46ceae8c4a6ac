/**
 * A migrated, empty PGlite database kept as a dump of its data folder (ADR 285), so a test's in-memory
 * database starts from it instead of from nothing. Starting PGlite from nothing runs initdb inside
 * WebAssembly (about 3 s of CPU on this machine) and the migrations add 1–2 s; loading the dump of a
 * database that already has them takes about 0.7 s. It is Postgres's `CREATE DATABASE … TEMPLATE`
 * for the embedded engine: the same schema, reached by the same migrations, made once.
 *
 * The dump's name carries a hash of the migration files and of PGlite's version, so a new migration or
 * a new PGlite makes a new dump; the migrations still run after a load (nothing pending, a few ms), so a
 * dump older than the folder could only cost time, never a missing table.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { migrationsFolder } from "./migrate";

/** The process-wide setting a test runner sets once: the dump every in-memory database starts from. */
export const TEMPLATE_ENV = "PGLITE_MEMORY_TEMPLATE";

/** The dump file for `folder`'s migrations, made (and kept in `cacheDir`) when it is not there yet. */
export async function ensurePgliteTemplate(cacheDir: string, folder = migrationsFolder()): Promise<string> {
  const file = templateFile(cacheDir, folder);
  if (existsSync(file)) return file;
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    const dump = await client.dumpDataDir("none");
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: two runs making it at once each leave a whole file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/** Each template read once per process: a Blob is immutable, and every open of a test run loads the same one. */
const loaded = new Map<string, Blob>();

/** The template to load for a new in-memory database, when one is set and its file is there. */
export function pgliteTemplate(env: Record<string, string | undefined> = process.env): Blob | undefined {
  const file = env[TEMPLATE_ENV];
  if (!file) return undefined;
  const known = loaded.get(file);
  if (known) return known;
  if (!existsSync(file)) return undefined;
  const template = new Blob([readFileSync(file)]);
  loaded.set(file, template);
  return template;
}

/** Where the dump of `folder`'s migrations is kept: its name changes with the migrations and PGlite's version. */
export function templateFile(cacheDir: string, folder = migrationsFolder()): string {
  return path.join(cacheDir, `pglite-template-${templateHash(folder)}.tar`);
}

function templateHash(folder: string): string {
  const hash = createHash("sha256");
  hash.update(pgliteVersion());
  for (const name of listFiles(folder)) {
    hash.update(name);
    hash.update(readFileSync(path.join(folder, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

function listFiles(folder: string, prefix = ""): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      return entry.isDirectory() ? listFiles(folder, relative) : [relative];
    })
    .sort();
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve("@electric-sql/pglite"));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (name === "@electric-sql/pglite") return version ?? "unknown";
    }
    dir = path.dirname(dir);
  }
  return "unknown";
}
