import { getCarriers } from "~/content/content.server";
import { drainState } from "~/lib/http/graceful-shutdown";

const headers = { "Cache-Control": "no-store" };

/**
 * Readiness: the carrier list can be served (fresh from the CMS, or from the last good copy), and
 * the replica is not leaving. From SIGTERM on it answers 503 while it still serves (ADR 150), so the
 * proxy's health check takes it out of rotation before it stops accepting.
 */
export async function loader() {
  if (drainState().draining) return Response.json({ ready: false, draining: true }, { status: 503, headers });
  try {
    const carriers = await getCarriers();
    return Response.json({ ready: true, carriers: carriers.length }, { headers });
  } catch {
    return Response.json({ ready: false }, { status: 503, headers });
  }
}
