/**
 * assembleEngine: the booking engine's operations, bound to a database and the ports, grouped by area
 * (ADR 160: `engine.catalogue`, `engine.basket`, `engine.checkout` …, the map in booking/README.md).
 * Every operation takes the carrier (tenant) first; it is parsed with zod once per object. Every port
 * is given: the defaults are chosen in the composition root (`createEngine` in compose.ts).
 */
import { z } from "zod";
import type { BookingDatabase } from "./db/open";
import { defaultEngineConfig, type EngineConfig, type EngineContext } from "./context";
import * as availability from "./availability/availability";
import { createAvailabilityCache } from "./availability/availability-cache";
import * as bookings from "./bookings/bookings";
import * as repository from "./bookings/repository";
import * as checkout from "./bookings/checkout";
import * as catalogue from "./catalogue/queries";
import { areaForPostcode } from "./coverage/coverage";
import { carrierContext, type CarrierContext, type CarrierContextInput } from "./domain/carrier";
import * as orders from "./orders/orders";
import { countAffectedBookings } from "./operations/bookings-count";
import { carrierSetupView, testPostcode } from "./operations/setup-view";
import type { AddressProvider } from "./ports/address-provider";
import type { Clock } from "./ports/clock";
import type { FileStorage } from "./ports/file-storage";
import type { PaymentGateway } from "./ports/payment-gateway";
import type { PayLaterProvider } from "./ports/pay-later";
import * as payLater from "./bookings/pay-later";
import { calendarDate, shortText } from "./domain/inputs";
import { parseInput } from "./domain/validate";
import * as contact from "./contact/contact";
import type { CaptchaVerifier } from "./ports/captcha";
import * as throttle from "./throttle/lookup-throttle";
import * as staffThrottle from "./throttle/staff-login-throttle";
import * as draftThrottle from "./throttle/draft-throttle";
import { trackTechnician } from "./tracking/tracking";
import * as notifications from "./payments/notifications";
import type { NotificationScope, PaymentNotification, PaymentWebhookDelivery, PaymentWebhookReceiver } from "./ports/payment-notifications";
import * as webhooks from "./payments/webhooks";
import type { Notifications } from "./ports/notifications";
import type { OutboxReader } from "./adapters/outbox/outbox-reader";
import * as scheduled from "./scheduler/messages";
import type { MessageContentSource } from "./ports/message-content";
import { createTemplateRenderer, type MessageRenderer } from "./scheduler/renderer";
import type { EngineOutcomes } from "./events/outcomes";
import { createScheduler, type PassScope, type SchedulerLogger, type SchedulerSettings } from "./scheduler/worker";
import * as jobs from "./scheduler/jobs";
import * as webhookDeliveries from "./webhooks/deliveries";
import * as waitingList from "./waiting-list/waiting-list";
import * as technician from "./technician/technician";
import * as areaManager from "./technician/area";
import * as apiKeys from "./api-keys/api-keys";
import * as idempotency from "./api-keys/idempotency";
import * as rateLimit from "./api-keys/rate-limit";
import * as service from "./service/service";

const addressFindInput = z.object({ text: shortText(200).default(""), container: shortText(200).optional().nullable() });
const addressIdInput = z.string().trim().min(1).max(200);
const geocodeInput = z.string().trim().min(1).max(400);
const outboxInput = z.object({
  carrierCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .nullish(),
  limit: z.number().int().min(1).max(500).optional(),
});

const areaAvailabilityInput = z.object({
  areaCode: z.string().min(1).max(60),
  startDate: calendarDate.optional().nullable(),
  daysToLoad: z.number().int().min(1).max(availability.MAX_DAYS_TO_LOAD).optional(),
  selectedDate: calendarDate.optional().nullable(),
});

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
  staffLoginThrottle?: Partial<staffThrottle.StaffLoginThrottleConfig>;
  /** Drafts one client may build (ADR 192); default: 30 per client address in 15 minutes. */
  draftThrottle?: Partial<draftThrottle.DraftThrottleConfig>;
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

export type CarrierArg = CarrierContext | CarrierContextInput;

type Rest<F> = F extends (ctx: EngineContext, carrier: CarrierContext, ...rest: infer R) => infer O ? (carrier: CarrierArg, ...rest: R) => O : never;
type DbRest<F> = F extends (db: BookingDatabase, carrier: CarrierContext, ...rest: infer R) => infer O ? (carrier: CarrierArg, ...rest: R) => O : never;

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
  /**
   * An operation on a carrier. Any of them may change the carrier's bookings (a day held, released,
   * an order moved), so each drops the carrier's reused availability when it starts and when it has
   * finished, unless it is one of the few `read` ones.
   */
  function op<F extends (ctx: EngineContext, carrier: CarrierContext, ...rest: never[]) => unknown>(fn: F, kind: "write" | "read" = "write"): Rest<F> {
    // async: a bad carrier rejects the promise like every other error, never throws synchronously.
    return (async (carrier: CarrierArg, ...rest: never[]) => {
      const parsed = carrierOf(carrier);
      if (kind === "read") return fn(ctx, parsed, ...rest);
      const done = availabilityAnswers.writing(parsed.code);
      try {
        return await fn(ctx, parsed, ...rest);
      } finally {
        done();
      }
    }) as Rest<F>;
  }
  function query<F extends (db: BookingDatabase, carrier: CarrierContext, ...rest: never[]) => unknown>(fn: F): DbRest<F> {
    return (async (carrier: CarrierArg, ...rest: never[]) => fn(ctx.db, carrierOf(carrier), ...rest)) as DbRest<F>;
  }

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
        return await waitingList.expireOffers(ctx.db, now, ctx.config.waitingListOfferMinutes);
      } finally {
        availabilityAnswers.dropAll();
      }
    },
    purgeApiRows: (now) => rateLimit.purgeApiRows(ctx, now),
  });
  /** An operation that may record messages due now (ADR 093): the worker is nudged once it has committed. */
  function sends<F extends (...args: never[]) => Promise<unknown>>(fn: F): F {
    return (async (...args: Parameters<F>) => {
      const result = await fn(...args);
      scheduler.nudge();
      return result;
    }) as F;
  }
  const captcha = deps.captcha;
  const webhookReceiver = () => deps.paymentWebhooks?.() ?? null;
  const throttleConfig: throttle.LookupThrottleConfig = { ...throttle.DEFAULT_LOOKUP_THROTTLE, ...deps.lookupThrottle };
  const withThrottle = <T>(carrier: CarrierContext, subject: throttle.LookupSubject, operation: () => Promise<T>) =>
    throttle.withLookupThrottle(ctx.db, carrier, subject, () => ctx.clock.now(), throttleConfig, operation);

  const keyVerifier = apiKeys.createApiKeyVerifier(ctx);
  const rateCounter = rateLimit.createRateCounter(ctx);

  const staffLoginConfig: staffThrottle.StaffLoginThrottleConfig = { ...staffThrottle.DEFAULT_STAFF_LOGIN_THROTTLE, ...deps.staffLoginThrottle };
  const draftConfig: draftThrottle.DraftThrottleConfig = { ...draftThrottle.DEFAULT_DRAFT_THROTTLE, ...deps.draftThrottle };

  return {
    config: ctx.config,

    /** What the configured ports can do (ADR 040): the web app asks these, never a provider's name. */
    capabilities: () => ({
      payments: ctx.payments.capabilities,
      payLater: ctx.payLater.capabilities,
      /** Provider webhooks can be verified (an account is configured for them). */
      paymentWebhooks: webhookReceiver() !== null,
      notifications: { email: ctx.notifications.email.capabilities, sms: ctx.notifications.sms.capabilities },
    }),

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

    // catalogue/ (spec §7 "Catalogue and others")
    catalogue: {
      listMakes: query(catalogue.listMakes),
      listDeviceTypes: query(catalogue.listDeviceTypes),
      listDeviceKinds: query(catalogue.listDeviceKinds),
      listModels: query(catalogue.listModels),
      getModel: query(catalogue.getModel),
      listVersions: query(catalogue.listVersions),
      getModelVersion: query(catalogue.getModelVersion),
      getModelVersionWithWarranty: query(catalogue.getModelVersionWithWarranty),
      listColours: query(catalogue.listColours),
      listProblems: query(catalogue.listProblems),
      listExtras: query(catalogue.listExtras),
      listTriageQuestions: query(catalogue.listTriageQuestions),
    },

    // coverage/, availability/ and the address port: where and when the carrier repairs (spec §7 loqate address-find, address-retrieve, geocode)
    coverage: {
      /** The service area of a postcode; BK04 when invalid or not covered. */
      checkPostcode: async (carrier: CarrierArg, postcode: unknown) => {
        const { area, postcode: normalised } = await areaForPostcode(ctx.db, carrierOf(carrier), postcode);
        return { postcode: normalised.display, area: { code: area.code, name: area.name } };
      },
      /** Whether an address is covered, without a booking and without writing (ADR 191); BK04 or VALIDATION as setAddress. */
      checkAddress: op(bookings.checkAddress),
      /** Availability of an area without a booking (landing pages, capacity dashboards). */
      areaAvailability: async (carrier: CarrierArg, query: z.input<typeof areaAvailabilityInput>) =>
        availability.loadAvailability(ctx.db, carrierOf(carrier), ctx.clock.now(), parseInput(areaAvailabilityInput, query)),
      /** Deletes expired draft holds (they already stopped counting); a housekeeping job may call it. */
      purgeExpiredHolds: async (carrier: CarrierArg) => availability.purgeExpiredHolds(ctx.db, carrierOf(carrier), ctx.clock.now()),
      locateStores: op(bookings.locateStores),
      findAddresses: async (carrier: CarrierArg, input: z.input<typeof addressFindInput>) => {
        const { text, container } = parseInput(addressFindInput, input);
        return ctx.addresses.find({ text, container: container || undefined, country: carrierOf(carrier).countryCode });
      },
      /** The full address of a retrievable suggestion; null when unknown or in another country. */
      retrieveAddress: async (carrier: CarrierArg, addressId: unknown) => {
        const address = await ctx.addresses.retrieve(parseInput(addressIdInput, addressId, "id"));
        return address && address.country === carrierOf(carrier).countryCode ? address : null;
      },
      geocodeAddress: async (carrier: CarrierArg, text: unknown) =>
        ctx.addresses.geocode({ country: carrierOf(carrier).countryCode, text: parseInput(geocodeInput, text, "text") }),
    },

    // bookings/bookings.ts: the draft booking (spec §7 "Bookings")
    basket: {
      buildBooking: op(bookings.buildBooking),
      /** A draft a web visitor builds, behind the per-client limit (ADR 192): TOO_MANY_ATTEMPTS (429) at it. */
      buildBookingForClient: async (carrier: CarrierArg, input: Parameters<typeof bookings.buildBooking>[2], client: { clientAddress: string | null }) => {
        const parsed = carrierOf(carrier);
        return draftThrottle.withDraftThrottle(
          ctx.db,
          parsed,
          client.clientAddress,
          () => ctx.clock.now(),
          draftConfig,
          () => bookings.buildBooking(ctx, parsed, input),
        );
      },
      getBooking: op(bookings.getBooking, "read"),
      /** A booked page's cache key parts (ADR 225): the booking's version, carrier, status, promo code and catalogue revision in one query; null when unknown. */
      pageVersion: (reference: unknown) => repository.bookedPageVersion(ctx.db, reference),
      getBookingByToken: op(bookings.getBookingByToken),
      issueResumeToken: sends(op(bookings.issueResumeToken)),
      redeemResumeToken: op(bookings.redeemResumeToken),
      setPostcode: op(bookings.setPostcode),
      setAddress: op(bookings.setAddress),
      setStore: op(bookings.setStore),
      clearStore: op(bookings.clearStore),
      setDropOff: op(bookings.setDropOff),
      clearDropOff: op(bookings.clearDropOff),
      setMailIn: op(bookings.setMailIn),
      clearMailIn: op(bookings.clearMailIn),
      addDevice: op(bookings.addDevice),
      getDevice: op(bookings.getDevice, "read"),
      updateDevice: op(bookings.updateDevice),
      removeDevice: op(bookings.removeDevice),
      setWarranty: op(bookings.setWarranty),
      setCustomerDetails: op(bookings.setCustomerDetails),
      applyDiscountCode: op(bookings.applyDiscountCode),
      removeDiscountCode: op(bookings.removeDiscountCode),
      /** Reused within the clock second while no operation of the carrier runs (ADR 185): a day booked through this engine never shows free afterwards. */
      loadAvailability: async (carrier: CarrierArg, reference: unknown, input?: Parameters<typeof bookings.bookingAvailability>[3]) => {
        const parsed = carrierOf(carrier);
        const days = await availabilityAnswers.read(parsed.code, JSON.stringify([reference, input ?? {}]), ctx.clock.now(), () =>
          bookings.bookingAvailability(ctx, parsed, reference, input),
        );
        // Shared between callers: each gets its own copy.
        return days.map((day) => ({ ...day }));
      },
      setDate: op(bookings.setDate),
      /** 'Clear booking': releases the draft's day and its reserved promo code (BK07 once it is an order). */
      abandonBooking: op(bookings.abandonBooking),
    },

    // bookings/checkout.ts and bookings/pay-later.ts: validation, payment, the order (spec §7 "Bookings", issue 5)
    checkout: {
      /** Reads only (spec §7 POST /{ref}/validate): it leaves the carrier's availability answers and clock-bound pages kept (ADR 233). */
      validateBooking: op(checkout.validateBooking, "read"),
      generateBillingTokens: op(checkout.generateBillingTokens),
      confirmInWarranty: sends(op(checkout.confirmInWarranty)),
      confirmPromo: sends(op(checkout.confirmPromo)),
      charge: sends(op(checkout.charge)),
      paymentAttempts: op(checkout.paymentAttempts),
      /** Completes or releases payments whose request died and was never sent again (ADR 142). */
      recoverAbandonedPayments: sends(op(checkout.recoverAbandonedPayments)),
      updatePayLaterSession: op(payLater.updatePayLaterSession),
      authorizePayLater: op(payLater.authorizePayLater),
      paymentProviders: () => ({ card: ctx.payments.name, payLater: ctx.payLater.name }),
    },

    // payments/: provider webhooks and payment events (ADR 027)
    payments: {
      /** A provider's webhook delivery: verified by its adapter, then recorded against the order (ADR 027). */
      handlePaymentWebhook: sends(async (delivery: PaymentWebhookDelivery) => webhooks.handlePaymentWebhook(ctx, webhookReceiver(), delivery)),
      /** A provider's verified webhook (dispute, settlement change), recorded against the order (ADR 027). */
      recordPaymentNotification: async (notification: PaymentNotification, scope?: NotificationScope) => notifications.recordPaymentNotification(ctx, notification, scope),
      orderPaymentEvents: op(notifications.orderPaymentEvents),
    },

    // orders/, tracking/ and the lookup throttle: the manage page (spec §7 "Orders", issue 6)
    orders: {
      lookupOrder: op(orders.lookupOrder),
      orderDevices: op(orders.orderDevices),
      cancelOrder: sends(op(orders.cancelOrder)),
      orderAvailability: op(orders.orderAvailability, "read"),
      orderWindows: op(orders.orderWindows, "read"),
      changeOrderDate: sends(op(orders.changeOrderDate)),
      dateChangeLog: op(orders.dateChangeLog, "read"),
      recordDateChange: op(orders.recordDateChange),
      changeOrderAddress: sends(op(orders.changeOrderAddress)),
      setOrderDeviceImei: sends(op(orders.setOrderDeviceImei)),
      uploadProofOfPurchase: sends(op(orders.uploadProofOfPurchase)),
      vanLocation: op(orders.vanLocation),
      /** Wrong e-mail or reference lookups are counted and throttled (ADR 031); see `withLookupThrottle`. */
      lookupOrderThrottled: async (carrier: CarrierArg, lookup: orders.OrderLookup, subject: { clientAddress?: string | null } = {}) =>
        withThrottle(carrierOf(carrier), { email: lookup.email, clientAddress: subject.clientAddress }, () => orders.lookupOrder(ctx, carrierOf(carrier), lookup)),
      /** Runs any operation that proves ownership with e-mail and reference behind the lookup throttle. */
      withLookupThrottle: async <T>(carrier: CarrierArg, subject: throttle.LookupSubject, operation: () => Promise<T>) => withThrottle(carrierOf(carrier), subject, operation),
      trackTechnician: op(trackTechnician),
    },

    // operations/: what the CMS asks of the engine's operations data (issue 9 item 7)
    operations: {
      /** Orders a service area's removal or closed dates would touch (issue 9 item 7: the CMS warns with it). */
      countAffectedBookings: op(countAffectedBookings),
      /** The engine's view of a carrier for the CMS's setup checklist: synced, when, which revision, bookable now (ADR 195). */
      carrierSetupView: op(carrierSetupView, "read"),
      /** The postcode tester: the area serving a postcode and its next free day, or why none (ADR 195). */
      testPostcode: op(testPostcode, "read"),
    },

    // contact/: customer contact (issue 6)
    contact: {
      captchaProvider: () => ({ provider: captcha.provider, siteKey: captcha.siteKey }),
      /** The contact form's message; `trustedCaller` (a server-side partner API key, ADR 176) asks no captcha. */
      sendContactMessage: sends(async (carrier: CarrierArg, input: contact.ContactMessageInput, options?: contact.ContactMessageOptions) =>
        contact.sendContactMessage({ db: ctx.db, clock: ctx.clock, captcha }, carrierOf(carrier), input, options),
      ),
      requestCallBack: sends(async (carrier: CarrierArg, bookingReference: string | null, input: contact.CallBackInput) =>
        contact.requestCallBack(ctx, carrierOf(carrier), bookingReference, input),
      ),
      listContactMessages: async (carrier: CarrierArg, input?: Parameters<typeof contact.listContactMessages>[2]) => contact.listContactMessages(ctx, carrierOf(carrier), input),
      listCallBackRequests: async (carrier: CarrierArg, input?: Parameters<typeof contact.listCallBackRequests>[2]) => contact.listCallBackRequests(ctx, carrierOf(carrier), input),
      markContactMessageAnswered: async (carrier: CarrierArg, id: number) => contact.markContactMessageAnswered(ctx, carrierOf(carrier), id),
    },

    // scheduler/ and notifications/: customer messages and the durable scheduler (issue 10, ADR 090, ADR 091)
    messages: {
      /**
       * The file outbox, newest first, optionally one carrier's (the development outbox page); null
       * where the page is off (production without OUTBOX_PAGE=1).
       */
      listOutbox: async (input: z.input<typeof outboxInput> = {}) => {
        if (!deps.outbox) return null;
        const { carrierCode, limit } = parseInput(outboxInput, input);
        return deps.outbox.list({ carrierCode, limit });
      },
      /** Schedules an order's 18:00 and 08:00 messages in the carrier's time zone (idempotent). */
      scheduleOrderMessages: async (carrier: CarrierArg, input: Parameters<typeof scheduled.scheduleOrderMessages>[3]) =>
        scheduled.scheduleOrderMessages(ctx.db, carrierOf(carrier), ctx.clock.now(), input),
      /** An order's message rows, every generation, for support and tests. */
      orderMessages: async (carrier: CarrierArg, orderRef: number) => scheduled.orderMessages(ctx.db, carrierOf(carrier), orderRef),
      /**
       * One scheduler pass at the engine's "now" (through the test clock: at the shifted time). With a
       * carrier, only that carrier's messages: the development outbox's pass, which a test clock may run days ahead.
       */
      runScheduledJobs: async (scope?: PassScope) => scheduler.runDue(scope),
      /** Scheduled work by state, across carriers unless one is named: `dead` is the operator's list (docs/operations.md). */
      listScheduledJobs: async (input: Parameters<typeof jobs.listScheduledJobs>[1] = {}) => jobs.listScheduledJobs(ctx.db, input),
      /** A dead (or failed) row goes back to pending, its tries reset, due now: after an operator fixed the cause. */
      retryScheduledJob: async (id: unknown) => jobs.retryScheduledJob(ctx.db, ctx.clock.now(), id),
    },

    // webhooks/: deliveries to partners' endpoints (issue 23 item 7, ADR 180, ADR 181)
    webhooks: {
      /** Deliveries newest first, by carrier, endpoint and state: what operations read (docs/operations.md). */
      listDeliveries: async (input?: Parameters<typeof webhookDeliveries.listWebhookDeliveries>[1]) => webhookDeliveries.listWebhookDeliveries(ctx.db, input),
      /** A dead delivery is tried again now, with the same event id and body; the worker is nudged. */
      redeliver: sends(async (input: { id: unknown; carrierCode?: string | null }) => webhookDeliveries.redeliverWebhook(ctx.db, ctx.clock.now(), input)),
    },

    // waiting-list/ (issue 10 item 7, ADR 094)
    waitingList: {
      /** The 'no dates available' modal: the booking's customer waits for a day to free in their area. */
      joinWaitingList: op(waitingList.joinWaitingList),
      /** The customer leaves the list while waiting (an offer is declined through its link instead). */
      leaveWaitingList: op(waitingList.leaveWaitingList),
      listWaitingList: query(waitingList.listWaitingList),
      /** What an offer link stands for (valid, used, expired, unknown), without using it. */
      viewWaitingListOffer: op(waitingList.viewOffer),
      /** Uses the offer link: the booking gets the held day; answers the booking to resume. */
      acceptWaitingListOffer: op(waitingList.acceptOffer),
      /** "No thanks": leaves the list and passes the day to the next customer waiting. */
      declineWaitingListOffer: op(waitingList.declineOffer),
    },

    // api-keys/: the partner API's keys (issue 23, ADR 171), by carrier code: operations' tools manage them without the CMS entry
    apiKeys: {
      /** A new key; its secret is in the answer once and stored only as a hash. */
      issue: async (carrierCode: string, input: Parameters<typeof apiKeys.issueApiKey>[2]) => apiKeys.issueApiKey(ctx, carrierCode, input),
      /**
       * The key's carrier, scopes and origins; null for an unknown, wrong, expired or revoked key. Records its last use (once a minute).
       * The key's row is reused for up to `apiKeyCacheMs` (1 s, ADR 185): a revoke through another instance holds within that.
       */
      verify: async (presented: unknown) => keyVerifier.verify(presented),
      revoke: async (carrierCode: string, id: unknown) => {
        const revoked = await apiKeys.revokeApiKey(ctx, carrierCode, id);
        keyVerifier.forget(revoked.id);
        return revoked;
      },
      /** A new key; the old one works until `overlapUntil`. */
      rotate: async (carrierCode: string, id: unknown, input: Parameters<typeof apiKeys.rotateApiKey>[3]) => {
        const rotated = await apiKeys.rotateApiKey(ctx, carrierCode, id, input);
        keyVerifier.forget(rotated.previous.id);
        return rotated;
      },
      list: async (carrierCode: string) => apiKeys.listApiKeys(ctx, carrierCode),
      /** Operations data changed (a CMS sync may have revoked keys): the next calls read every key afresh (ADR 185). */
      forgetCachedKeys: () => keyVerifier.forgetAll(),
      /** `Idempotency-Key` (ADR 173): run the call, replay its answer, wait for it, or refuse another request under the same key. */
      claimIdempotencyKey: async (input: Parameters<typeof idempotency.claimIdempotencyKey>[1]) => idempotency.claimIdempotencyKey(ctx, input),
      completeIdempotencyKey: async (id: number, answer: { status: number; body: unknown }) => idempotency.completeIdempotencyKey(ctx, id, answer),
      releaseIdempotencyKey: async (id: number) => idempotency.releaseIdempotencyKey(ctx, id),
      /**
       * Counts one call of a key against its class's limit in the current window, shared by every instance (ADR 175): in memory and
       * written in batches far from the limit, in the database near it (ADR 185).
       */
      consumeRateLimit: async (input: Parameters<typeof rateLimit.consumeRateLimit>[1]) => rateCounter.consume(input),
      /** Writes the calls this instance counted on its own to the shared count now (they are written within `apiRateFlushMs` anyway). */
      flushRateLimits: async () => rateCounter.flush(),
      /** Rate windows that can no longer count and idempotency answers past 24 hours (the scheduler's recurring purge runs it, ADR 186). */
      purgeExpired: async (now: Date) => rateLimit.purgeApiRows(ctx, now),
    },

    // technician/ and the staff log-in throttle: technicians and area managers (issue 11 items 7–9, ADR 097, ADR 099); the caller passes the logged-in staff member's ids
    staff: {
      /** A technician's jobs of a day (today by default) in route order, with their steps. */
      technicianJobs: op(technician.technicianJobs),
      /** One of the technician's own jobs; JOB_FORBIDDEN (403) for anyone else's. */
      technicianJob: op(technician.technicianJob),
      /** Saves one repair step at once (spec §2 repair.*). */
      recordJobStep: sends(op(technician.recordJobStep)),
      /** A before or after picture, checked like a proof of purchase. */
      uploadJobPicture: op(technician.uploadJobPicture),
      /** 'On my way' and the van's position for the customer's tracking page. */
      reportOnMyWay: sends(op(technician.reportOnMyWay)),
      /** The position the technician's page sends by itself while on the way (ADR 115); answered, kept only under the tracker's rules. */
      reportVanPosition: op(technician.reportVanPosition),
      /** The area's jobs of a day with each technician's free slots. */
      areaJobs: op(areaManager.areaJobs),
      /** The area's capacity per day. */
      areaCapacity: op(areaManager.areaCapacity),
      /** Moves a job to another technician of its area at the same slot. */
      reassignJob: op(areaManager.reassignJob),
      /** A staff log-in attempt behind the lock-out (ADR 097): `null` is a failure; TOO_MANY_ATTEMPTS while locked. */
      withStaffLoginThrottle: async <T>(carrier: CarrierArg, subject: staffThrottle.StaffLoginSubject, attempt: () => Promise<T | null>) =>
        staffThrottle.withStaffLoginThrottle(ctx.db, carrierOf(carrier), subject, () => ctx.clock.now(), staffLoginConfig, attempt),
    },

    // service/: customer service for operations staff (issue 24 item 3, ADR 188–190); the caller passes the logged-in staff member
    service: {
      /** The carrier's orders by reference, e-mail, phone or postcode, a page at a time. */
      searchOrders: op(service.searchOrders),
      /** One order with its payment, messages and their delivery states, date changes and staff actions. */
      serviceOrder: op(service.serviceOrder),
      /** The days the order may move to (the customer's own availability). */
      serviceAvailability: op(service.serviceAvailability),
      /** One day's arrival windows the order may move to (ADR 256). */
      serviceWindows: op(service.serviceWindows, "read"),
      /** The order's messages written out by the scheduler's own renderer (ADR 255). */
      serviceMessageTexts: async (carrier: CarrierArg, orderRef: unknown) => service.serviceMessageTexts(ctx, carrierOf(carrier), orderRef, render),
      /** What a refund would give back, checked as the refund checks it; nothing recorded (ADR 255). */
      refundQuote: op(service.refundQuote, "read"),
      resendMessage: sends(op(service.resendMessage)),
      changeDate: sends(op(service.changeDate)),
      changeAddress: sends(op(service.changeAddress)),
      cancel: sends(op(service.cancel)),
      /** Full or partial, once per form key, never more than was paid. */
      refundOrder: op(service.refundOrder),
    },
  };
}

export type Engine = ReturnType<typeof assembleEngine>;

/** The engine's areas, one per group of folders (ADR 160; the map in booking/README.md). */
export const ENGINE_AREAS = [
  "catalogue",
  "coverage",
  "basket",
  "checkout",
  "payments",
  "orders",
  "operations",
  "contact",
  "messages",
  "waitingList",
  "staff",
  "service",
  "apiKeys",
] as const;
export type EngineArea = (typeof ENGINE_AREAS)[number];

export type CatalogueArea = Engine["catalogue"];
export type CoverageArea = Engine["coverage"];
export type BasketArea = Engine["basket"];
export type CheckoutArea = Engine["checkout"];
export type PaymentsArea = Engine["payments"];
export type OrdersArea = Engine["orders"];
export type OperationsArea = Engine["operations"];
export type ContactArea = Engine["contact"];
export type MessagesArea = Engine["messages"];
export type WaitingListArea = Engine["waitingList"];
export type StaffArea = Engine["staff"];
export type ApiKeysArea = Engine["apiKeys"];
export type CustomerServiceArea = Engine["service"];

/** One of the engine's operations, as `wrapOperations` hands it over. */
export type Operation = (...args: unknown[]) => unknown;

/**
 * The same engine with every operation (the top-level ones and each area's) passed through `wrap`
 * when it is read; the configuration and the scheduler are left as they are. The database guard
 * (ADR 145), the test clock (ADR 034) and the web door wrap the engine with it. `wrap` is told the
 * operation's name as the engine's callers write it (`basket.getBooking`, `capabilities`).
 */
export function wrapOperations(engine: Engine, wrap: (operation: Operation, self: object, name: string) => Operation): Engine {
  const wrapFunctions = <T extends object>(target: T, area: string): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver);
        return typeof value === "function" ? wrap(value as Operation, object, `${area}.${String(key)}`) : value;
      },
    });
  const isArea = (key: PropertyKey): key is EngineArea => (ENGINE_AREAS as readonly PropertyKey[]).includes(key);
  const areas = new Map<PropertyKey, object>();
  return new Proxy(engine, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value === "function") return wrap(value as Operation, object, String(key));
      if (!isArea(key) || !value || typeof value !== "object") return value;
      let area = areas.get(key);
      if (!area) areas.set(key, (area = wrapFunctions(value, key)));
      return area;
    },
  });
}
