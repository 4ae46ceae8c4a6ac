/** Bookings, their devices, and the capacity they hold on an area's day (ADR 011). */
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

export interface AddressValue {
  postcode: string;
  line_1: string;
  line_2: string;
  town: string;
  latitude: number | null;
  longitude: number | null;
}

export interface BillingAddressValue {
  line_1: string;
  line_2: string;
  town: string;
  postcode: string;
}

export type CheckoutStatus = "PENDING" | "PROCESSING" | "SUCCESS";

export const bookings = pgTable(
  "bookings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    reference: text("reference").notNull(),
    /** SHA-256 of the resume token; the token itself is only handed out (ADR 012). */
    tokenHash: text("token_hash").notNull(),
    /** A hand-over code (issueResumeToken) stops working at this time; null: the build's token, never handed out. */
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true, mode: "date" }),
    checkoutStatus: text("checkout_status").$type<CheckoutStatus>().notNull().default("PENDING"),
    referrer: text("referrer"),
    channel: text("channel"),
    lucidRef: text("lucid_ref"),
    isBusinessAccount: boolean("is_business_account").notNull().default(false),
    repairType: text("repair_type"),
    postcode: text("postcode"),
    areaCode: text("area_code"),
    address: jsonb("address").$type<AddressValue>(),
    storeCode: text("store_code"),
    /** In-store staff chose to go on without a store (spec §5: "unless the store is ignored"). */
    storeIgnored: boolean("store_ignored").notNull().default(false),
    dropOffStoreId: bigint("drop_off_store_id", { mode: "number" }),
    isMailInRepair: boolean("is_mail_in_repair").notNull().default(false),
    date: date("date", { mode: "string" }),
    /** Spec §4 Change date step 8: the customer asked to be called about a preferred date (requestPreferredDateCallback). */
    requestPreferredDateCallback: boolean("request_preferred_date_callback").notNull().default(false),
    inWarranty: boolean("in_warranty"),
    purchaseDate: date("purchase_date", { mode: "string" }),
    warrantyImei: text("warranty_imei"),
    email: text("email"),
    emailConsent: boolean("email_consent").notNull().default(false),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phoneNumber: text("phone_number"),
    /** The language the customer booked in: their messages are written in it (issue 10). */
    locale: text("locale"),
    /** The site's address the customer booked on (https://host): links in their messages lead back to it. */
    siteUrl: text("site_url"),
    billingFirstName: text("billing_first_name"),
    billingLastName: text("billing_last_name"),
    billingAddress: jsonb("billing_address").$type<BillingAddressValue>(),
    discountCode: text("discount_code"),
    paymentMethod: text("payment_method"),
    paidViaCredit: boolean("paid_via_credit").notNull().default(false),
    orderRef: bigint("order_ref", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    /** The carrier's retention when the draft last changed: an abandoned draft is purged this many days after `updated_at` (ADR 193). */
    draftRetentionDays: integer("draft_retention_days").notNull().default(30),
    /**
     * Raised by database triggers (migration 0019) in the writing transaction on every change of the
     * booking, its devices or its capacity hold: the booked-page cache's key (ADR 220, 224). No write
     * path sets it.
     */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    uniqueIndex("bookings_reference_idx").on(t.reference),
    uniqueIndex("bookings_token_idx").on(t.tokenHash),
    index("bookings_carrier_idx").on(t.carrierCode, t.createdAt),
    // The draft purge's scan (ADR 193): drafts by their last change.
    index("bookings_draft_age_idx").on(t.checkoutStatus, t.updatedAt),
  ],
);

export const bookingDevices = pgTable(
  "booking_devices",
  {
    /** Public device id (spec: /orders/devices/{id}/imei). */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    /** The device key inside its booking (spec: /{ref}/device/{deviceKey}). */
    key: text("key").notNull(),
    position: integer("position").notNull(),
    modelVersionId: integer("model_version_id").notNull(),
    /** The make chosen; an appliance model is offered under several makes. */
    makeId: integer("make_id").notNull(),
    colourCode: text("colour_code"),
    problemIds: jsonb("problem_ids").$type<number[]>().notNull().default([]),
    extraIds: jsonb("extra_ids").$type<number[]>().notNull().default([]),
    triageAnswers: jsonb("triage_answers").$type<Record<string, string>>().notNull().default({}),
    applianceModelCode: text("appliance_model_code"),
    customerReference: text("customer_reference"),
    imei: text("imei"),
    /** Spec §4 device/insurance-status: the customer's answer (null: not asked); a new model version clears it. */
    insured: boolean("insured"),
    proofFileKey: text("proof_file_key"),
    proofUploadedAt: timestamp("proof_uploaded_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("booking_devices_key_idx").on(t.bookingId, t.key), index("booking_devices_carrier_idx").on(t.carrierCode, t.bookingId)],
);

/** The row locked (`SELECT … FOR UPDATE`) while a booking takes or moves a hold on an area's day (ADR 011). */
export const capacityDays = pgTable(
  "capacity_days",
  {
    carrierCode: text("carrier_code").notNull(),
    areaCode: text("area_code").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.areaCode, t.day] })],
);

/** One unit of an area-day's capacity held by a booking: a draft's hold expires, an order's does not. */
export const capacityHolds = pgTable(
  "capacity_holds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    areaCode: text("area_code").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    /** null once the booking became an order. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("capacity_holds_booking_idx").on(t.bookingId), index("capacity_holds_day_idx").on(t.carrierCode, t.areaCode, t.day)],
);
