import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getEngine } from "~/booking.server";
import { env } from "~/env.server";
import { verifyWebhookSignature } from "~/lib/webhook-signature.server";

const query = z.strictObject({
  carrier: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(100),
});

/**
 * The engine's side of one carrier's partner API keys for the CMS's API key panel (ADR 184): when
 * each was created, expires, was revoked and last used (never a secret or its hash). Signed like the
 * CMS webhook: HMAC of "<path>?<query>" with CMS_WEBHOOK_SECRET; the CMS asks only for a carrier the
 * operator operates. Keys are by carrier code, so a carrier without keys answers an empty list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!verifyWebhookSignature(`${url.pathname}${url.search}`, request.headers.get("x-webhook-signature"), env().CMS_WEBHOOK_SECRET)) {
    return Response.json({ error: "invalid signature" }, { status: 401 });
  }
  const parsed = query.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return Response.json({ error: "carrier (a carrier code) is required, and nothing else" }, { status: 400 });
  const keys = await (await getEngine()).apiKeys.list(parsed.data.carrier);
  return Response.json(
    { keys: keys.map(({ id, source, createdAt, expiresAt, revokedAt, lastUsedAt }) => ({ id, source, createdAt, expiresAt, revokedAt, lastUsedAt })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
