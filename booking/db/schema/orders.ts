/** Orders, the technician's jobs and their steps (ADR 099), and the log of date changes. */
import { bigint, bigserial, boolean, date, doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import type { AddressValue } from "./bookings";
import type { IrisCode, Localized } from "./catalogue";

export const orderRefSequence = pgSequence("order_ref_seq", { startWith: 100001, increment: 1 });

export type OrderStatus = "BOOKED" | "CANCELLED";

export const orders = pgTable(
  "orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    /** Numeric order reference the customer quotes (from order_ref_seq). */
    orderRef: bigint("order_ref", { mode: "number" }).notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("BOOKED"),
    email: text("email").notNull(),
    areaCode: text("area_code").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    technicianId: text("technician_id").notNull(),
    slot: text("slot").notNull(),
    address: jsonb("address").$type<AddressValue>().notNull(),
    currency: text("currency").notNull(),
    fullPriceMinor: integer("full_price_minor").notNull(),
    discountMinor: integer("discount_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    discountCode: text("discount_code"),
    paymentType: text("payment_type"),
    paidViaCredit: boolean("paid_via_credit").notNull().default(false),
    transactionId: text("transaction_id"),
    /** null: nothing to refund; PENDING until the gateway confirms; FAILED for staff to follow up. */
    refundStatus: text("refund_status").$type<"PENDING" | "REFUNDED" | "FAILED">(),
    refundId: text("refund_id"),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date" }),
    /** The basket as priced when the order was placed (devices, lines, totals); later price changes do not touch it. */
    cart: jsonb("cart").$type<Record<string, unknown>>().notNull(),
    /** Copied from the booking at payment: the customer's language and the site for links in messages. */
    locale: text("locale").notNull().default("en"),
    siteUrl: text("site_url"),
    /** The calendar invite's SEQUENCE (RFC 5545): raised by every date or address change and the cancellation. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** The technician's record of the finished repair: parts and pictures per device (ADR 099). */
    repairRecord: jsonb("repair_record").$type<RepairRecord>(),
    repairedAt: timestamp("repaired_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("orders_ref_idx").on(t.orderRef), uniqueIndex("orders_booking_idx").on(t.bookingId), index("orders_carrier_day_idx").on(t.carrierCode, t.areaCode, t.date)],
);

export type JobWorkStatus = "ON_THE_WAY" | "STARTED" | "COMPLETED";

/** The technician-app steps (spec §2 repair.*), each saved the moment it is done (ADR 099). */
export type JobStepName =
  "startChecklist" | "beforePictures" | "addImei" | "addSerialNumber" | "confirmProblems" | "symptomCodes" | "irisCodes" | "addParts" | "afterPictures" | "repairComplete";

/** What was recorded at the end of a repair, per device id (ADR 099). */
export interface RepairRecord {
  completedAt: string;
  technicianId: string;
  devices: Record<
    string,
    {
      problemIds: number[];
      symptoms: string[];
      /** The IRIS codes chosen (ADR 273), one per section, as they read when chosen; absent before the step existed. */
      iris?: Partial<Record<IrisCode["section"], { code: string; title: Localized }>>;
      parts: { name: string; quantity: number }[];
      beforePictures: string[];
      afterPictures: string[];
      identifier: string | null;
    }
  >;
}

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    orderId: bigint("order_id", { mode: "number" }).notNull(),
    technicianId: text("technician_id").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    slot: text("slot").notNull(),
    status: text("status").$type<"SCHEDULED" | "CANCELLED">().notNull().default("SCHEDULED"),
    /** What the technician reported (ADR 099); null: nothing yet, the tracking page simulates the van. */
    workStatus: text("work_status").$type<JobWorkStatus>(),
    onTheWayAt: timestamp("on_the_way_at", { withTimezone: true, mode: "date" }),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    /** The van's last reported position (the technician's browser), when it gave one. */
    vanLatitude: doublePrecision("van_latitude"),
    vanLongitude: doublePrecision("van_longitude"),
    vanPositionAt: timestamp("van_position_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("jobs_order_idx").on(t.orderId), index("jobs_technician_day_idx").on(t.carrierCode, t.technicianId, t.date)],
);

/** One step of a job, for the job (device_id 0) or one of its devices; saved again when redone. */
export const jobSteps = pgTable(
  "job_steps",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    jobId: bigint("job_id", { mode: "number" }).notNull(),
    deviceId: bigint("device_id", { mode: "number" }).notNull().default(0),
    step: text("step").$type<JobStepName>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The staff account that saved it. */
    staffId: text("staff_id").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("job_steps_step_idx").on(t.jobId, t.deviceId, t.step), index("job_steps_carrier_idx").on(t.carrierCode, t.jobId)],
);

export const dateChangeLog = pgTable(
  "date_change_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    jobId: bigint("job_id", { mode: "number" }).notNull(),
    /** null: the customer on the manage page; otherwise a staff user id. */
    userId: text("user_id"),
    originalDate: date("original_date", { mode: "string" }).notNull(),
    newDate: date("new_date", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    originalTechnician: text("original_technician").notNull(),
    newTechnician: text("new_technician").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("date_change_log_job_idx").on(t.carrierCode, t.jobId)],
);
