/**
 * The engine's tables (ADR 010). Two groups:
 *
 * - the device catalogue (makes, device types, models, versions, colours, problems, catalogue prices,
 *   extras, triage questions): one shared catalogue, seeded from tenants/catalogue.json;
 * - partner data, every table keyed by `carrier_code` (the tenant): prices overrides, service areas,
 *   technicians, stores, discount codes, bookings, devices, capacity, orders, jobs, payments, logs.
 *
 * Money is integer minor units everywhere (`*_minor` or `price`/`non_sale_price` in minor units).
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/* ───────────────────────── catalogue (shared) ───────────────────────── */

export interface Localized {
  en: string;
  de: string;
}

/** Single row: what the whole catalogue carries besides its lists. */
export const catalogueInfo = pgTable("catalogue_info", {
  id: integer("id").primaryKey(),
  sourceHash: text("source_hash").notNull(),
  saleTitle: jsonb("sale_title").$type<Localized | null>(),
  seededAt: createdAt(),
  /** The CMS feed's revision time of what is stored (ADR 080): an older or equal delivery is ignored. */
  sourceUpdatedAt: timestamp("source_updated_at", { withTimezone: true, mode: "date" }),
});

/** Spec §3 device type ids: 1 (phone or tablet), 2 (appliance). */
export const deviceTypes = pgTable("device_types", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  title: jsonb("title").$type<Localized>().notNull(),
});

export const makes = pgTable("makes", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  typeId: integer("type_id").notNull(),
  active: boolean("active").notNull().default(true),
});

export type DeviceKind = "phone" | "tablet" | "appliance";

export const models = pgTable(
  "models",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    typeId: integer("type_id").notNull(),
    deviceType: text("device_type").$type<DeviceKind>().notNull(),
    priority: integer("priority").notNull(),
    releaseYear: integer("release_year"),
    batteryRequiredForScreenRepair: boolean("battery_required_for_screen_repair").notNull(),
    imagePath: text("image_path").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("models_type_priority_idx").on(t.typeId, t.priority)],
);

/** A phone or tablet has one make; an appliance model is generic across appliance makes. */
export const modelMakes = pgTable(
  "model_makes",
  {
    modelId: integer("model_id").notNull(),
    makeId: integer("make_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.makeId, t.modelId] })],
);

export const modelVersions = pgTable(
  "model_versions",
  {
    id: integer("id").primaryKey(),
    modelId: integer("model_id").notNull(),
    name: text("name").notNull(),
    storageGb: integer("storage_gb"),
    fullModelCode: text("full_model_code"),
    position: integer("position").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("model_versions_model_idx").on(t.modelId)],
);

export const modelColours = pgTable(
  "model_colours",
  {
    modelId: integer("model_id").notNull(),
    code: text("code").notNull(),
    name: jsonb("name").$type<Localized>().notNull(),
    hex: text("hex").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.code] })],
);

export const problems = pgTable("problems", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  typeId: integer("type_id").notNull(),
  title: jsonb("title").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull(),
  symptoms: jsonb("symptoms").$type<Localized[]>().notNull(),
  sortOrder: integer("sort_order").notNull(),
});

/** Which problems a model can be booked for. */
export const modelProblems = pgTable(
  "model_problems",
  {
    modelId: integer("model_id").notNull(),
    problemId: integer("problem_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.problemId] })],
);

/** Catalogue price of a problem on a model in one currency, used by every carrier without its own price. */
export const cataloguePrices = pgTable(
  "catalogue_prices",
  {
    modelId: integer("model_id").notNull(),
    problemId: integer("problem_id").notNull(),
    currency: text("currency").notNull(),
    price: integer("price").notNull(),
    /** The price before a sale; null when the problem is not on sale. */
    nonSalePrice: integer("non_sale_price"),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.problemId, t.currency] })],
);

export const extras = pgTable("extras", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  title: jsonb("title").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull(),
  deviceTypes: jsonb("device_types").$type<DeviceKind[]>().notNull(),
  /** Minor units by currency. */
  prices: jsonb("prices").$type<Record<string, number>>().notNull(),
  active: boolean("active").notNull().default(true),
});

export const triageQuestions = pgTable("triage_questions", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  question: jsonb("question").$type<Localized>().notNull(),
  required: boolean("required").notNull(),
  options: jsonb("options").$type<{ code: string; label: Localized }[]>().notNull(),
  position: integer("position").notNull(),
  active: boolean("active").notNull().default(true),
});

export const triageQuestionModels = pgTable(
  "triage_question_models",
  {
    questionId: integer("question_id").notNull(),
    modelId: integer("model_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.questionId] })],
);

/* ───────────────────────── partner data (keyed by carrier) ───────────────────────── */

/** One row per carrier synced from the CMS feed (or seeded from a file); `source_hash` lets a re-sync skip unchanged data. */
export const carrierSeeds = pgTable("carrier_seeds", {
  carrierCode: text("carrier_code").primaryKey(),
  sourceHash: text("source_hash").notNull(),
  seededAt: createdAt(),
  /** The CMS feed's revision time of what is stored (ADR 080): an older or equal delivery is ignored. */
  sourceUpdatedAt: timestamp("source_updated_at", { withTimezone: true, mode: "date" }),
});

/** What of the shared catalogue a carrier does not offer (ADR 082); no row: the whole catalogue. */
export const carrierOfferings = pgTable("carrier_offerings", {
  carrierCode: text("carrier_code").primaryKey(),
  excludedMakes: jsonb("excluded_makes").$type<string[]>().notNull(),
  excludedModels: jsonb("excluded_models").$type<string[]>().notNull(),
  excludedProblems: jsonb("excluded_problems").$type<string[]>().notNull(),
});

/** The carrier's working pattern (tenants/<code>/engine.json "roster"); times are local to the carrier. */
export const carrierRosters = pgTable("carrier_rosters", {
  carrierCode: text("carrier_code").primaryKey(),
  workingWeekdays: jsonb("working_weekdays").$type<number[]>().notNull(),
  slotsPerTechnicianPerDay: integer("slots_per_technician_per_day").notNull(),
  firstTimeslot: text("first_timeslot").notNull(),
  timeslotMinutes: integer("timeslot_minutes").notNull(),
  timeslotIntervalMinutes: integer("timeslot_interval_minutes").notNull(),
  /** Latest local time a same-day appointment can be booked; null: never same day. */
  sameDayBookingUntil: text("same_day_booking_until"),
  /** Minutes between now and the earliest appointment window a new booking may get (ADR 110). */
  sameDayLeadMinutes: integer("same_day_lead_minutes").notNull().default(60),
  closedDates: jsonb("closed_dates").$type<string[]>().notNull(),
});

export const carrierPrices = pgTable(
  "carrier_prices",
  {
    carrierCode: text("carrier_code").notNull(),
    modelId: integer("model_id").notNull(),
    problemId: integer("problem_id").notNull(),
    price: integer("price").notNull(),
    nonSalePrice: integer("non_sale_price"),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.modelId, t.problemId] })],
);

export const serviceAreas = pgTable(
  "service_areas",
  {
    carrierCode: text("carrier_code").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    country: text("country").notNull(),
    postcodePrefixes: jsonb("postcode_prefixes").$type<string[]>().notNull(),
    centreLatitude: doublePrecision("centre_latitude").notNull(),
    centreLongitude: doublePrecision("centre_longitude").notNull(),
    radiusKm: doublePrecision("radius_km").notNull(),
    /** The area's own appointments per technician a day (a small remote area); null: the roster's. */
    slotsPerTechnicianPerDay: integer("slots_per_technician_per_day"),
    position: integer("position").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.code] })],
);

export const technicians = pgTable(
  "technicians",
  {
    carrierCode: text("carrier_code").notNull(),
    id: text("id").notNull(),
    areaCode: text("area_code").notNull(),
    name: text("name").notNull(),
    vanRegistration: text("van_registration").notNull(),
    baseLatitude: doublePrecision("base_latitude").notNull(),
    baseLongitude: doublePrecision("base_longitude").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.id] }), index("technicians_area_idx").on(t.carrierCode, t.areaCode)],
);

/** Days (1 Monday … 7 Sunday) a store opens with the same hours, HH:MM (ADR 088). */
export interface OpeningHoursEntry {
  days: number[];
  opens: string;
  closes: string;
}

export const stores = pgTable(
  "stores",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    line1: text("line_1").notNull().default(""),
    line2: text("line_2").notNull().default(""),
    town: text("town").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    dropOffAvailable: boolean("drop_off_available").notNull().default(false),
    /** Validated by booking/catalogue/seed-schema.ts openingHoursSchema; [] when no hours are given. */
    openingHours: jsonb("opening_hours").$type<OpeningHoursEntry[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("stores_carrier_code_idx").on(t.carrierCode, t.code)],
);

export const discountCodes = pgTable(
  "discount_codes",
  {
    carrierCode: text("carrier_code").notNull(),
    /** Stored upper case; codes are matched case-insensitively. */
    code: text("code").notNull(),
    kind: text("kind").$type<"percent" | "fixed">().notNull(),
    /** percent: whole percent 1–100; fixed: minor units of the carrier's currency. */
    value: integer("value").notNull(),
    active: boolean("active").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    /** Not valid before this moment; null: valid from the start. */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    singleUse: boolean("single_use").notNull().default(false),
    /** Completed orders the code may be used for; null: unlimited (single_use means 1). */
    usageLimit: integer("usage_limit"),
    /** Completed orders that used it (ADR 083). */
    usedCount: integer("used_count").notNull().default(0),
    /** The last order that used it. */
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    usedByOrderRef: bigint("used_by_order_ref", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.code] })],
);

/**
 * A limited code is reserved by each booking paying with it (ADR 083): used plus reserved never
 * exceeds the limit, so concurrent payers cannot overshoot it.
 */
export const discountCodeReservations = pgTable(
  "discount_code_reservations",
  {
    carrierCode: text("carrier_code").notNull(),
    code: text("code").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    reservedUntil: timestamp("reserved_until", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.carrierCode, t.code, t.bookingId] }), index("discount_code_reservations_booking_idx").on(t.carrierCode, t.bookingId)],
);

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
  },
  (t) => [
    uniqueIndex("bookings_reference_idx").on(t.reference),
    uniqueIndex("bookings_token_idx").on(t.tokenHash),
    index("bookings_carrier_idx").on(t.carrierCode, t.createdAt),
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
  (t) => [
    uniqueIndex("booking_devices_key_idx").on(t.bookingId, t.key),
    index("booking_devices_carrier_idx").on(t.carrierCode, t.bookingId),
  ],
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
  (t) => [
    uniqueIndex("capacity_holds_booking_idx").on(t.bookingId),
    index("capacity_holds_day_idx").on(t.carrierCode, t.areaCode, t.day),
  ],
);

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
  (t) => [
    uniqueIndex("orders_ref_idx").on(t.orderRef),
    uniqueIndex("orders_booking_idx").on(t.bookingId),
    index("orders_carrier_day_idx").on(t.carrierCode, t.areaCode, t.date),
  ],
);

export type JobWorkStatus = "ON_THE_WAY" | "STARTED" | "COMPLETED";

/** The technician-app steps (spec §2 repair.*), each saved the moment it is done (ADR 099). */
export type JobStepName =
  | "startChecklist"
  | "beforePictures"
  | "addImei"
  | "addSerialNumber"
  | "confirmProblems"
  | "symptomCodes"
  | "addParts"
  | "afterPictures"
  | "repairComplete";

/** What was recorded at the end of a repair, per device id (ADR 099). */
export interface RepairRecord {
  completedAt: string;
  technicianId: string;
  devices: Record<string, { problemIds: number[]; symptoms: string[]; parts: { name: string; quantity: number }[]; beforePictures: string[]; afterPictures: string[]; identifier: string | null }>;
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
  (t) => [
    uniqueIndex("jobs_order_idx").on(t.orderId),
    index("jobs_technician_day_idx").on(t.carrierCode, t.technicianId, t.date),
  ],
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

export type PaymentAttemptStatus = "PENDING" | "SUCCEEDED" | "FAILED";

/**
 * The engine's side of charge idempotency (ADR 014): one row per attempt to take a booking's money.
 * Exactly one caller claims an attempt; the gateway is called with the attempt's idempotency key.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    attempt: integer("attempt").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    paymentType: text("payment_type").notNull(),
    paidViaCredit: boolean("paid_via_credit").notNull().default(false),
    status: text("status").$type<PaymentAttemptStatus>().notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }).notNull(),
    transactionId: text("transaction_id"),
    failureKind: text("failure_kind"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_attempts_key_idx").on(t.idempotencyKey),
    index("payment_attempts_booking_idx").on(t.carrierCode, t.bookingId),
  ],
);

/** The payment adapter's own idempotency ledger (key → record), persisted so a retry after a restart replays. */
export const paymentLedger = pgTable("payment_ledger", {
  key: text("key").primaryKey(),
  record: jsonb("record").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/* ───────────────────────── customer contact and lookup protection (issue 6) ───────────────────────── */

/**
 * Failed order lookups (wrong e-mail or order reference), one row per failure, counted per e-mail
 * and per client address over a sliding window (ADR 031). Only hashes are kept, never the e-mail or
 * the address itself; rows older than the window are deleted as new failures arrive.
 */
export const lookupFailures = pgTable(
  "lookup_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    /** `email` and `client` of the order lookups; `staff-account` and `staff-client` of staff log-ins (ADR 097). */
    scope: text("scope").$type<"email" | "client" | "staff-account" | "staff-client">().notNull(),
    /** SHA-256 of carrier, scope and the normalised e-mail or client address. */
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("lookup_failures_key_idx").on(t.keyHash, t.createdAt), index("lookup_failures_created_idx").on(t.createdAt)],
);

export type ContactStatus = "NEW" | "ANSWERED";

/** Messages sent through the contact form (spec §3 contact payload); operations answer within 48 hours (ADR 033). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The CMS contact reason's id and its title as the customer saw it. */
    reasonId: integer("reason_id").notNull(),
    reasonTitle: text("reason_title").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    captchaProvider: text("captcha_provider").notNull(),
    captchaScore: doublePrecision("captcha_score"),
    status: text("status").$type<ContactStatus>().notNull().default("NEW"),
    /** When the customer should have had an answer: created + 48 hours. */
    replyDueAt: timestamp("reply_due_at", { withTimezone: true, mode: "date" }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("contact_messages_carrier_idx").on(t.carrierCode, t.status, t.createdAt)],
);

/** Call-back requests (spec §3 call-back payload): from the contact page or the 'no dates available' waiting list. */
export const callBackRequests = pgTable(
  "call_back_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    /** The booking the request came from (waiting list); null from the contact page. */
    bookingReference: text("booking_reference"),
    modelVersionId: integer("model_version_id"),
    postcode: text("postcode"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    source: text("source").$type<"contact" | "waiting_list">().notNull(),
    status: text("status").$type<ContactStatus>().notNull().default("NEW"),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("call_back_requests_carrier_idx").on(t.carrierCode, t.status, t.createdAt)],
);

/**
 * Scheduled work (issue 10 items 8 and 9, ADR 091): customer messages due at an instant and the
 * recurring purge of expired draft holds. A worker claims due rows with FOR UPDATE SKIP LOCKED
 * against the engine's clock, so two instances on one Postgres never take the same row.
 */
/** A message job's own facts (ADR 093); values are JSON (an instant as ISO text). */
export interface MessageJobPayload {
  /** The recipient when the message is not to an order's customer (contact form, waiting list). */
  to?: { name?: string; email?: string; phone?: string };
  /** Values as they were at the event (the refund, an offer's link and hold); the order's record fills the rest. */
  values?: {
    orderRef?: string;
    date?: string;
    window?: { start: string; end: string };
    address?: string[];
    refund?: number;
    offerUrl?: string;
    holdUntil?: string;
    devices?: string[];
    /** A hand-over's booking code and its Confirm booking link (ADR 102): the code works once and expires. */
    bookingCode?: string;
    confirmUrl?: string;
  };
  /** The calendar invite the e-mail carries: its METHOD and SEQUENCE as at the event. */
  calendar?: { method: "REQUEST" | "CANCEL"; sequence: number };
}

export type ScheduledJobState = "pending" | "sending" | "sent" | "failed" | "dead" | "cancelled" | "skipped";

export const scheduledJobs = pgTable(
  "scheduled_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /**
     * `message` (one channel of one kind for one order), `purge_holds` (recurring) or
     * `waiting_list_expire` (a waiting-list offer's hold runs out at `run_at`, ADR 094).
     */
    type: text("type").$type<"message" | "purge_holds" | "waiting_list_expire">().notNull(),
    /** Unique: the same message is recorded once, e.g. `100001:evening-before:email:1`. */
    dedupeKey: text("dedupe_key").notNull(),
    /** null for work that is no carrier's (the hold purge covers all). */
    carrierCode: text("carrier_code"),
    orderRef: bigint("order_ref", { mode: "number" }),
    kind: text("kind"),
    channel: text("channel").$type<"email" | "sms">(),
    locale: text("locale"),
    /** Raised when a booking's messages are rescheduled: the old rows are cancelled, new ones get the next sequence. */
    sequence: integer("sequence").notNull().default(1),
    state: text("state").$type<ScheduledJobState>().notNull().default("pending"),
    /** When it is due (first run) or may next be tried (after a transient failure), on the engine's clock. */
    runAt: timestamp("run_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Past this instant it is not worth sending (the appointment day is over): claimed, it ends `skipped`. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    /** While `sending`: after this instant another worker may reclaim the row (its worker died). */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    /** What a message says beyond the order's own record (ADR 093): recipient, values as at the event, the invite. */
    payload: jsonb("payload").$type<MessageJobPayload>(),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("scheduled_jobs_dedupe_idx").on(t.dedupeKey),
    index("scheduled_jobs_due_idx").on(t.state, t.runAt),
    index("scheduled_jobs_order_idx").on(t.orderRef),
  ],
);

/* ───────────────────────── waiting list (issue 10 item 7, ADR 094) ───────────────────────── */

/** waiting → offered → booked, expired or withdrawn; `booked` also when the booking became an order another way. */
export type WaitingListState = "waiting" | "offered" | "booked" | "expired" | "withdrawn";

/**
 * Customers who found no free date in their area: first come, first offered. When capacity frees on
 * a day in the area, the first waiting entry gets a hold on it for the offer time and a link (token,
 * stored hashed) that resumes its very booking with that day selected.
 */
export const waitingList = pgTable(
  "waiting_list",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    carrierCode: text("carrier_code").notNull(),
    bookingId: bigint("booking_id", { mode: "number" }).notNull(),
    bookingReference: text("booking_reference").notNull(),
    areaCode: text("area_code").notNull(),
    postcode: text("postcode").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    locale: text("locale").notNull(),
    /** The site's address the customer joined on (https://host): the offer's link leads back to it. */
    siteUrl: text("site_url").notNull(),
    /** The carrier as the app described it at the join: the scheduler, which has no request, offers with it. */
    carrier: jsonb("carrier").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<WaitingListState>().notNull().default("waiting"),
    /** The queue's order (FIFO); a customer who joins again after leaving goes to the back. */
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date" }).notNull(),
    offeredDay: date("offered_day", { mode: "string" }),
    offeredAt: timestamp("offered_at", { withTimezone: true, mode: "date" }),
    /** The offer's hold ends here (the hold's own expires_at). */
    holdUntil: timestamp("hold_until", { withTimezone: true, mode: "date" }),
    /** SHA-256 of the offer link's token; the token itself is only in the message. */
    offerTokenHash: text("offer_token_hash"),
    /** The link was used (single use). */
    offerUsedAt: timestamp("offer_used_at", { withTimezone: true, mode: "date" }),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waiting_list_booking_email_idx").on(t.carrierCode, t.bookingId, t.email),
    uniqueIndex("waiting_list_offer_token_idx").on(t.offerTokenHash),
    index("waiting_list_queue_idx").on(t.carrierCode, t.areaCode, t.state, t.joinedAt),
    index("waiting_list_hold_until_idx").on(t.state, t.holdUntil),
  ],
);
