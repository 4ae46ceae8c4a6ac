import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The committed SQL migrations (`drizzle-kit generate` → booking/db/migrations). Resolved next to this
 * module; when the engine is bundled into the web server build the module moves, so the folder under
 * the working directory is tried next, and `BOOKING_MIGRATIONS_DIR` overrides both.
 */
export function migrationsFolder(override?: string): string {
  const candidates = [override, safeModuleRelative("./migrations"), path.resolve(process.cwd(), "booking/db/migrations")].filter((c): c is string => !!c);
  for (const candidate of candidates) {
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
  }
  throw new Error(`Booking migrations not found (looked in: ${candidates.join(", ")}). Set BOOKING_MIGRATIONS_DIR.`);
}

function safeModuleRelative(relative: string): string | undefined {
  try {
    return fileURLToPath(new URL(relative, import.meta.url));
  } catch {
    return undefined;
  }
}
