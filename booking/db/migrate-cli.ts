/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
import { openDatabase } from "./open";

const opened = await openDatabase(process.env);
console.log(`booking database migrated (${opened.kind}: ${opened.location})`);
await opened.close();
