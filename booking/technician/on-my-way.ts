/** 'On my way' and the van's position the technician's page sends (ADR 115, ADR 253). */
import * as s from "../db/schema";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import type { CarrierContext } from "../domain/carrier";
import { ValidationError } from "../domain/errors";
import { parseInput } from "../domain/validate";
import { positionDecision, reportedPosition, type PositionDecision } from "../tracking/rules";
import { enqueueWebhookEvent } from "../webhooks/events";
import { type JobView, ownJob, technicianJob, actorInput, recordJobEvent, onMyWayInput } from "./technician";

/**
 * 'On my way', and 'send my position again': the customer's tracking page shows the van where the
 * technician's browser says it is (nowhere while the browser gave no position, ADR 253). The position is kept
 * under the tracker's rules (ADR 115: not too imprecise, at most one per job every 10 seconds); the
 * press itself always counts.
 */
export async function reportOnMyWay(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof onMyWayInput>): Promise<JobView> {
  const data = parseInput(onMyWayInput, input);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const job = await ownJob(tx, carrier, data.technician_id, data.job_id, true);
    if (job.status === "CANCELLED" || job.workStatus === "COMPLETED" || job.workStatus === "STARTED") throw new ValidationError({ step: ["JOB_CLOSED"] });
    const kept = data.latitude != null && data.longitude != null && positionDecision({ accuracy: data.accuracy ?? null }, job.vanPositionAt, now) === "accepted";
    const position = kept ? { vanLatitude: data.latitude!, vanLongitude: data.longitude!, vanPositionAt: now } : {};
    await tx
      .update(s.jobs)
      .set({ workStatus: "ON_THE_WAY", onTheWayAt: job.onTheWayAt ?? now, ...position })
      .where(eq(s.jobs.id, job.id));
    // 'Send my position again' is the same journey: partners hear of the first press only.
    await recordJobEvent(tx, carrier, job, "on_the_way", data.staff_id, now);
    if (job.workStatus !== "ON_THE_WAY") await enqueueWebhookEvent(tx, { carrierCode: carrier.code, type: "job.on_the_way", orderId: job.orderId, key: String(job.id), now });
  });
  return technicianJob(ctx, carrier, data);
}

const positionInput = actorInput.extend(reportedPosition.shape);

export interface PositionReceipt {
  /** 'accepted': the customer's page shows it; otherwise why it was not kept (ADR 115). */
  result: PositionDecision | "not_on_the_way";
  /** The time of the position the customer's page shows now (this one when accepted). */
  position_at: string | null;
}

/**
 * The technician's page sends the phone's position by itself while a job is on its way (issue 21,
 * ADR 115). Kept only while the job is on its way, precise enough and not within 10 seconds of the
 * last one; anything else is answered, not stored, so a page that sends too often does no harm.
 */
export async function reportVanPosition(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof positionInput>): Promise<PositionReceipt> {
  const data = parseInput(positionInput, input);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Locked: two sends at once cannot both pass the interval.
    const job = await ownJob(tx, carrier, data.technician_id, data.job_id, true);
    const last = job.vanPositionAt?.toISOString() ?? null;
    if (job.status === "CANCELLED" || job.workStatus !== "ON_THE_WAY") return { result: "not_on_the_way", position_at: last };
    const result = positionDecision(data, job.vanPositionAt, now);
    if (result !== "accepted") return { result, position_at: last };
    await tx.update(s.jobs).set({ vanLatitude: data.latitude, vanLongitude: data.longitude, vanPositionAt: now }).where(eq(s.jobs.id, job.id));
    return { result, position_at: now.toISOString() };
  });
}
