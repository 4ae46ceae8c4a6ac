/**
 * `npm run sync`: migrates the booking database and fills the engine's copy of operations data from
 * the CMS engine feed (ADR 080): the catalogue, then every carrier with a newer revision. Run before
 * the app starts (npm start, npm test, the Docker image) with the app's environment: DATABASE_URL or
 * BOOKING_DATA_DIR, CMS_URL, CMS_READ_TOKEN. Waits up to OPERATIONS_SYNC_WAIT_SECONDS (default 120)
 * for the feed to answer, since the CMS may still be starting. A CMS that stays away does not stop the
 * start: the app keeps its last copy and reconciles on its own (OPERATIONS_RECONCILE_SECONDS).
 */
import { z } from "zod";
import { engineFromEnvironment, type SyncOutcome } from "../booking/index";

const waitSeconds = z.coerce
  .number()
  .int()
  .min(0)
  .max(3600)
  .default(120)
  .parse(process.env.OPERATIONS_SYNC_WAIT_SECONDS || undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info: () => undefined, warn: () => undefined, error: (fields: object, message: string) => console.error(`[engine] ${message}`, fields) };

async function main(): Promise<number> {
  const composed = await engineFromEnvironment(process.env, { log: quiet });
  try {
    const { database, operations } = composed;
    if (!operations) {
      console.log(`[engine] ${database.kind} at ${database.location}: migrated; CMS_URL is not set, so no operations sync`);
      return 0;
    }
    const deadline = Date.now() + waitSeconds * 1000;
    let outcomes: SyncOutcome[] = await operations.reconcile();
    while (outcomes.some((o) => o.result === "unavailable") && Date.now() < deadline) {
      await sleep(1000);
      outcomes = await operations.reconcile();
    }
    const changed = outcomes.filter((o) => o.result === "created" || o.result === "updated");
    const problems = outcomes.filter((o) => ["invalid", "unavailable", "unknown", "failed"].includes(o.result));
    console.log(
      `[engine] ${database.kind} at ${database.location} from ${operations.source}: ` +
        `${changed.length ? changed.map((o) => `${o.subject} ${o.result}`).join(", ") : "all up to date"}`,
    );
    for (const problem of problems)
      console.warn(`[engine] ${problem.subject}: ${problem.result}${problem.reason ? ` (${problem.reason.slice(0, 500)})` : ""}; the last good copy stays`);
    return 0;
  } finally {
    await composed.close();
  }
}

process.exitCode = await main();
