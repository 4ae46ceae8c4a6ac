/** `engine.messages` (scheduler/, notifications/ and the file outbox): customer messages and the durable scheduler (issue 10, ADR 090, ADR 091). */
import { z } from "zod";
import { parseInput } from "../domain/validate";
import { read, write, type CarrierArg } from "../door";
import * as jobs from "./jobs";
import * as scheduled from "../records/messages";
import type { PassScope } from "./worker";

const outboxInput = z.object({
  carrierCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .nullish(),
  limit: z.number().int().min(1).max(500).optional(),
});

export const messagesDoor = {
  /**
   * The file outbox, newest first, optionally one carrier's (the development outbox page); null
   * where the page is off (production without OUTBOX_PAGE=1).
   */
  listOutbox: read(({ outbox }) => async (input: z.input<typeof outboxInput> = {}) => {
    if (!outbox) return null;
    const { carrierCode, limit } = parseInput(outboxInput, input);
    return outbox.list({ carrierCode, limit });
  }),
  /** Schedules an order's 18:00 and 08:00 messages in the carrier's time zone (idempotent). */
  scheduleOrderMessages: write(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg, input: Parameters<typeof scheduled.scheduleOrderMessages>[3]) =>
        scheduled.scheduleOrderMessages(ctx.db, carrierOf(carrier), ctx.clock.now(), input),
  ),
  /** An order's message rows, every generation, for support and tests. */
  orderMessages: read(
    ({ ctx, carrierOf }) =>
      async (carrier: CarrierArg, orderRef: number) =>
        scheduled.orderMessages(ctx.db, carrierOf(carrier), orderRef),
  ),
  /**
   * One scheduler pass at the engine's "now" (through the test clock: at the shifted time). With a
   * carrier, only that carrier's messages: the development outbox's pass, which a test clock may run days ahead.
   */
  runScheduledJobs: write(
    ({ scheduler }) =>
      async (scope?: PassScope) =>
        scheduler.runDue(scope),
  ),
  /** Scheduled work by state, across carriers unless one is named: `dead` is the operator's list (docs/operations.md). */
  listScheduledJobs: read(
    ({ ctx }) =>
      async (input: Parameters<typeof jobs.listScheduledJobs>[1] = {}) =>
        jobs.listScheduledJobs(ctx.db, input),
  ),
  /** A dead (or failed) row goes back to pending, its tries reset, due now: after an operator fixed the cause. */
  retryScheduledJob: write(
    ({ ctx }) =>
      async (id: unknown) =>
        jobs.retryScheduledJob(ctx.db, ctx.clock.now(), id),
  ),
};
