/**
 * Messages an event sends (ADR 093): a row per channel in `scheduled_jobs`, written in the same
 * transaction as the change it reports (the payment, the cancellation, the contact message), so a
 * message is never lost to a crash after the change nor sent for a change that rolled back. The
 * scheduler's worker sends it on its next pass (the app nudges it, ADR 091), with retries and the
 * dead-letter state like the evening and morning messages.
 */
import type { DbOrTx } from "../db/open";
import * as s from "../db/schema";
import type { CustomerMessageKind } from "../notifications/template-kinds";
import { MESSAGE_CHANNELS, type MessageChannel } from "./messages";

export interface MessageJob {
  carrierCode: string;
  kind: CustomerMessageKind;
  /** The customer's language: an order's, a contact message's, a waiting-list entry's. */
  locale: string;
  /** The order the message is about; its record fills the values the payload leaves out. */
  orderRef?: number | null;
  /**
   * Names the event: the same event enqueued twice is one message per channel (a retried request,
   * a payment finished by the browser and the webhook at once). E.g. `100001:2` for an order's
   * second calendar version, a contact message's id.
   */
  eventKey: string;
  /** Default both; a channel without an address to send to ends `skipped`. */
  channels?: readonly MessageChannel[];
  runAt: Date;
  /** Not worth sending after this (a waiting-list offer once its hold is over). */
  expiresAt?: Date | null;
  payload?: s.MessageJobPayload;
}

export function eventDedupeKey(kind: CustomerMessageKind, eventKey: string, channel: MessageChannel): string {
  return `${kind}:${eventKey}:${channel}`;
}

/** Records the message's rows; an event already recorded keeps its rows (idempotent). */
export async function enqueueMessage(db: DbOrTx, job: MessageJob): Promise<void> {
  const channels = job.channels ?? MESSAGE_CHANNELS;
  if (channels.length === 0) return;
  await db
    .insert(s.scheduledJobs)
    .values(
      channels.map((channel) => ({
        type: "message" as const,
        dedupeKey: eventDedupeKey(job.kind, job.eventKey, channel),
        carrierCode: job.carrierCode,
        orderRef: job.orderRef ?? null,
        kind: job.kind,
        channel,
        locale: job.locale,
        runAt: job.runAt,
        expiresAt: job.expiresAt ?? null,
        payload: job.payload ?? null,
      })),
    )
    .onConflictDoNothing({ target: s.scheduledJobs.dedupeKey });
}
