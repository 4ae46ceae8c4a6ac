import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isOperationsModel, operationsChanged, routeChange } from "~/booking.server";
import { engineDataChanged, invalidateContent, publishContentInvalidation } from "~/content/content.server";
import { STAFF_ACCOUNT_MODEL } from "~/content/staff.server";
import { env } from "~/env.server";
import { verifyWebhookSignature } from "~/lib/webhook-signature.server";

const changeSchema = z.object({
  event: z.string().max(100),
  model: z.string().max(100),
  carrierCode: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => value ?? null),
  locale: z.string().max(10).nullish(),
});

const MAX_BODY_BYTES = 64 * 1024;

/** Strapi tells us content changed; the signature proves it was Strapi. This instance drops the carrier's cache and tells the others. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return Response.json({ error: "payload too large" }, { status: 413 });
  if (!verifyWebhookSignature(body, request.headers.get("x-webhook-signature"), env().CMS_WEBHOOK_SECRET)) {
    return Response.json({ error: "invalid signature" }, { status: 401 });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return Response.json({ error: "invalid JSON" }, { status: 400 });
  }
  const change = changeSchema.safeParse(payload);
  if (!change.success) return Response.json({ error: "invalid payload" }, { status: 400 });
  // Operations and catalogue data live in the engine's own copy, not in the content cache (ADR 080);
  // staff accounts are operations data the footer's staff log-in link also reads (ADR 133).
  if (isOperationsModel(change.data.model) && change.data.model !== STAFF_ACCOUNT_MODEL) {
    return Response.json({ ok: true, operations: await synced(change.data) });
  }
  const invalidated = invalidateContent(change.data);
  // Then the other instances (ADR 059); if that fails they catch up within CONTENT_TTL_SECONDS.
  const published = await publishContentInvalidation({ model: change.data.model, carrierCode: change.data.carrierCode });
  // A carrier entry's country and currency are part of its engine data too.
  const operations = routeChange(change.data) === "ignored" ? undefined : await synced(change.data);
  return Response.json({ ok: true, invalidated, published, operations });
}

/** The engine syncs its copy; when that changed it, what was built from it drops here and on the other instances (ADR 185). */
async function synced(change: { model: string; carrierCode: string | null }) {
  const operations = await operationsChanged(change);
  if (operations.outcomes.some((outcome) => outcome.result === "created" || outcome.result === "updated" || outcome.result === "withdrawn")) {
    await engineDataChanged({ model: change.model, carrierCode: change.carrierCode });
  }
  return operations;
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
