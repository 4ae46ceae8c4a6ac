/**
 * The booking engine's whole public surface (ADR 041): nothing outside booking/ imports a deeper
 * path (app/architecture.test.ts). The web app reaches it through app/booking.server.ts.
 */
export {
  composeEngine,
  engineFromEnvironment,
  adaptersFromConfig,
  operationsSourceFromConfig,
  notificationsFromConfig,
  type ComposedEngine,
  type ComposeOptions,
  type TestClock,
} from "./compose";
export {
  createOperationsSync,
  routeChange,
  isOperationsModel,
  type OperationsSync,
  type OperationsChange,
  type OperationsLogger,
  type SyncOutcome,
  type ChangeRoute,
} from "./operations/sync";
export { createCmsFeedSource } from "./adapters/cms-feed/cms-feed-source";
export type { OperationsSource } from "./operations/operations-source";
export {
  engineConfigShape,
  engineConfigSchema,
  checkEngineConfig,
  parseEngineConfig,
  testClockAllowed,
  outboxPageAllowed,
  blankToUndefined,
  formatConfigIssues,
  type EngineConfiguration,
  browserWidgets,
  type BrowserWidgets,
} from "./config";
export { createEngine } from "./compose";
export {
  assembleEngine,
  wrapOperations,
  ENGINE_AREAS,
  ENGINE_OPERATIONS,
  type DeclaredOperation,
  type Engine,
  type EngineArea,
  type EngineDependencies,
  type EngineParts,
  type CarrierArg,
  type Operation,
  // Each area's operations (ADR 160; the map in booking/README.md).
  type CatalogueArea,
  type CoverageArea,
  type BasketArea,
  type CheckoutArea,
  type PaymentsArea,
  type OrdersArea,
  type OperationsArea,
  type ContactArea,
  type MessagesArea,
  type WaitingListArea,
  type StaffArea,
  type CustomerServiceArea,
  type ApiKeysArea,
  type WebhooksArea,
} from "./engine";
export type { OperationKind } from "./door";
export { defaultEngineConfig, type EngineConfig } from "./context";
export { openDatabase, databaseEnvSchema, type BookingDatabase, type OpenedDatabase, type DatabaseEnv } from "./db/open";
export { DatabaseUnavailableError, isDatabaseUnavailable, asDatabaseUnavailable } from "./db/unavailable";
export { createPaymentLedger, type JsonLedger } from "./db/payment-ledger";
export { seedFromTenants, seedCatalogue, SeedFileError, type SeedReport } from "./catalogue/seed";
export { seedCarrier } from "./catalogue/seed-carrier";
export { carrierContext, carrierContextSchema, type CarrierContext, type CarrierContextInput } from "./domain/carrier";
export * from "./domain/errors";
export { assertOneDeviceInWarranty, checkWarrantyFault, inWarrantyBlocked } from "./bookings/warranty-rules";
export type { BookingState, BookingDeviceView, Cart } from "./bookings/state";
export type { BuiltBooking } from "./bookings/draft";
export type { StoreView } from "./coverage/places";
export type { ValidationReport } from "./bookings/readiness";
export type { AvailabilityDay } from "./availability/availability";
export type { OrderView, OrderDeviceView, DateChangeLogEntry, VanLocation } from "./orders/index";
export type { OrderActor, OrderHistoryEntry, OrderState, OrderStateSummary } from "./records/history";
export type {
  Make,
  DeviceType,
  DeviceKindOption,
  ModelSummary,
  ModelVersion,
  ModelVersionDetail,
  Colour,
  PricedProblem,
  Extra,
  TriageQuestionView,
  Locale,
} from "./catalogue/queries";
export { createLocalFileStorage } from "./adapters/local-files/local-file-storage";
export { systemClock, fixedClock, type Clock } from "./ports/clock";
export type { PaymentGateway } from "./ports/payment-gateway";
export type { AddressProvider } from "./ports/address-provider";
export type { FileStorage } from "./ports/file-storage";
export type { EngineOutcomes, MessageOutcome, MessageOutcomeEvent, PaymentOutcome, PaymentOutcomeEvent } from "./events/outcomes";
export { createContentInvalidationBus, CONTENT_INVALIDATION_CHANNEL, type ContentInvalidation, type ContentInvalidationBus } from "./events/content-invalidation";
export type { PaymentCapabilities, Currency } from "./ports/payment-gateway";
export type { PayLaterCapabilities, PayLaterProvider } from "./ports/pay-later";
export type { CaptchaProvider, CaptchaVerifier } from "./ports/captcha";
export type { PaymentWebhookDelivery, PaymentWebhookReceiver } from "./ports/payment-notifications";
export {
  NotificationSendError,
  type Notifications,
  type EmailSender,
  type SmsSender,
  type EmailMessage,
  type SmsMessage,
  type SendReceipt,
  type SenderCapabilities,
} from "./ports/notifications";
export { createOutboxSenders } from "./adapters/outbox/outbox-senders";
export { renderMessage, type RenderMessageInput, type RenderedCustomerMessage, type MessageBrand, type MessageTemplate, type MessageValues } from "./notifications/render";
export { composeMessage, type MessageRequest } from "./notifications/compose-message";
export { CUSTOMER_MESSAGE_KINDS, type CustomerMessageKind } from "./notifications/template-kinds";
export { createCmsMessageContent } from "./adapters/cms-feed/cms-message-content";
export { MessageContentUnavailableError, type MessageContent, type MessageContentSource } from "./notifications/message-content";
export type { OutboxEntry, OutboxEmailEntry, OutboxSmsEntry, OutboxListing } from "./adapters/outbox/outbox-reader";
export { MAX_WEBHOOK_BODY_BYTES, type PaymentWebhookAnswer } from "./payments/webhooks";

// What the web app shows or checks of the engine's rules (issue 6 and the device steps).
export { MAX_PROOF_BYTES } from "./domain/image-sniff";
export { hasForbiddenCharacters, withoutForbiddenCharacters, ATTRIBUTION_TOKEN_PATTERN } from "./domain/inputs";
export { PROOF_FORMAT_MESSAGE } from "./orders/index";
export { IMEI_MESSAGES, SERIAL_MESSAGES } from "./domain/imei";
export { TABLET_MAKE_MESSAGE } from "./domain/identifiers";
export { TooManyAttemptsError, type LookupSubject } from "./throttle/lookup-throttle";
export { CaptchaFailedError, REPLY_WITHIN_HOURS, SEND_MESSAGE_ACTION, type ContactMessageView, type CallBackView } from "./contact/contact";
export type { TechnicianTracking } from "./orders/tracking";
export type { JobView, JobDeviceView, StepState, JobStep } from "./technician/technician";
export type { PositionReceipt } from "./technician/on-my-way";
export { MAX_POSITION_ACCURACY_M, MIN_POSITION_INTERVAL_MS, POSITION_STALE_AFTER_MS, VAN_URBAN_SPEED_KMH, reportedPosition } from "./tracking/rules";
export { CHECKLIST_ITEMS, MAX_PICTURES } from "./technician/technician";
export type { IrisCode } from "./db/schema/catalogue";
export type { AreaDay, AreaJob, CapacityDay } from "./technician/area";
export { MESSAGE_KINDS, planMessages, type ScheduledMessageKind, type ScheduledMessageView } from "./records/messages";
export { createTemplateRenderer, customerLinks, type MessageRenderer, type RenderRequest, type RenderedMessage } from "./scheduler/renderer";
export { createScheduler, defaultSchedulerSettings, type Scheduler, type SchedulerSettings, type SchedulerLogger, type PassSummary } from "./scheduler/worker";
export type { ScheduledJobView } from "./scheduler/jobs";
export { API_KEY_SCOPES, type ApiKeyScope, type ApiKeyView, type IssuedApiKey, type VerifiedApiKey } from "./api-keys/api-keys";
