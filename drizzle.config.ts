import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations for booking/db/schema.ts; they are committed and
// applied at start by booking/db/open.ts (PGlite or Postgres alike).
export default defineConfig({
  dialect: "postgresql",
  schema: "./booking/db/schema.ts",
  out: "./booking/db/migrations",
  strict: true,
  verbose: true,
});
