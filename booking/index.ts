/**
 * The booking engine's public surface. The web app reaches it only through app/booking.server.ts.
 */
export { createEngine, type Engine, type EngineDependencies, type CarrierArg } from "./engine";
export { defaultEngineConfig, type EngineConfig } from "./context";
export { openDatabase, databaseEnvSchema, type BookingDatabase, type OpenedDatabase, type DatabaseEnv } from "./db/open";
export { createPaymentLedger, type JsonLedger } from "./db/payment-ledger";
export { seedFromTenants, seedCatalogue, seedCarrier, SeedFileError, type SeedReport } from "./catalogue/seed";
export { carrierContext, carrierContextSchema, type CarrierContext, type CarrierContextInput } from "./domain/carrier";
export * from "./domain/errors";
export { assertOneDeviceInWarranty, checkWarrantyFault, inWarrantyBlocked } from "./bookings/warranty-rules";
export type { BookingState, BookingDeviceView, Cart } from "./bookings/state";
export type { BuiltBooking, StoreView } from "./bookings/bookings";
export type { ValidationReport } from "./bookings/checkout";
export type { AvailabilityDay } from "./availability/availability";
export type { OrderView, OrderDeviceView, DateChangeLogEntry, VanLocation } from "./orders/orders";
export type { Make, DeviceType, DeviceKindOption, ModelSummary, ModelVersion, ModelVersionDetail, Colour, PricedProblem, Extra, TriageQuestionView, Locale } from "./catalogue/queries";
export { createLocalFileStorage } from "./adapters/local-files/local-file-storage";
export { systemClock, fixedClock, type Clock } from "./ports/clock";
export type { PaymentGateway } from "./ports/payment-gateway";
export type { AddressProvider } from "./ports/address-provider";
export type { FileStorage } from "./ports/file-storage";
