/**
 * Webhook events (issue 23 item 7, ADR 179, ADR 180): the outbox side. A change that partners may
 * hear about calls `enqueueWebhookEvent` inside its own transaction; one `webhook` row of
 * `scheduled_jobs` is written per enabled endpoint of the carrier that subscribed to the type, so
 * the delivery exists exactly when the change committed (a crash after the commit still delivers,
 * a rollback sends nothing). The body is fixed now, under an event id that stays the same for
 * every endpoint and every retry: the partner de-duplicates by it.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { WEBHOOK_EVENTS } from "@repair/rules/webhooks";
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import { catalogueRevision, keptForRevision, type Keep } from "../catalogue/revision";
import { orderStateOf, type OrderState } from "../records/history";

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The event's JSON body (ADR 179). `data` holds no more than the partner's own order read shows, and less. */
export interface WebhookEventBody {
  id: string;
  type: WebhookEventType;
  created_at: string;
  carrier: string;
  data: {
    booking_reference: string;
    order: {
      id: number;
      status: string;
      date: string;
      slot: string;
      /** The job's progress (ON_THE_WAY, STARTED, COMPLETED) once the technician has moved it. */
      job_status: string | null;
      postcode: string;
      /** The order's state from its history (ADR 247): booked, moved, cancelled, refunded, partly_refunded, completed. */
      state: OrderState;
      /** What was paid and what was given back of it so far, in minor units of `currency`. */
      paid_minor: number;
      refunded_minor: number;
      currency: string;
    };
  };
}

/** The order as an event reports it, read inside the change's transaction (after the change). */
async function orderFacts(db: DbOrTx, carrierCode: string, orderId: number): Promise<WebhookEventBody["data"] | null> {
  const [row] = await db
    .select({ order: s.orders, reference: s.bookings.reference })
    .from(s.orders)
    .innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId))
    .where(and(eq(s.orders.carrierCode, carrierCode), eq(s.orders.id, orderId)));
  if (!row) return null;
  const [job] = await db
    .select({ workStatus: s.jobs.workStatus })
    .from(s.jobs)
    .where(and(eq(s.jobs.carrierCode, carrierCode), eq(s.jobs.orderId, orderId)));
  const { order } = row;
  const { summary } = await orderStateOf(db, order);
  return {
    booking_reference: row.reference,
    order: {
      id: order.orderRef,
      status: order.status,
      date: order.date,
      slot: order.slot,
      job_status: job?.workStatus ?? null,
      postcode: order.address.postcode,
      state: summary.state,
      paid_minor: summary.paid_minor,
      refunded_minor: summary.refunded_minor,
      currency: order.currency,
    },
  };
}

/**
 * Records one event's deliveries, in the caller's transaction; the count of endpoints it goes to.
 * `key` names the event for idempotency (`<orderRef>:<calendar sequence>`, a job's state): the same
 * change recorded twice is one event.
 */
export async function enqueueWebhookEvent(
  db: DbOrTx,
  input: { carrierCode: string; type: WebhookEventType; orderId: number; key: string; now: Date },
  /**
   * Where the carrier's endpoints may be kept (ADR 227): only the carrier's sync writes them, in the
   * transaction that writes its new revision, so they are read once per revision, not per event.
   */
  keep?: Keep,
): Promise<number> {
  // A real promise (drizzle's query runs again on every then), so a kept read is the read made once.
  const read = async () =>
    await db
      .select({ id: s.webhookEndpoints.id, events: s.webhookEndpoints.events })
      .from(s.webhookEndpoints)
      .where(and(eq(s.webhookEndpoints.carrierCode, input.carrierCode), eq(s.webhookEndpoints.enabled, true), eq(s.webhookEndpoints.active, true)));
  const endpoints = keep
    ? await keptForRevision(keep.owner, keep.revision ?? (await catalogueRevision(db, input.carrierCode)), `webhook-endpoints|${input.carrierCode}`, read)
    : await read();
  const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(input.type));
  if (subscribed.length === 0) return 0;
  const data = await orderFacts(db, input.carrierCode, input.orderId);
  if (!data) return 0;
  const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
  const body: WebhookEventBody = { id: eventId, type: input.type, created_at: input.now.toISOString(), carrier: input.carrierCode, data };
  const text = JSON.stringify(body);
  await db
    .insert(s.scheduledJobs)
    .values(
      subscribed.map((endpoint) => ({
        type: "webhook" as const,
        // The change's own key, not the random event id: recording the same change twice is one row.
        dedupeKey: `webhook:${input.type}:${input.carrierCode}:${input.key}:${endpoint.id}`,
        carrierCode: input.carrierCode,
        orderRef: data.order.id,
        kind: input.type,
        runAt: input.now,
        payload: { webhook: { endpointId: endpoint.id, eventId, body: text } },
      })),
    )
    .onConflictDoNothing({ target: s.scheduledJobs.dedupeKey });
  return subscribed.length;
}
