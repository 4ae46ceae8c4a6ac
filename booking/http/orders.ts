/**
 * Spec §7 "Orders (customer management)" through /api/v4: the manage page's operations
 * (`engine.orders`), each proving ownership with the order reference and the customer's e-mail
 * (`email_to_verify` / `email`) behind the same lookup throttle as the page (ADR 031).
 */
import { z } from "zod";
import type { Engine } from "../engine";
import type { CarrierContextInput } from "../domain/carrier";
import { FIELD_MESSAGES } from "../domain/errors";
import { MAX_PROOF_BYTES } from "../domain/image-sniff";
import { addressFields } from "./bookings";
import { ApiProblem } from "./errors";
import { ORDER_EVENT_KINDS } from "../records/history";
import { dataOf, defineRoute, deviceId, partnerActor, type ApiRoute } from "./routes";

const email = z.string().max(254);
const text = (max: number) => z.string().max(max);
const record = dataOf(z.record(z.string(), z.unknown()));
const records = dataOf(z.array(z.record(z.string(), z.unknown())));

/**
 * GET /vans/location's answer (ADR 253): only what the technician reported. Before "on my way" there
 * is no position and no estimate, only the appointment window; `arrived` and `completed` come from
 * the technician's steps; `simulated` is true only on a development server with TRACKING_SIMULATED_VAN.
 */
const instant = z.string().meta({ description: "An ISO 8601 instant (UTC)." });
const vanLocationView = z
  .object({
    job_id: z.number(),
    status: z.enum(["scheduled", "at_base", "on_the_way", "arrived", "completed", "cancelled"]).meta({
      description:
        "scheduled: no technician on the way yet (expect them within `window`); on_the_way: the technician pressed 'on my way'; arrived: the technician confirmed the customer is present; completed: the repair is done; cancelled. at_base only from a development server's simulation.",
    }),
    latitude: z.number().nullable().meta({ description: "The technician's last reported position; null before one is reported. Never a guess." }),
    longitude: z.number().nullable(),
    eta: instant
      .nullable()
      .meta({ description: "Estimated arrival from a fresh reported position (straight line at 20 km/h); null without one, once it is stale, and after arrival." }),
    position_at: instant.nullable().meta({ description: "When the position was reported; null without one." }),
    stale: z.boolean().meta({ description: "The position is over 10 minutes old: show it as the last known one, with position_at, and no estimate." }),
    checked_at: instant,
    simulated: z.boolean().meta({ description: "True only on a development server with TRACKING_SIMULATED_VAN: the van is simulated from the clock, not reported." }),
    technician_name: z.string(),
    van_registration: z.string(),
    window: z.object({ start: instant, end: instant }).meta({ description: "The appointment window the technician arrives in." }),
    updated_at: instant,
  })
  .meta({ description: "Where the technician's van is, as far as the technician reported it." });

const ACTOR_TYPES = ["customer", "staff", "partner", "system"] as const;

/** The date-change log entries (spec §7 POST /technicians/log/date-change), as PUT /orders/{id}/date answers one. */
const logEntry = z.object({
  id: z.number(),
  job_id: z.number(),
  user_id: z.string().nullable(),
  original_date: z.string(),
  new_date: z.string(),
  reason: z.string(),
  original_technician: z.string(),
  new_technician: z.string(),
  created_at: z.string(),
  by: z.object({ type: z.enum(ACTOR_TYPES), name: z.string().nullable() }),
});

/** One change in the order's history (ADR 247), as GET /customer/{ref} lists them. */
const historyEntry = z
  .object({
    kind: z.enum(ORDER_EVENT_KINDS),
    at: z.string().meta({ description: "When (ISO 8601 instant)." }),
    actor: z.object({
      type: z.enum(ACTOR_TYPES),
      id: z.string().nullable().meta({ description: "The staff account's or the API key's id; null for the customer and the system." }),
      name: z.string().nullable().meta({ description: "The staff account's display name or the API key's name, as it was at the change." }),
    }),
    details: z
      .record(z.string(), z.unknown())
      .meta({ description: "What changed: the old and new date, the message's kind and channel, `fee_minor` kept on a cancellation, a refund's `full` and `refunded_minor`." }),
    amount_minor: z.number().int().nullable().meta({ description: "Money moved by the change in minor units: paid, refunded, the fee kept." }),
  })
  .meta({ id: "OrderHistoryEntry" });

const minor = z.number().int().min(0);

/**
 * The order (GET /customer/{ref}, the cancel's answer): the manage page's fields, with the state, the
 * money and the history (ADR 247), and the 24-hour rule with its fee (ADR 250).
 */
export const orderSchema = z
  .object({
    order_id: z.number().int(),
    reference: z.string(),
    status: z.enum(["BOOKED", "CANCELLED"]),
    refund_status: z.enum(["PENDING", "REFUNDED", "FAILED"]).nullable(),
    change_deadline: z.string().nullable().describe("24 hours before the visit (ISO instant); null for a repair by post."),
    change_window: z
      .enum(["open", "late", "closed"])
      .describe("open: free changes; late: inside 24 hours (cancelling keeps the fee); closed: the visit has begun or the technician is on the way."),
    can_change_online: z.boolean().describe("Date and address changes free of any fee (more than 24 hours before the visit)."),
    can_cancel_online: z.boolean(),
    can_change_date_online: z.boolean().describe("Inside 24 hours only where the carrier allows late moves (no fee for the move)."),
    cancellation_quote: z
      .object({ late: z.boolean(), fee: minor, paid: minor, kept: minor, refund: minor, currency: z.string() })
      .nullable()
      .describe(
        "What cancelling now keeps and refunds, in minor units: `kept` is the carrier's call-out charge when late, never more than `paid`; null when it cannot be cancelled.",
      ),
    cancellation: z
      .object({ fee_kept: minor, refunded: minor, currency: z.string() })
      .nullable()
      .describe("A cancelled order once its refund is settled: the fee kept and the amount refunded, in minor units."),
    cancellation_charge: z.object({ applies: z.boolean(), amount: minor, currency: z.string() }),
    state: z
      .enum(["booked", "moved", "cancelled", "refunded", "partly_refunded", "completed"])
      .meta({ description: "Derived from the history: `refunded` (everything paid given back) and `cancelled` close the order; `partly_refunded` stays booked." }),
    closed: z.boolean().meta({ description: "Nothing more can be changed (cancelled, refunded in full, or completed)." }),
    money: z
      .object({ paid_minor: z.number().int(), refunded_minor: z.number().int(), fee_kept_minor: z.number().int(), currency: z.string() })
      .meta({ description: "What was paid, what was refunded so far and the call-out charge kept, in minor units of the order's currency." }),
    history: z.array(historyEntry).meta({ description: "Every change to the order, oldest first, with who made it." }),
  })
  .catchall(z.unknown())
  .meta({ id: "Order" });
const orderRecord = dataOf(orderSchema);

/** An operation proving ownership by e-mail, counted by the lookup throttle like the manage page's. */
function owned<T>(engine: Engine, carrier: CarrierContextInput, emailAddress: string, operation: () => Promise<T>): Promise<T> {
  return engine.orders.withLookupThrottle(carrier, { email: emailAddress, clientAddress: null }, operation);
}

export const orderRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/customer/{ref}",
    summary: "The order by its reference, for the customer's e-mail.",
    scope: "orders:manage",
    query: z.object({ email }).strict(),
    response: orderRecord,
    handle: async ({ engine, carrier, params, query }) => ({
      data: await owned(engine, carrier, query.email, () => engine.orders.lookupOrder(carrier, { order_ref: params.ref!, email: query.email })),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/customer/{ref}/devices",
    summary: "The order's devices, for the customer's e-mail.",
    scope: "orders:manage",
    query: z.object({ email }).strict(),
    response: records,
    handle: async ({ engine, carrier, params, query }) => ({
      data: await owned(engine, carrier, query.email, () => engine.orders.orderDevices(carrier, { order_ref: params.ref!, email: query.email })),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/orders/{id}/cancel",
    summary:
      "Cancels the order (the spec's GET). Inside 24 hours of the visit the carrier's call-out charge is kept and the rest refunded (`cancellation_quote` before, `cancellation` after); refused once the visit has begun. A second call refunds nothing more.",
    scope: "orders:manage",
    query: z.object({ email_to_verify: email }).strict(),
    response: orderRecord,
    handle: async ({ engine, carrier, principal, params, query }) => ({
      data: await owned(engine, carrier, query.email_to_verify, () =>
        engine.orders.cancelOrder(carrier, { order_ref: params.id!, email: query.email_to_verify }, {}, partnerActor(principal)),
      ),
    }),
  }),
  defineRoute({
    method: "get",
    path: "/orders/{order}/load-days/{date}/{days}",
    summary:
      "Days the order can move to: {days} days (the spec's client asks 10) from {date}. The key's carrier's orders only; `email_to_verify` (optional) also checks the customer's e-mail, behind the lookup throttle.",
    scope: "orders:manage",
    query: z.object({ email_to_verify: email.optional() }).strict(),
    response: records,
    handle: async ({ engine, carrier, params, query }) => {
      const days = (owner: string | null) =>
        engine.orders.orderAvailability(carrier, { order_ref: params.order!, email: owner }, { start_date: params.date, days_to_load: params.days });
      return { data: await (query.email_to_verify === undefined ? days(null) : owned(engine, carrier, query.email_to_verify, () => days(query.email_to_verify!))) };
    },
  }),
  defineRoute({
    method: "put",
    path: "/orders/{id}/date",
    summary:
      "Moves the order to another date (OR04 when not available) and answers the move's log entry as `date_change`. `reason` (more than three words) is optional: without it, POST /technicians/log/date-change records it next, as the spec's client does.",
    scope: "orders:manage",
    query: z.object({ email_to_verify: email.optional() }).strict(),
    body: z.object({ date: text(10), reason: text(1000).optional(), email_to_verify: email.optional() }).strict(),
    response: record,
    handle: async ({ engine, carrier, principal, params, query, body }) => {
      const owner = query.email_to_verify ?? body.email_to_verify ?? "";
      const { order, log } = await owned(engine, carrier, owner, () =>
        engine.orders.changeOrderDate(carrier, { order_ref: params.id!, email: owner }, { date: body.date, reason: body.reason ?? null }, partnerActor(principal)),
      );
      return { data: { ...order, date_change: log } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/technicians/log/date-change",
    summary:
      "Records the date-change log entry of a move (spec §3: jobId, userId, original_date, new_date, reason, original_technician, new_technician) and answers the job's log. PUT /orders/{id}/date wrote the entry with the move (its `date_change` holds the job and technicians); this call records its reason where the move had none. An entry no move of the job matches, or with another reason or user than the one recorded, contradicts the order's history: 422 VALIDATION naming the field; another carrier's job 404. Sent again, nothing is logged twice. Without `jobId`, `order_id` and `email_to_verify` read the order's log (optionally only the move to `date`; 404 when none).",
    scope: "orders:manage",
    body: z
      .object({
        jobId: z.union([z.number().int().positive(), text(20)]).optional(),
        userId: z.union([text(80), z.number().int()]).nullish(),
        original_date: text(10).optional(),
        new_date: text(10).optional(),
        reason: text(1000).optional(),
        original_technician: text(80).optional(),
        new_technician: text(80).optional(),
        order_id: z.union([text(20), z.number().int().positive()]).optional(),
        email_to_verify: email.optional(),
        date: text(10).optional(),
      })
      .strict()
      .superRefine((body, context) => {
        const needed = body.jobId !== undefined ? (["original_date", "new_date", "reason", "original_technician", "new_technician"] as const) : (["jobId"] as const);
        const reading = body.jobId === undefined && body.order_id !== undefined && body.email_to_verify !== undefined;
        if (reading) return;
        for (const field of needed) if (body[field] === undefined) context.addIssue({ code: "custom", path: [field], message: "This field is required." });
      }),
    response: dataOf(z.array(logEntry)),
    handle: async ({ engine, carrier, body }) => {
      if (body.jobId !== undefined) {
        const { jobId, userId, original_date, new_date, reason, original_technician, new_technician } = body;
        // The schema required the entry's fields beside jobId; the engine checks their values.
        const entry = {
          jobId,
          userId,
          original_date: original_date!,
          new_date: new_date!,
          reason: reason!,
          original_technician: original_technician!,
          new_technician: new_technician!,
        };
        return { data: await engine.orders.recordDateChange(carrier, entry) };
      }
      const lookup = { order_ref: String(body.order_id), email: body.email_to_verify! };
      const log = await owned(engine, carrier, body.email_to_verify!, async () => {
        const order = await engine.orders.lookupOrder(carrier, lookup);
        return order.job ? engine.orders.dateChangeLog(carrier, order.job.id) : [];
      });
      if (body.date !== undefined && !log.some((entry) => entry.new_date === body.date)) {
        throw new ApiProblem(404, "NOT_FOUND", ["No change of the order to this date is logged: PUT /orders/{id}/date moves the order and logs the change."]);
      }
      return { data: log };
    },
  }),
  defineRoute({
    method: "post",
    path: "/orders/devices/{id}/validation-images",
    summary:
      "The proof of purchase of an order's device, as multipart/form-data: the image part (a .jpg or .png, checked by its content). The key's carrier's orders only; an `email` part (optional) also checks the customer's e-mail, behind the lookup throttle.",
    scope: "orders:manage",
    body: z.object({ email: email.optional() }).strict(),
    upload: {
      field: "image",
      maxBytes: MAX_PROOF_BYTES,
      types: ["image/jpeg", "image/png", "application/octet-stream"],
      description: "The proof of purchase, a .jpg or .png (checked by its content)",
    },
    response: record,
    handle: async ({ engine, carrier, principal, params, body, upload }) => {
      if (!upload) throw new ApiProblem(400, "VALIDATION", [FIELD_MESSAGES.PROOF_MISSING], { image: [FIELD_MESSAGES.PROOF_MISSING] });
      const store = (owner: string | null) =>
        engine.orders.uploadProofOfPurchase(carrier, { device_id: deviceId(params.id), email: owner, bytes: upload.bytes }, partnerActor(principal));
      return { data: await (body.email === undefined ? store(null) : owned(engine, carrier, body.email, () => store(body.email!))) };
    },
  }),
  defineRoute({
    method: "put",
    path: "/orders/{id}/address",
    summary: "Moves the repair address (OR03 no technician there, OR04 the date not available there).",
    scope: "orders:manage",
    body: z.object({ ...addressFields, email_to_verify: email }).strict(),
    response: record,
    handle: async ({ engine, carrier, principal, params, body }) => {
      const { email_to_verify: owner, ...address } = body;
      return {
        data: await owned(engine, carrier, owner, () => engine.orders.changeOrderAddress(carrier, { order_ref: params.id!, email: owner }, address, partnerActor(principal))),
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/vans/location",
    summary: "Where the technician's van is for a job of the customer's order, as far as the technician reported it.",
    scope: "orders:manage",
    query: z.object({ job_id: z.string().regex(/^\d{1,12}$/), email }).strict(),
    response: dataOf(vanLocationView),
    handle: async ({ engine, carrier, query }) => ({
      data: await owned(engine, carrier, query.email, () => engine.orders.vanLocation(carrier, { job_id: Number(query.job_id), email: query.email })),
    }),
  }),
];
