#!/usr/bin/env node
// `npm run ops:reconcile [carrier-code]`: makes the running app reconcile the engine's copy of
// operations data with the CMS now, instead of waiting for OPERATIONS_RECONCILE_SECONDS
// (docs/operations.md). It sends the app the signed CMS webhook an operations change would send:
// without a carrier code every carrier with a newer revision (and the catalogue) is synced.
// APP_URL (default http://127.0.0.1:$PORT or :3000); CMS_WEBHOOK_SECRET (default: npm start's
// development secret in $DATA_DIR/dev-secrets.json).
import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./lib/proc.mjs";

const appUrl = process.env.APP_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const devSecrets = path.resolve(root, process.env.DATA_DIR ?? "data", "dev-secrets.json");
const secret = process.env.CMS_WEBHOOK_SECRET ?? (existsSync(devSecrets) ? JSON.parse(readFileSync(devSecrets, "utf8")).CMS_WEBHOOK_SECRET : undefined);
if (!secret) {
  console.error("CMS_WEBHOOK_SECRET is not set (and no development secrets were found)");
  process.exit(2);
}
const carrierCode = process.argv[2] ?? null;
if (carrierCode !== null && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(carrierCode)) {
  console.error(`'${carrierCode}' is not a carrier code`);
  process.exit(2);
}
const body = JSON.stringify({ event: "operations.reconcile", model: "api::ops-reconcile", carrierCode, locale: null });
const response = await fetch(new URL("/api/cms-webhook", appUrl), {
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Webhook-Signature": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}` },
  body,
}).catch((error) => {
  console.error(`the app at ${appUrl} did not answer: ${error.cause?.message ?? error.message}`);
  process.exit(1);
});
const answer = await response.json().catch(() => null);
if (!response.ok || !answer?.operations) {
  console.error(`${appUrl} answered ${response.status}: ${JSON.stringify(answer)}`);
  process.exit(1);
}
for (const outcome of answer.operations.outcomes) console.log(`${outcome.subject.padEnd(24)} ${outcome.result}${outcome.reason ? `  (${outcome.reason})` : ""}`);
