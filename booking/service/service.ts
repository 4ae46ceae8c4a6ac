/**
 * Customer service for operations staff (issue 24 item 3, ADR 188–190): find a carrier's orders by
 * reference, e-mail, phone or postcode; read an order with its messages, payments and date changes;
 * act for the customer with a reason. Every action goes through the order operations the customer's
 * own manage page uses (orders/changes.ts), so no booking rule is written twice; each leaves an entry
 * in `service_actions` with the staff member. Every query is the carrier's own: another carrier's
 * order is ORDER_NOT_FOUND, by any search term or reference.
 */
import * as s from "../db/schema";
import * as orders from "../orders/index";
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { EngineContext } from "../context";
import type { DbOrTx } from "../db/open";
import type { CarrierContext } from "../domain/carrier";
import { normalisePhone } from "../domain/customer";
import { OrderNotFoundError, ValidationError } from "../domain/errors";
import { id, plainText } from "../domain/inputs";
import { normalisePostcode } from "../domain/postcode";
import { parseInput } from "../domain/validate";
import { enqueueMessage } from "../records/message-jobs";
import { orderMessages, type ScheduledMessageView } from "../records/messages";
import type { MessageRenderer } from "../scheduler/renderer";
import type { CustomerMessageKind } from "../notifications/template-kinds";
import type { OrderActor } from "../records/history";

/** The staff member as the order's history names them: their account's display name as it is now, and its id (ADR 247). */
export const staffActor = (staff: ServiceStaff): OrderActor => ({ type: "staff", id: staff.id, name: staff.name });

/** Results per page of a search. */
export const SEARCH_PAGE_SIZE = 20;

/** The staff member acting: recorded with every action. */
export interface ServiceStaff {
  id: string;
  name: string;
}

export const staffInput = z.object({ id: z.string().trim().min(1).max(80), name: z.string().trim().min(1).max(120) });

const searchInput = z.object({
  query: plainText().trim().max(200).default(""),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** Which of the order's facts a search term can be: as the booking flow normalises them. */
export interface SearchTerms {
  orderRef: number | null;
  email: string | null;
  phone: string | null;
  postcode: string | null;
}

/** Reads a search term the way the booking flow reads the customer's input: a phone number in E.164, a postcode in the country's form. */
export function searchTerms(carrier: Pick<CarrierContext, "countryCode">, query: string): SearchTerms {
  const text = query.trim();
  const postcode = normalisePostcode(carrier.countryCode, text);
  return {
    orderRef: /^\d{1,15}$/.test(text) ? Number(text) : null,
    email: text.includes("@") ? text.toLowerCase() : null,
    phone: text ? normalisePhone(carrier.countryCode, text) : null,
    postcode: postcode.ok ? postcode.display : null,
  };
}

export interface OrderSearchHit {
  order_ref: number;
  status: s.OrderStatus;
  date: string;
  name: string;
  email: string;
  phone_number: string | null;
  postcode: string;
  total_minor: number;
  currency: string;
  created_at: string;
}

export interface OrderSearchResult {
  query: string;
  page: number;
  page_size: number;
  total: number;
  pages: number;
  orders: OrderSearchHit[];
}

/** The carrier's orders matching the term by reference, e-mail, phone or postcode, newest first, a page at a time. */
export async function searchOrders(ctx: EngineContext, carrier: CarrierContext, input: z.input<typeof searchInput>): Promise<OrderSearchResult> {
  const { query, page } = parseInput(searchInput, input ?? {});
  const terms = searchTerms(carrier, query);
  const matches: SQL[] = [];
  if (terms.orderRef !== null) matches.push(eq(s.orders.orderRef, terms.orderRef));
  if (terms.email) matches.push(sql`lower(${s.orders.email}) = ${terms.email}`);
  if (terms.phone) matches.push(eq(s.bookings.phoneNumber, terms.phone));
  if (terms.postcode) matches.push(sql`${s.orders.address}->>'postcode' = ${terms.postcode}`);
  const empty = { query, page, page_size: SEARCH_PAGE_SIZE, total: 0, pages: 0, orders: [] };
  if (!matches.length) return empty;
  // The carrier's fence comes first and is ANDed with every term: no term reaches another carrier's orders.
  const where = and(eq(s.orders.carrierCode, carrier.code), eq(s.bookings.carrierCode, carrier.code), or(...matches));
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(s.orders).innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId)).where(where),
    ctx.db
      .select({ order: s.orders, firstName: s.bookings.firstName, lastName: s.bookings.lastName, phone: s.bookings.phoneNumber })
      .from(s.orders)
      .innerJoin(s.bookings, eq(s.bookings.id, s.orders.bookingId))
      .where(where)
      .orderBy(desc(s.orders.createdAt), desc(s.orders.id))
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE),
  ]);
  const n = total?.n ?? 0;
  return {
    ...empty,
    total: n,
    pages: Math.ceil(n / SEARCH_PAGE_SIZE),
    orders: rows.map(({ order, firstName, lastName, phone }) => ({
      order_ref: order.orderRef,
      status: order.status,
      date: order.date,
      name: [firstName, lastName].filter(Boolean).join(" "),
      email: order.email,
      phone_number: phone,
      postcode: order.address.postcode,
      total_minor: order.totalMinor,
      currency: order.currency,
      created_at: order.createdAt.toISOString(),
    })),
  };
}

const orderRefInput = id;

/** The carrier's order by its reference; ORDER_NOT_FOUND for an unknown one or another carrier's. */
export async function carrierOrder(db: DbOrTx, carrier: CarrierContext, orderRef: unknown, lock = false): Promise<orders.OrderRow> {
  const ref = parseInput(orderRefInput, orderRef, "order_ref");
  const query = db
    .select()
    .from(s.orders)
    .where(and(eq(s.orders.carrierCode, carrier.code), eq(s.orders.orderRef, ref)));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw new OrderNotFoundError();
  return order;
}

/** The customer's own proof of ownership, which the order operations ask: staff act as the customer would. */
const lookupOf = (order: orders.OrderRow): orders.OrderLookup => ({ order_ref: String(order.orderRef), email: order.email });

export interface ServiceActionView {
  id: number;
  action: s.ServiceActionKind;
  staff_id: string;
  staff_name: string;
  reason: string;
  details: Record<string, unknown>;
  amount_minor: number;
  state: s.ServiceActionState;
  created_at: string;
}

export function actionView(row: typeof s.serviceActions.$inferSelect): ServiceActionView {
  return {
    id: row.id,
    action: row.action,
    staff_id: row.staffId,
    staff_name: row.staffName,
    reason: row.reason,
    details: row.details,
    amount_minor: row.amountMinor,
    state: row.state,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ServicePayment {
  payment_type: string | null;
  paid_via_credit: boolean;
  transaction_id: string | null;
  total_minor: number;
  refunded_minor: number;
  /** What a refund may still give back (never more than was paid). */
  refundable_minor: number;
  refund_status: orders.OrderRow["refundStatus"];
  /** A cancelled order's call-out charge kept (late cancellation, or kept by the desk; ADR 250); null while its refund is open or not cancelled. */
  fee_kept_minor: number | null;
  currency: string;
}

export interface ServiceOrder {
  order: orders.OrderView;
  payment: ServicePayment;
  messages: ScheduledMessageView[];
  date_changes: orders.DateChangeLogEntry[];
  actions: ServiceActionView[];
}

/** Everything customer service sees of one order. */
export async function serviceOrder(ctx: EngineContext, carrier: CarrierContext, orderRef: unknown): Promise<ServiceOrder> {
  const row = await carrierOrder(ctx.db, carrier, orderRef);
  const view = await orders.lookupOrder(ctx, carrier, lookupOf(row));
  const [messages, dateChanges, actions] = await Promise.all([
    orderMessages(ctx.db, carrier, row.orderRef),
    view.job ? orders.dateChangeLog(ctx, carrier, view.job.id) : Promise.resolve([]),
    ctx.db
      .select()
      .from(s.serviceActions)
      .where(and(eq(s.serviceActions.carrierCode, carrier.code), eq(s.serviceActions.orderRef, row.orderRef)))
      .orderBy(desc(s.serviceActions.id)),
  ]);
  return {
    order: view,
    payment: {
      payment_type: row.paymentType,
      paid_via_credit: row.paidViaCredit,
      transaction_id: row.transactionId,
      total_minor: row.totalMinor,
      refunded_minor: row.refundedMinor,
      refundable_minor: orders.refundableMinor(row),
      refund_status: row.refundStatus,
      fee_kept_minor: view.cancellation?.fee_kept ?? null,
      currency: row.currency,
    },
    messages,
    date_changes: dateChanges,
    actions: actions.map(actionView),
  };
}

/** One of the order's messages as the customer got (or will get) it. */
export interface ServiceMessageText {
  id: number;
  /** The e-mail address or phone number it goes to; null when it cannot be rendered (or had none: the row is skipped). */
  recipient: string | null;
  /** E-mail only. */
  subject: string | null;
  /** The e-mail's text part, or the SMS; null: it cannot be rendered now (the carrier's content is unavailable). */
  text: string | null;
}

/**
 * The order's messages written out (ADR 255) by the renderer the scheduler sends with, from each row's
 * stored payload (the values the event fixed: a refund, a move's day and window) and the order's
 * record for the rest, with the instant it was sent (or is due) as its date. Plain text: the page
 * escapes it like any other customer data.
 */
export async function serviceMessageTexts(ctx: EngineContext, carrier: CarrierContext, orderRef: unknown, render: MessageRenderer): Promise<ServiceMessageText[]> {
  const order = await carrierOrder(ctx.db, carrier, orderRef);
  const rows = await ctx.db
    .select()
    .from(s.scheduledJobs)
    .where(and(eq(s.scheduledJobs.type, "message"), eq(s.scheduledJobs.carrierCode, carrier.code), eq(s.scheduledJobs.orderRef, order.orderRef)))
    .orderBy(s.scheduledJobs.id);
  return Promise.all(
    rows.map(async (row): Promise<ServiceMessageText> => {
      const none = { id: row.id, recipient: null, subject: null, text: null };
      if (!row.kind || !row.channel) return none;
      const rendered = await render({
        carrierCode: carrier.code,
        kind: row.kind,
        orderRef: order.orderRef,
        locale: row.locale ?? order.locale,
        payload: row.payload,
        now: row.doneAt ?? row.runAt,
      }).catch(() => null);
      if (row.channel === "email" && rendered?.email) return { id: row.id, recipient: rendered.email.to.address, subject: rendered.email.subject, text: rendered.email.text };
      if (row.channel === "sms" && rendered?.sms) return { id: row.id, recipient: rendered.sms.to, subject: null, text: rendered.sms.text };
      return none;
    }),
  );
}

/** The form's one-time key (a fresh one per page view): the same press twice is one action. */
const requestKey = z.string().trim().min(8).max(100);

export const actionBase = z.object({ order_ref: id, reason: orders.reasonInput, request_key: requestKey });

/** The action already recorded under this form's key, if any (the second press of the same form). */
export async function earlierAction(db: DbOrTx, carrier: CarrierContext, key: string): Promise<ServiceActionView | null> {
  const [row] = await db
    .select()
    .from(s.serviceActions)
    .where(and(eq(s.serviceActions.carrierCode, carrier.code), eq(s.serviceActions.requestKey, key)));
  return row ? actionView(row) : null;
}

interface ActionRecord {
  order: orders.OrderRow;
  action: s.ServiceActionKind;
  staff: ServiceStaff;
  reason: string;
  key: string;
  details?: Record<string, unknown>;
  amountMinor?: number;
  state?: s.ServiceActionState;
}

export async function record(db: DbOrTx, carrier: CarrierContext, entry: ActionRecord): Promise<ServiceActionView> {
  const [row] = await db
    .insert(s.serviceActions)
    .values({
      carrierCode: carrier.code,
      orderRef: entry.order.orderRef,
      action: entry.action,
      staffId: entry.staff.id,
      staffName: entry.staff.name,
      reason: entry.reason,
      details: entry.details ?? {},
      amountMinor: entry.amountMinor ?? 0,
      state: entry.state ?? "done",
      requestKey: entry.key,
    })
    .returning();
  return actionView(row!);
}

const resendInput = actionBase.extend({ message_id: id });

/**
 * Sends one of the order's messages again (the same kind, channel, language and recorded values), as a
 * new message row the scheduler delivers like the first; the outbox and the order page show it.
 */
export async function resendMessage(ctx: EngineContext, carrier: CarrierContext, staff: ServiceStaff, input: z.input<typeof resendInput>): Promise<ServiceActionView> {
  const who = parseInput(staffInput, staff, "staff");
  const data = parseInput(resendInput, input);
  return ctx.db.transaction(async (tx) => {
    const order = await carrierOrder(tx, carrier, data.order_ref, true);
    const earlier = await earlierAction(tx, carrier, data.request_key);
    if (earlier) return earlier;
    const [message] = await tx
      .select()
      .from(s.scheduledJobs)
      .where(
        and(
          eq(s.scheduledJobs.carrierCode, carrier.code),
          eq(s.scheduledJobs.orderRef, order.orderRef),
          eq(s.scheduledJobs.type, "message"),
          eq(s.scheduledJobs.id, data.message_id),
        ),
      );
    if (!message?.kind || !message.channel) throw new ValidationError({ message_id: ["MESSAGE_UNKNOWN"] });
    const entry = await record(tx, carrier, {
      order,
      action: "resend",
      staff: who,
      reason: data.reason,
      key: data.request_key,
      details: { message_id: message.id, kind: message.kind, channel: message.channel },
    });
    await enqueueMessage(tx, {
      carrierCode: carrier.code,
      kind: message.kind as CustomerMessageKind,
      locale: message.locale ?? order.locale,
      orderRef: order.orderRef,
      eventKey: `${order.orderRef}:resend:${entry.id}`,
      channels: [message.channel],
      runAt: ctx.clock.now(),
      payload: message.payload ?? undefined,
    });
    return entry;
  });
}

async function actOnce<T>(
  ctx: EngineContext,
  carrier: CarrierContext,
  staff: ServiceStaff,
  base: z.infer<typeof actionBase>,
  action: s.ServiceActionKind,
  operation: (order: orders.OrderRow) => Promise<{ result: T; details: Record<string, unknown> }>,
): Promise<ServiceActionView> {
  const who = parseInput(staffInput, staff, "staff");
  const order = await carrierOrder(ctx.db, carrier, base.order_ref);
  const earlier = await earlierAction(ctx.db, carrier, base.request_key);
  if (earlier) return earlier;
  const { details } = await operation(order);
  try {
    return await record(ctx.db, carrier, { order, action, staff: who, reason: base.reason, key: base.request_key, details });
  } catch (error) {
    // Two presses at once: the first one's entry stands.
    const raced = await earlierAction(ctx.db, carrier, base.request_key);
    if (raced) return raced;
    throw error;
  }
}

/** The days the order may move to: the same availability the customer's manage page offers. */
export async function serviceAvailability(ctx: EngineContext, carrier: CarrierContext, orderRef: unknown, input: Parameters<typeof orders.orderAvailability>[3] = {}) {
  const order = await carrierOrder(ctx.db, carrier, orderRef);
  return orders.orderAvailability(ctx, carrier, lookupOf(order), input);
}

/** The arrival windows of one day the order may move to (ADR 256), as the move checks them. */
export async function serviceWindows(ctx: EngineContext, carrier: CarrierContext, orderRef: unknown, input: Parameters<typeof orders.orderWindows>[3]) {
  const order = await carrierOrder(ctx.db, carrier, orderRef);
  return orders.orderWindows(ctx, carrier, lookupOf(order), input);
}

const changeDateInput = actionBase.extend({ date: z.string(), slot: z.string().optional().nullable() });

/**
 * Moves the visit through the customer's own date change, to the day and the arrival window the desk
 * chose (ADR 256); the date-change log names the staff member.
 */
export async function changeDate(ctx: EngineContext, carrier: CarrierContext, staff: ServiceStaff, input: z.input<typeof changeDateInput>): Promise<ServiceActionView> {
  const data = parseInput(changeDateInput, input);
  return actOnce(ctx, carrier, staff, data, "change-date", async (order) => {
    const { order: moved, log } = await orders.changeOrderDate(
      ctx,
      carrier,
      lookupOf(order),
      { date: data.date, slot: data.slot, reason: data.reason, user_id: staff.id },
      staffActor(staff),
    );
    return {
      result: log,
      details: {
        original_date: log.original_date,
        new_date: log.new_date,
        original_window: order.slot,
        new_window: moved.booking.timeslot?.start ?? null,
        original_technician: log.original_technician,
        new_technician: log.new_technician,
      },
    };
  });
}

const changeAddressInput = actionBase.extend({
  line_1: z.string(),
  line_2: z.string().optional().nullable(),
  town: z.string(),
  postcode: z.string(),
});

/** Changes the visit's address through the customer's own address change (coverage and capacity as for them). */
export async function changeAddress(ctx: EngineContext, carrier: CarrierContext, staff: ServiceStaff, input: z.input<typeof changeAddressInput>): Promise<ServiceActionView> {
  const data = parseInput(changeAddressInput, input);
  return actOnce(ctx, carrier, staff, data, "change-address", async (order) => {
    const view = await orders.changeOrderAddress(
      ctx,
      carrier,
      lookupOf(order),
      { line_1: data.line_1, line_2: data.line_2, town: data.town, postcode: data.postcode },
      staffActor(staff),
    );
    return { result: view, details: { from: order.address.postcode, to: view.details.postcode } };
  });
}

const cancelInput = actionBase.extend({ keep_fee: z.boolean().default(false) });

/** Cancels through the customer's own cancellation, refunding what is left, with or without the call-out charge. */
export async function cancel(ctx: EngineContext, carrier: CarrierContext, staff: ServiceStaff, input: z.input<typeof cancelInput>): Promise<ServiceActionView> {
  const data = parseInput(cancelInput, input);
  return actOnce(ctx, carrier, staff, data, "cancel", async (order) => {
    const view = await orders.cancelOrder(ctx, carrier, lookupOf(order), { keep_fee: data.keep_fee }, staffActor(staff));
    return { result: view, details: { keep_fee: data.keep_fee, refund_status: view.refund_status } };
  });
}
