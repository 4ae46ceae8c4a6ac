/**
 * assembleEngine: the booking engine's operations, bound to a database and the ports, grouped by area
 * (ADR 160: `engine.catalogue`, `engine.basket`, `engine.checkout` …, the map in booking/README.md).
 * Each area declares its operations and their kind once, in its door (`booking/<folder>/door.ts`,
 * ADR 261); this module opens every door with the parts it builds and derives, from the same
 * declarations, what the wrappers need (`ENGINE_AREAS`, `ENGINE_OPERATIONS`, `wrapOperations`).
 * Every operation takes the carrier (tenant) first; it is parsed with zod once per object. Every port
 * is given: the defaults are chosen in the composition root (`createEngine` in compose.ts).
 */
import type { BookingDatabase } from "./db/open";
import { defaultEngineConfig, type EngineConfig, type EngineContext } from "./context";
import { createAvailabilityCache } from "./availability/availability-cache";
import { carrierContext, type CarrierContext } from "./domain/carrier";
import type { AddressProvider } from "./ports/address-provider";
import type { Clock } from "./ports/clock";
import type { FileStorage } from "./ports/file-storage";
import type { PaymentGateway } from "./ports/payment-gateway";
import type { PayLaterProvider } from "./ports/pay-later";
import type { CaptchaVerifier } from "./ports/captcha";
import * as throttle from "./throttle/lookup-throttle";
import { DEFAULT_STAFF_LOGIN_THROTTLE, type StaffLoginThrottleConfig } from "./throttle/staff-login-throttle";
import { DEFAULT_DRAFT_THROTTLE, type DraftThrottleConfig } from "./throttle/draft-throttle";
import type { PaymentWebhookReceiver } from "./ports/payment-notifications";
import type { Notifications } from "./ports/notifications";
import type { OutboxReader } from "./adapters/outbox/outbox-reader";
import type { MessageContentSource } from "./notifications/message-content";
import { createTemplateRenderer, type MessageRenderer } from "./scheduler/renderer";
import type { EngineOutcomes } from "./events/outcomes";
import { createScheduler, type SchedulerLogger, type SchedulerSettings } from "./scheduler/worker";
import { expireOffers } from "./waiting-list/waiting-list";
import { createApiKeyVerifier } from "./api-keys/api-keys";
import { createRateCounter, purgeApiRows } from "./api-keys/rate-limit";
import { read, type CarrierArg, type DbRest, type Door, type DoorKit, type Opened, type OperationKind, type Rest } from "./door";
import { catalogueDoor } from "./catalogue/door";
import { coverageDoor } from "./coverage/door";
import { basketDoor, checkoutDoor } from "./bookings/door";
import { paymentsDoor } from "./payments/door";
import { ordersDoor } from "./orders/door";
import { operationsDoor } from "./operations/door";
import { contactDoor } from "./contact/door";
import { messagesDoor } from "./scheduler/door";
import { webhooksDoor } from "./webhooks/door";
import { waitingListDoor } from "./waiting-list/door";
import { staffDoor } from "./technician/door";
import { serviceDoor } from "./service/door";
import { apiKeysDoor } from "./api-keys/door";

export interface EngineDependencies {
  db: BookingDatabase;
  clock: Clock;
  payments: PaymentGateway;
  addresses: AddressProvider;
  files: FileStorage;
  config?: Partial<EngineConfig>;
  /** Pay later (ADR 022–024); default (compose.ts): the offline sandbox, approving, its ledger in the database. */
  payLater?: PayLaterProvider;
  /** Captcha for the contact form (ADR 032); default (compose.ts): off. */
  captcha?: CaptchaVerifier;
  /** Failed order lookup limits (ADR 031); default: 5 per e-mail, 20 per client address, in 15 minutes. */
  lookupThrottle?: Partial<throttle.LookupThrottleConfig>;
  /** Staff log-in lock-out (ADR 097); default: 5 per account, 20 per client address, in 15 minutes. */
  staffLoginThrottle?: Partial<StaffLoginThrottleConfig>;
  /** Drafts one client may build (ADR 192); default: 30 per client address in 15 minutes. */
  draftThrottle?: Partial<DraftThrottleConfig>;
  /**
   * Verifies provider webhooks (ADR 027); null or absent: none configured. Called on the first
   * webhook, so a credential problem touches only the webhook, as before the composition root.
   */
  paymentWebhooks?: () => PaymentWebhookReceiver | null;
  /** Customer e-mail and SMS (ADR 090); default (compose.ts): the file outbox in data/outbox with the development sender. */
  notifications?: Notifications;
  /** Reads the file outbox for the development outbox page; null or absent: the page is off (production). */
  outbox?: OutboxReader | null;
  /** What a scheduled message says (ADR 091); default: the carrier's templates filled from the order (ADR 093). */
  render?: MessageRenderer;
  /** The carriers' brands and message templates (the CMS feed, ADR 092) the default renderer writes with. */
  messageContent?: MessageContentSource | null;
  /** The durable scheduler's tunables (ADR 091); default `defaultSchedulerSettings`. */
  scheduler?: Partial<SchedulerSettings>;
  schedulerLog?: SchedulerLogger;
  /** Told each real payment and message outcome (ADR 152): the web app's counters. */
  outcomes?: EngineOutcomes;
}

/** The dependencies with every port chosen: what `assembleEngine` takes. */
export type EngineParts = EngineDependencies & Required<Pick<EngineDependencies, "payLater" | "captcha" | "notifications">>;

export type { CarrierArg };

/**
 * Every area's door (ADR 160, ADR 261): `engine.<area>.<operation>` is declared, with its kind, in
 * the door named here (`engine.orders.cancelOrder` → `ordersDoor.cancelOrder` in orders/door.ts →
 * `cancel.cancelOrder` in orders/cancel.ts). A new area is added here and in `assembleEngine`'s answer.
 */
const AREA_DOORS = {
  catalogue: catalogueDoor,
  coverage: coverageDoor,
  basket: basketDoor,
  checkout: checkoutDoor,
  payments: paymentsDoor,
  orders: ordersDoor,
  operations: operationsDoor,
  contact: contactDoor,
  messages: messagesDoor,
  webhooks: webhooksDoor,
  waitingList: waitingListDoor,
  staff: staffDoor,
  service: serviceDoor,
  apiKeys: apiKeysDoor,
};

/** The operations on top, beside the areas. */
const TOP_DOOR = {
  /** What the configured ports can do (ADR 040): the web app asks these, never a provider's name. */
  capabilities: read(({ ctx, webhookReceiver }) => () => ({
    payments: ctx.payments.capabilities,
    payLater: ctx.payLater.capabilities,
    /** Provider webhooks can be verified (an account is configured for them). */
    paymentWebhooks: webhookReceiver() !== null,
    notifications: { email: ctx.notifications.email.capabilities, sms: ctx.notifications.sms.capabilities },
  })),
};

export type EngineArea = keyof typeof AREA_DOORS;
/** The engine's areas, one per group of folders (ADR 160; the map in booking/README.md), as their doors are named above. */
export const ENGINE_AREAS = Object.keys(AREA_DOORS) as readonly EngineArea[];

/** A declared operation: its name as the engine's callers write it (`basket.getBooking`, `capabilities`) and its kind. */
export interface DeclaredOperation {
  name: string;
  /** null for an operation on top (`capabilities`). */
  area: EngineArea | null;
  operation: string;
  kind: OperationKind;
}

/** Every operation the doors declare, with its kind: the wrappers' one source (ADR 261). */
export const ENGINE_OPERATIONS: readonly DeclaredOperation[] = [
  ...Object.entries(TOP_DOOR).map(([operation, declared]) => ({ name: operation, area: null, operation, kind: declared.kind })),
  ...ENGINE_AREAS.flatMap((area) =>
    Object.entries(AREA_DOORS[area] as Door).map(([operation, declared]) => ({ name: `${area}.${operation}`, area, operation, kind: declared.kind })),
  ),
];

/** A door's operations built from the engine's parts, each with the kit of its declared kind. */
function openDoor<D extends Door>(door: D, kits: Record<OperationKind, DoorKit>): Opened<D> {
  const opened: Record<string, unknown> = {};
  for (const [name, declared] of Object.entries(door)) opened[name] = declared.open(kits[declared.kind]);
  return opened as Opened<D>;
}

export function assembleEngine(deps: EngineParts) {
  const ctx: EngineContext = {
    db: deps.db,
    clock: deps.clock,
    payments: deps.payments,
    payLater: deps.payLater,
    addresses: deps.addresses,
    files: deps.files,
    notifications: deps.notifications,
    config: { ...defaultEngineConfig, ...deps.config },
    outcomes: deps.outcomes,
  };
  const parsed = new WeakMap<object, CarrierContext>();
  const carrierOf = (carrier: CarrierArg): CarrierContext => {
    const known = parsed.get(carrier);
    if (known) return known;
    const value = carrierContext(carrier);
    parsed.set(carrier, value);
    return value;
  };
  // A booking's availability is reused within a clock second until an operation of its carrier runs (ADR 185).
  const availabilityAnswers = createAvailabilityCache();

  // What a message says: the scheduler sends with it, and customer service reads a message with it (ADR 255).
  const render = deps.render ?? createTemplateRenderer({ db: ctx.db, content: deps.messageContent ?? null });
  const scheduler = createScheduler({
    db: ctx.db,
    clock: ctx.clock,
    notifications: ctx.notifications,
    render,
    settings: deps.scheduler,
    log: deps.schedulerLog,
    onMessage: deps.outcomes?.message ? (event) => deps.outcomes?.message?.(event) : undefined,
    expireWaitingListOffers: async (now) => {
      // An expired offer passes its day on to the next customer waiting: any carrier's availability may change.
      try {
        return await expireOffers(ctx.db, now, ctx.config.waitingListOfferMinutes);
      } finally {
        availabilityAnswers.dropAll();
      }
    },
    purgeApiRows: (now) => purgeApiRows(ctx, now),
  });
  const throttleConfig: throttle.LookupThrottleConfig = { ...throttle.DEFAULT_LOOKUP_THROTTLE, ...deps.lookupThrottle };

  /**
   * An operation `(ctx, carrier, …)` bound to the engine with its declared kind. Any operation on a
   * carrier may change its bookings (a day held, released, an order moved), so a `write` drops the
   * carrier's reused availability when it starts and when it has finished; a `read` leaves it.
   */
  const opFor =
    (kind: OperationKind): DoorKit["op"] =>
    <F extends (ctx: EngineContext, carrier: CarrierContext, ...rest: never[]) => unknown>(fn: F) =>
      // async: a bad carrier rejects the promise like every other error, never throws synchronously.
      (async (carrier: CarrierArg, ...rest: never[]) => {
        const parsed = carrierOf(carrier);
        if (kind === "read") return fn(ctx, parsed, ...rest);
        const done = availabilityAnswers.writing(parsed.code);
        try {
          return await fn(ctx, parsed, ...rest);
        } finally {
          done();
        }
      }) as Rest<F>;
  /** The parts every door is opened with, built once per engine. */
  const parts: Omit<DoorKit, "op"> = {
    ctx,
    carrierOf,
    query: <F extends (db: BookingDatabase, carrier: CarrierContext, ...rest: never[]) => unknown>(fn: F) =>
      (async (carrier: CarrierArg, ...rest: never[]) => fn(ctx.db, carrierOf(carrier), ...rest)) as DbRest<F>,
    sends: <F extends (...args: never[]) => Promise<unknown>>(fn: F) =>
      (async (...args: Parameters<F>) => {
        const result = await fn(...args);
        scheduler.nudge();
        return result;
      }) as F,
    availability: availabilityAnswers,
    scheduler,
    render,
    captcha: deps.captcha,
    outbox: deps.outbox ?? null,
    webhookReceiver: () => deps.paymentWebhooks?.() ?? null,
    withLookupThrottle: (carrier, subject, operation) => throttle.withLookupThrottle(ctx.db, carrier, subject, () => ctx.clock.now(), throttleConfig, operation),
    keyVerifier: createApiKeyVerifier(ctx),
    rateCounter: createRateCounter(ctx),
    staffLoginConfig: { ...DEFAULT_STAFF_LOGIN_THROTTLE, ...deps.staffLoginThrottle },
    draftConfig: { ...DEFAULT_DRAFT_THROTTLE, ...deps.draftThrottle },
  };
  const kits: Record<OperationKind, DoorKit> = { read: { ...parts, op: opFor("read") }, write: { ...parts, op: opFor("write") } };

  return {
    config: ctx.config,

    /** The worker's timer, started by the app process (app/booking.server.ts) and stopped on close. */
    scheduler,

    /**
     * What the booked-page cache at the edge needs to keep pages that move with the clock and with
     * other visitors' bookings (ADR 233): the engine's clock, and ADR 185's signal that an operation
     * which may change a carrier's bookings runs (`isWriting`) or started or finished (`subscribe`).
     */
    pageFreshness: {
      now: (): Date => ctx.clock.now(),
      isWriting: (carrierCode: string): boolean => availabilityAnswers.isWriting(carrierCode),
      subscribe: (listener: (carrierCode: string | null) => void): (() => void) => availabilityAnswers.subscribe(listener),
    },

    ...openDoor(TOP_DOOR, kits),
    catalogue: openDoor(AREA_DOORS.catalogue, kits),
    coverage: openDoor(AREA_DOORS.coverage, kits),
    basket: openDoor(AREA_DOORS.basket, kits),
    checkout: openDoor(AREA_DOORS.checkout, kits),
    payments: openDoor(AREA_DOORS.payments, kits),
    orders: openDoor(AREA_DOORS.orders, kits),
    operations: openDoor(AREA_DOORS.operations, kits),
    contact: openDoor(AREA_DOORS.contact, kits),
    messages: openDoor(AREA_DOORS.messages, kits),
    webhooks: openDoor(AREA_DOORS.webhooks, kits),
    waitingList: openDoor(AREA_DOORS.waitingList, kits),
    staff: openDoor(AREA_DOORS.staff, kits),
    service: openDoor(AREA_DOORS.service, kits),
    apiKeys: openDoor(AREA_DOORS.apiKeys, kits),
  };
}

export type Engine = ReturnType<typeof assembleEngine>;

export type CatalogueArea = Engine["catalogue"];
export type CoverageArea = Engine["coverage"];
export type BasketArea = Engine["basket"];
export type CheckoutArea = Engine["checkout"];
export type PaymentsArea = Engine["payments"];
export type OrdersArea = Engine["orders"];
export type OperationsArea = Engine["operations"];
export type ContactArea = Engine["contact"];
export type MessagesArea = Engine["messages"];
export type WebhooksArea = Engine["webhooks"];
export type WaitingListArea = Engine["waitingList"];
export type StaffArea = Engine["staff"];
export type ApiKeysArea = Engine["apiKeys"];
export type CustomerServiceArea = Engine["service"];

/** One of the engine's operations, as `wrapOperations` hands it over. */
export type Operation = (...args: unknown[]) => unknown;

/**
 * The same engine with every declared operation (the top-level ones and each area's) passed through
 * `wrap` once, here, with no Proxy: the configuration, the scheduler and the page freshness signal are
 * the same objects. The database guard (ADR 145), the test clock (ADR 034) and the web door wrap the
 * engine with it; `wrap` is told the operation's name as the engine's callers write it
 * (`basket.getBooking`, `capabilities`) and its declared kind. What a hand-made engine (a test's) lacks stays absent.
 */
export function wrapOperations(engine: Engine, wrap: (operation: Operation, declared: DeclaredOperation) => Operation): Engine {
  const wrapped: Record<string, unknown> = { ...engine };
  const areas = new Map<EngineArea, Record<string, unknown>>();
  for (const declared of ENGINE_OPERATIONS) {
    const source = (declared.area ? engine[declared.area] : engine) as Record<string, unknown> | undefined;
    const operation = source?.[declared.operation];
    if (typeof operation !== "function") continue;
    let target = wrapped;
    if (declared.area) {
      target = areas.get(declared.area) ?? { ...source };
      areas.set(declared.area, target);
      wrapped[declared.area] = target;
    }
    target[declared.operation] = wrap(operation as Operation, declared);
  }
  return wrapped as Engine;
}
