/** Partner data keyed by carrier (the tenant): seeds, offerings, rosters, prices, service areas, technicians, stores, discount codes. */
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

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
