#!/usr/bin/env node
// `npm run api-key -- <command>`: partner API keys from the command line (ADR 171). Operations issue
// keys in the CMS first (ADR 182: Operations → API keys); keys issued here are not touched by the
// CMS sync, and a key issued in the CMS is revoked or rotated there, not here (`list` shows both).
//   issue <carrier> --name <name> --scopes bookings:write,catalogue:read [--origins https://a.example,…] [--expires 2027-01-01]
//   list <carrier>
//   revoke <carrier> <key-id>
//   rotate <carrier> <key-id> [--overlap-hours 24]
// The secret of an issued key is printed once and stored only as a hash. Runs with the app's
// environment (DATABASE_URL); on the embedded PGlite only while the app is stopped (one process per folder).
import { register } from "tsx/esm/api";

register();
const { engineFromEnvironment } = await import("../booking/index.ts");

const [command, carrier, ...rest] = process.argv.slice(2);
const option = (name) => {
  const at = rest.indexOf(`--${name}`);
  return at >= 0 ? rest[at + 1] : undefined;
};
const list = (value) =>
  value
    ? value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean)
    : [];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const usage =
  "usage: npm run api-key -- issue <carrier> --name <name> --scopes <a,b> [--origins <o1,o2>] [--expires <date>] | list <carrier> | revoke <carrier> <id> | rotate <carrier> <id> [--overlap-hours 24]";

if (!command || !carrier) {
  console.error(usage);
  process.exit(2);
}

const composed = await engineFromEnvironment(process.env, { log: quiet, schedulerLog: quiet });
const keys = composed.engine.apiKeys;
const show = (key) =>
  [
    key.id,
    key.name,
    key.scopes.join(","),
    key.allowedOrigins.join(",") || "-",
    `created ${key.createdAt}`,
    `expires ${key.expiresAt ?? "never"}`,
    key.revokedAt ? `revoked ${key.revokedAt}` : "active",
    `last used ${key.lastUsedAt ?? "never"}`,
    `issued in ${key.source === "cms" ? "the CMS" : "the CLI"}`,
  ].join("\t");
try {
  if (command === "issue") {
    const issued = await keys.issue(carrier, {
      name: option("name") ?? "",
      scopes: list(option("scopes")),
      allowedOrigins: list(option("origins")),
      expiresAt: option("expires") ?? null,
    });
    console.log(show(issued));
    console.log(`\nThe key (shown once, store it now):\n${issued.key}`);
  } else if (command === "list") {
    for (const key of await keys.list(carrier)) console.log(show(key));
  } else if (command === "revoke") {
    console.log(show(await keys.revoke(carrier, rest[0])));
  } else if (command === "rotate") {
    const hours = Number(option("overlap-hours") ?? 24);
    const { issued, previous } = await keys.rotate(carrier, rest[0], { overlapUntil: new Date(Date.now() + hours * 3_600_000) });
    console.log(`previous\t${show(previous)}\nnew\t\t${show(issued)}`);
    console.log(`\nThe new key (shown once, store it now):\n${issued.key}`);
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`[api-key] ${error?.fields ? JSON.stringify(error.fields) : error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await composed.close();
}
