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
export * from "./schema/catalogue";
export * from "./schema/partners";
export * from "./schema/bookings";
export * from "./schema/orders";
export * from "./schema/payments";
export * from "./schema/contact";
export * from "./schema/scheduled-jobs";
export * from "./schema/waiting-list";
export * from "./schema/api";
export * from "./schema/service";
export * from "./schema/webhooks";
export * from "./schema/history";
