/**
 * Webhook deliveries for operations (ADR 181): `npm run webhooks -- list [--carrier <code>]
 * [--endpoint <id>] [--state dead]` shows deliveries newest first (state, tries, last HTTP status or
 * error, next try); `npm run webhooks -- redeliver <id> [--carrier <code>]` sends a dead (or failed)
 * delivery again now, with the same event id and body. Runs with the app's environment
 * (DATABASE_URL); on the embedded PGlite only while the app is stopped (one process per folder).
 */
import { z } from "zod";
import { engineFromEnvironment } from "../booking/index";

const args = process.argv.slice(2);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const option = (name: string) => (args.indexOf(name) >= 0 ? (args[args.indexOf(name) + 1] ?? null) : null);
const states = z.enum(["pending", "sending", "sent", "failed", "dead", "skipped"]);

async function main(): Promise<number> {
  const command = args[0] ?? "list";
  if (command !== "list" && command !== "redeliver") {
    console.error("usage: npm run webhooks -- list [--carrier <code>] [--endpoint <id>] [--state dead] | redeliver <id> [--carrier <code>]");
    return 2;
  }
  const composed = await engineFromEnvironment(process.env, { log: quiet, schedulerLog: quiet });
  try {
    const { engine } = composed;
    if (command === "redeliver") {
      // The app's worker sends it at its next pass (SCHEDULER_POLL_SECONDS).
      await engine.webhooks.redeliver({ id: args[1], carrierCode: option("--carrier") });
      console.log(`[webhooks] delivery ${args[1]} is pending again`);
      return 0;
    }
    const state = option("--state");
    const rows = await engine.webhooks.listDeliveries({ carrierCode: option("--carrier"), endpointId: option("--endpoint"), state: state ? states.parse(state) : null });
    for (const r of rows) {
      const last = r.lastStatus !== null ? `HTTP ${r.lastStatus}` : (r.lastError ?? "-");
      console.log([r.id, r.state, r.carrierCode, r.endpointId, r.type, r.eventId, `attempts ${r.attempts}`, last, r.nextTryAt ? `next ${r.nextTryAt}` : ""].join("\t"));
    }
    console.log(`[webhooks] ${rows.length} deliveries`);
    return 0;
  } finally {
    await composed.close();
  }
}

process.exitCode = await main().catch((error) => {
  console.error(`[webhooks] ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
