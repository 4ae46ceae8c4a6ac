import { getCarriers } from "~/content/content.server";

/** Readiness: the carrier list can be served (fresh from the CMS, or from the last good copy). */
export async function loader() {
  try {
    const carriers = await getCarriers();
    return Response.json({ ready: true, carriers: carriers.length }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ ready: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
