/**
 * Vitest's global set-up: the migrated PGlite template every in-memory engine database of the run
 * starts from (ADR 285), made once per set of migrations and kept in node_modules/.cache. The forks
 * Vitest starts afterwards inherit the variable.
 */
import path from "node:path";
import { ensurePgliteTemplate, TEMPLATE_ENV } from "../../booking/db/pglite-template";

export default async function setup(): Promise<void> {
  if (process.env[TEMPLATE_ENV]) return;
  process.env[TEMPLATE_ENV] = await ensurePgliteTemplate(path.resolve(__dirname, "../../node_modules/.cache/pglite-template"));
}
