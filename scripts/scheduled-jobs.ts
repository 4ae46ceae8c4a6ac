/**
 * `npm run jobs -- [state] [--carrier <code>]` lists scheduled work (ADR 091) in a state, `dead` by
 * default: the messages an operator must look at. `npm run jobs -- retry <id>` puts a dead or
 * failed row back to pending, due now, once its cause is fixed. Runs with the app's environment
 * (DATABASE_URL); on the embedded PGlite only while the app is stopped (one process per folder).
 */
import { z } from "zod";
import { engineFromEnvironment } from "../booking/index";

const args = process.argv.slice(2);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function main(): Promise<number> {
  const composed = await engineFromEnvironment(process.env, { log: quiet, schedulerLog: quiet });
  try {
    const { engine } = composed;
    if (args[0] === "retry") {
      await engine.messages.retryScheduledJob(z.coerce.number().int().positive().parse(args[1]));
      console.log(`[jobs] ${args[1]} is pending again`);
      return 0;
    }
    const carrierAt = args.indexOf("--carrier");
    const state = args[0] && !args[0].startsWith("--") ? args[0] : "dead";
    const rows = await engine.messages.listScheduledJobs({ state: state as "dead", carrierCode: carrierAt >= 0 ? args[carrierAt + 1] : null });
    for (const r of rows) {
      console.log([r.id, r.state, r.carrierCode ?? "-", r.dedupeKey, `attempts ${r.attempts}`, r.runAt.toISOString(), r.lastError ?? ""].join("\t"));
    }
    console.log(`[jobs] ${rows.length} ${state}`);
    return 0;
  } finally {
    await composed.close();
  }
}

process.exitCode = await main().catch((error) => {
  console.error(`[jobs] ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
