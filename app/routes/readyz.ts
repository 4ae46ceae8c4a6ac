import { databaseReachable } from "~/booking.server";
import { getCarriers } from "~/content/content.server";
import { drainState } from "~/lib/http/graceful-shutdown";

const headers = { "Cache-Control": "no-store" };

/**
 * Readiness: the carrier list can be served (fresh from the CMS, or from the last good copy), and
 * the replica is not leaving. From SIGTERM on it answers 503 while it still serves (ADR 150), so the
 * proxy's health check takes it out of rotation before it stops accepting.
 *
 * The engine's database is reported (`database`: "ok" or "unavailable") but does not make a replica
 * unready (ADR 146): every replica shares it, so an outage would take all of them out of rotation at
 * once and visitors would get the proxy's error instead of the carrier's 503 page, which only a
 * replica can render.
 */
export async function loader() {
  if (drainState().draining) return Response.json({ ready: false, draining: true }, { status: 503, headers });
  const [carriers, database] = await Promise.all([
    getCarriers().then(
      (list) => list.length,
      () => null,
    ),
    databaseReachable(),
  ]);
  const databaseState = database ? "ok" : "unavailable";
  if (carriers === null) return Response.json({ ready: false, database: databaseState }, { status: 503, headers });
  return Response.json({ ready: true, carriers, database: databaseState }, { headers });
}
