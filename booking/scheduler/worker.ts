/**
 * The durable scheduler's worker (issue 10 items 8 and 9, ADR 091). Scheduled work is rows of
 * `scheduled_jobs`; a pass claims the rows due on the ENGINE's clock (ADR 034) with
 * `FOR UPDATE SKIP LOCKED` in one UPDATE, so concurrent workers, in one process or on two
 * instances sharing a Postgres, never take the same row. A claimed row is `sending` under a lease:
 * a worker that dies leaves it to be reclaimed once the lease has run out. Every later write names
 * the claim (`locked_by`, `attempts`, state `sending`), so a worker whose lease was taken over
 * cannot overwrite the new owner's outcome.
 *
 * Outcomes: sent; a transient failure is `failed` and tried again after an exponential backoff; a
 * permanent failure, or the last allowed attempt, is `dead` for an operator (docs/operations.md).
 */
import { AsyncResource } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { purgeAllExpiredHolds } from "../availability/availability";
import { purgeAbandonedDrafts } from "../bookings/retention";
import type { DbOrTx } from "../db/open";
import { report, type MessageOutcome, type MessageOutcomeEvent } from "../events/outcomes";
import * as s from "../db/schema";
import type { Clock } from "../ports/clock";
import { NotificationSendError, type Notifications } from "../ports/notifications";
import type { MessageRenderer } from "./renderer";
import { postWebhook, WebhookRefusedError, webhookRetryDelayMs, type WebhookPolicy } from "../webhooks/deliver";
import { webhookHeaders } from "../webhooks/signing";
import { recordMessageOutcome } from "../records/history";

export const PURGE_HOLDS_KEY = "purge_holds";

export interface SchedulerSettings {
  /** Tries before a transiently failing row is dead (a reclaimed lease counts as a try). */
  maxAttempts: number;
  /** How long a claim lasts before another worker may take the row over. */
  leaseMs: number;
  /** The first retry's delay; each further retry doubles it, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How often expired draft holds, and drafts past their carrier's retention (ADR 193), are purged. */
  holdPurgeMs: number;
  /** Rows one pass claims at most. */
  batchSize: number;
  /** Webhook deliveries (ADR 180): the delays between tries (the last repeats), with ±20 % jitter. */
  webhookRetryMs: number[];
  /** Tries before a webhook delivery is dead. */
  webhookMaxAttempts: number;
  /** Where a delivery may go and how long it may take: production refuses http:// and non-public addresses. */
  webhookPolicy: WebhookPolicy;
}

export const defaultSchedulerSettings: SchedulerSettings = {
  maxAttempts: 8,
  leaseMs: 5 * 60_000,
  backoffBaseMs: 60_000,
  backoffMaxMs: 60 * 60_000,
  holdPurgeMs: 5 * 60_000,
  batchSize: 20,
  webhookRetryMs: [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000],
  webhookMaxAttempts: 8,
  // Safe unless told otherwise: compose.ts relaxes it outside production.
  webhookPolicy: { httpsOnly: true, allowPrivate: false, timeoutMs: 10_000 },
};

export interface SchedulerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SchedulerDependencies {
  db: DbOrTx;
  clock: Clock;
  notifications: Notifications;
  render: MessageRenderer;
  settings?: Partial<SchedulerSettings>;
  /** Ends the waiting-list offers whose hold ran out and offers their days on (ADR 094); the count ended. */
  expireWaitingListOffers?: (now: Date) => Promise<number>;
  /** Deletes the partner API's spent rows: rate windows that can no longer count, idempotency answers past 24 hours (ADR 186). */
  purgeApiRows?: (now: Date) => Promise<{ rateWindows: number; idempotency: number }>;
  /** Names this worker's claims; default a random id per scheduler. */
  workerId?: string;
  log?: SchedulerLogger;
  /** Told each message try's outcome, once per try (ADR 152): the app's messages counter. */
  onMessage?: (event: MessageOutcomeEvent) => void;
  /** Makes one webhook POST (default `postWebhook`); the status it answered. */
  postWebhook?: typeof postWebhook;
}

export interface PassSummary {
  claimed: number;
  sent: number;
  skipped: number;
  retried: number;
  dead: number;
  holdsPurged: number;
  /** Partner API rows purged: rate windows and idempotency answers (ADR 186). */
  apiRowsPurged: number;
  /** Abandoned drafts deleted with their personal data (ADR 193). */
  draftsPurged: number;
}

/**
 * A pass limited to one carrier's messages. The development outbox's "Send the messages due now"
 * runs on the request's clock, which a test may have moved days ahead (ADR 034). Such a pass must
 * not touch other carriers' messages, purge the draft holds of customers booking now, end their
 * waiting-list offers, or re-arm the recurring purge days ahead. The worker does that work, on the
 * real clock.
 */
export interface PassScope {
  carrierCode: string;
}

export interface Scheduler {
  readonly workerId: string;
  /** One pass: claims what is due now (only the scope's messages when one is given) and runs it. Tests call it with the clock where they want it. */
  runDue(scope?: PassScope): Promise<PassSummary>;
  /** Runs a pass every `pollSeconds` (0: never) until `stop`; never keeps the process alive on its own. */
  start(pollSeconds: number): void;
  /**
   * A change just recorded messages due now (a payment's confirmation): a started worker runs a
   * pass at once instead of at its next tick, so the customer is not kept waiting. No-op unless started.
   */
  nudge(): void;
  stop(): Promise<void>;
}

/** The delay before the retry that follows try number `attempt` (1-based). */
export function backoffMs(settings: Pick<SchedulerSettings, "backoffBaseMs" | "backoffMaxMs">, attempt: number): number {
  return Math.min(settings.backoffBaseMs * 2 ** Math.max(attempt - 1, 0), settings.backoffMaxMs);
}

type JobRow = typeof s.scheduledJobs.$inferSelect;
const t = s.scheduledJobs;

export function createScheduler(deps: SchedulerDependencies): Scheduler {
  const settings = { ...defaultSchedulerSettings, ...deps.settings };
  // host:pid:random: an operator (and a fault test) can tell which process holds a claim.
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { db, clock } = deps;
  let recurringEnsured = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let kick: (() => void) | null = null;
  let again = false;

  async function ensureRecurring(now: Date) {
    if (recurringEnsured) return;
    await db.insert(t).values({ type: "purge_holds", dedupeKey: PURGE_HOLDS_KEY, runAt: now }).onConflictDoNothing({ target: t.dedupeKey });
    recurringEnsured = true;
  }

  async function claim(now: Date, scope: PassScope | undefined): Promise<JobRow[]> {
    const isDue = or(and(inArray(t.state, ["pending", "failed"]), lte(t.runAt, now)), and(eq(t.state, "sending"), lte(t.lockedUntil, now)));
    const due = db
      .select({ id: t.id })
      .from(t)
      .where(scope ? and(isDue, eq(t.type, "message"), eq(t.carrierCode, scope.carrierCode)) : isDue)
      .orderBy(asc(t.runAt), asc(t.id))
      .limit(settings.batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(t)
      .set({ state: "sending", attempts: sql`${t.attempts} + 1`, lockedBy: workerId, lockedUntil: new Date(now.getTime() + settings.leaseMs), updatedAt: now })
      .where(inArray(t.id, due))
      .returning();
  }

  /** Writes an outcome only while this claim still holds: same worker, same try (each claim counts one). */
  async function settle(row: JobRow, values: Partial<typeof t.$inferInsert>): Promise<boolean> {
    const write = (tx: DbOrTx) =>
      tx
        .update(t)
        .set({ lockedBy: null, lockedUntil: null, updatedAt: clock.now(), ...values })
        .where(and(eq(t.id, row.id), eq(t.state, "sending"), eq(t.lockedBy, workerId), eq(t.attempts, row.attempts)))
        .returning({ id: t.id });
    // An order's message sent or given up enters the order's history with the outcome (ADR 247), in one transaction.
    const outcome = row.type === "message" && row.orderRef !== null && (values.state === "sent" || values.state === "dead") ? values.state : null;
    if (!outcome) return (await write(db)).length === 1;
    return db.transaction(async (tx) => {
      const updated = await write(tx);
      if (updated.length === 1) await recordMessageOutcome(tx, row, outcome === "sent" ? "message_sent" : "message_failed", clock.now(), values.lastError ?? null);
      return updated.length === 1;
    });
  }

  const counted = (row: JobRow, outcome: MessageOutcome) =>
    report(deps.onMessage, { carrierCode: row.carrierCode, channel: row.channel ?? "email", kind: row.kind ?? "unknown", outcome });

  /** Extends this claim's lease from now; false when the claim is no longer this worker's. */
  async function renewLease(row: JobRow): Promise<boolean> {
    const renewed = await db
      .update(t)
      .set({ lockedUntil: new Date(clock.now().getTime() + settings.leaseMs), updatedAt: clock.now() })
      .where(and(eq(t.id, row.id), eq(t.state, "sending"), eq(t.lockedBy, workerId), eq(t.attempts, row.attempts)))
      .returning({ id: t.id });
    return renewed.length === 1;
  }

  async function runMessage(row: JobRow, now: Date, summary: PassSummary) {
    if (row.expiresAt && now >= row.expiresAt) {
      // Retries ran past the moment the message was for (a morning message after the day).
      if (await settle(row, { state: "skipped", lastError: row.lastError ?? "expired before it could be sent", doneAt: now })) {
        summary.skipped += 1;
        counted(row, "skipped");
      }
      return;
    }
    try {
      // A batch is claimed at once but sent one by one: the lease starts again for this send, and a
      // row another worker took over meanwhile (its lease ran out while earlier sends were slow) is left to it.
      if (!(await renewLease(row))) return;
      const rendered = await deps.render({ carrierCode: row.carrierCode!, kind: row.kind!, orderRef: row.orderRef, locale: row.locale!, payload: row.payload, now });
      const receipt =
        row.channel === "email"
          ? rendered?.email && (await deps.notifications.email.sendEmail({ ...rendered.email, messageKey: row.dedupeKey }))
          : rendered?.sms && (await deps.notifications.sms.sendSms(rendered.sms));
      if (!receipt) {
        if (await settle(row, { state: "skipped", doneAt: now })) {
          summary.skipped += 1;
          counted(row, "skipped");
        }
        return;
      }
      // Counted as the provider accepted it, whether or not this claim still holds: a message that
      // left twice (a lease taken over mid-send) shows as two, the way the mail server saw it.
      counted(row, "sent");
      if (await settle(row, { state: "sent", doneAt: clock.now(), provider: receipt.provider, providerMessageId: receipt.messageId, lastError: null })) summary.sent += 1;
    } catch (error) {
      const permanent = error instanceof NotificationSendError && error.permanent;
      const reason = describe(error);
      if (permanent || row.attempts >= settings.maxAttempts) {
        if (await settle(row, { state: "dead", lastError: reason, doneAt: clock.now() })) {
          summary.dead += 1;
          counted(row, "dead");
        }
        deps.log?.error({ job: row.dedupeKey, attempts: row.attempts, err: reason }, "scheduled message is dead");
      } else {
        if (await settle(row, { state: "failed", lastError: reason, runAt: new Date(clock.now().getTime() + backoffMs(settings, row.attempts)) })) {
          summary.retried += 1;
          counted(row, "retried");
        }
        deps.log?.warn({ job: row.dedupeKey, attempts: row.attempts, err: reason }, "scheduled message will be retried");
      }
    }
  }

  async function runPurge(row: JobRow, now: Date, summary: PassSummary) {
    try {
      summary.holdsPurged += await purgeAllExpiredHolds(db, now);
      const api = await deps.purgeApiRows?.(now);
      if (api) summary.apiRowsPurged += api.rateWindows + api.idempotency;
      summary.draftsPurged += await purgeAbandonedDrafts(db, now);
      // Recurring: back to pending for the next round, its tries reset.
      await settle(row, { state: "pending", attempts: 0, lastError: null, runAt: new Date(now.getTime() + settings.holdPurgeMs) });
    } catch (error) {
      await settle(row, { state: "failed", lastError: describe(error), runAt: new Date(now.getTime() + backoffMs(settings, 1)) });
      deps.log?.warn({ job: row.dedupeKey, err: describe(error) }, "expired holds and drafts purge failed");
    }
  }

  /** One-shot: done once the offers due are expired; a failure is tried again like a message. */
  async function runWaitingListExpiry(row: JobRow, now: Date) {
    try {
      const expired = (await deps.expireWaitingListOffers?.(now)) ?? 0;
      await settle(row, { state: "sent", doneAt: clock.now(), lastError: null });
      if (expired > 0) deps.log?.info({ job: row.dedupeKey, expired }, "waiting-list offers expired");
    } catch (error) {
      const reason = describe(error);
      if (row.attempts >= settings.maxAttempts) await settle(row, { state: "dead", lastError: reason, doneAt: clock.now() });
      else await settle(row, { state: "failed", lastError: reason, runAt: new Date(clock.now().getTime() + backoffMs(settings, row.attempts)) });
      deps.log?.warn({ job: row.dedupeKey, attempts: row.attempts, err: reason }, "waiting-list expiry failed");
    }
  }

  /**
   * One webhook delivery (ADR 180): 2xx is delivered; anything else is tried again after the
   * webhook schedule, and dead after `webhookMaxAttempts` or at once when the URL or its address is
   * refused. The row keeps the last status or error for operations.
   */
  async function runWebhook(row: JobRow, now: Date, summary: PassSummary) {
    const hook = row.payload?.webhook;
    const [endpoint] = hook
      ? await db
          .select()
          .from(s.webhookEndpoints)
          .where(and(eq(s.webhookEndpoints.carrierCode, row.carrierCode ?? ""), eq(s.webhookEndpoints.id, hook.endpointId)))
      : [];
    if (!hook || !endpoint || !endpoint.active || !endpoint.enabled) {
      if (await settle(row, { state: "skipped", lastError: "the endpoint was removed or disabled", doneAt: now })) summary.skipped += 1;
      return;
    }
    if (!(await renewLease(row))) return;
    let status: number | null = null;
    let reason: string;
    let refused = false;
    try {
      // The signature's timestamp is the real time of sending (receivers compare it with their clock), not the engine's test clock.
      const answer = await (deps.postWebhook ?? postWebhook)(endpoint.url, webhookHeaders(endpoint.secret, hook.eventId, new Date(), hook.body), hook.body, settings.webhookPolicy);
      status = answer.status;
      reason = `HTTP ${answer.status}`;
    } catch (error) {
      refused = error instanceof WebhookRefusedError;
      reason = describe(error);
    }
    await db
      .update(s.webhookEndpoints)
      .set({ lastDeliveryAt: clock.now() })
      .where(and(eq(s.webhookEndpoints.carrierCode, endpoint.carrierCode), eq(s.webhookEndpoints.id, endpoint.id)));
    const payload = { ...row.payload, webhook: { ...hook, lastStatus: status } };
    if (status !== null && status >= 200 && status < 300) {
      if (await settle(row, { state: "sent", doneAt: clock.now(), provider: "webhook", providerMessageId: String(status), lastError: null, payload })) summary.sent += 1;
      return;
    }
    if (refused || row.attempts >= settings.webhookMaxAttempts) {
      if (await settle(row, { state: "dead", lastError: reason, doneAt: clock.now(), payload })) summary.dead += 1;
      deps.log?.error({ job: row.dedupeKey, endpoint: endpoint.id, attempts: row.attempts, err: reason }, "webhook delivery is dead");
      return;
    }
    const runAt = new Date(clock.now().getTime() + webhookRetryDelayMs(settings.webhookRetryMs, row.attempts));
    if (await settle(row, { state: "failed", lastError: reason, runAt, payload })) summary.retried += 1;
    deps.log?.warn({ job: row.dedupeKey, endpoint: endpoint.id, attempts: row.attempts, err: reason }, "webhook delivery will be retried");
  }

  async function runDue(scope?: PassScope): Promise<PassSummary> {
    const now = clock.now();
    if (!scope) await ensureRecurring(now);
    const summary: PassSummary = { claimed: 0, sent: 0, skipped: 0, retried: 0, dead: 0, holdsPurged: 0, apiRowsPurged: 0, draftsPurged: 0 };
    // UPDATE … RETURNING answers in no set order: run them as they were due (a confirmation before
    // the morning message recorded after it, an order's webhook events in the order they happened).
    const rows = (await claim(now, scope)).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
    summary.claimed = rows.length;
    for (const row of rows) {
      if (row.type === "purge_holds") await runPurge(row, now, summary);
      else if (row.type === "waiting_list_expire") await runWaitingListExpiry(row, now);
      else if (row.type === "webhook") await runWebhook(row, now, summary);
      else await runMessage(row, now, summary);
    }
    return summary;
  }

  return {
    workerId,
    runDue,
    start(pollSeconds) {
      if (timer || pollSeconds <= 0) return;
      const tick = () => {
        // One pass at a time per process; a nudge during a pass runs another right after it.
        if (running) {
          again = true;
          return;
        }
        again = false;
        running = runDue()
          .then((summary) => {
            // A pass that only re-armed the hold purge, with nothing to purge, is not worth a line.
            const outcomes = summary.sent + summary.skipped + summary.retried + summary.dead + summary.holdsPurged + summary.apiRowsPurged + summary.draftsPurged;
            if (outcomes > 0) deps.log?.info({ ...summary }, "scheduler pass");
          })
          .catch((error) => deps.log?.error({ err: describe(error) }, "scheduler pass failed"))
          .finally(() => {
            running = null;
            if (again && timer) setImmediate(tick);
          });
      };
      // Bound here: a nudge from inside a request runs the pass in the worker's context, not the
      // request's (its log fields, a test clock's shift, a preview scope).
      kick = AsyncResource.bind(tick);
      timer = setInterval(kick, pollSeconds * 1000);
      timer.unref();
    },
    nudge() {
      if (kick) setImmediate(kick);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      kick = null;
      await running;
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof NotificationSendError) return `${error.kind} ${error.provider}${error.code ? ` ${error.code}` : ""}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
