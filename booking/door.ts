/**
 * How an area of the engine declares its door (ADR 261): each operation once, with its kind, in the
 * area's `door.ts` (`booking/orders/door.ts` …). `read(…)` is an operation that changes nothing;
 * `write(…)` one that may. The engine (engine.ts) opens every area's door with the parts it built;
 * the wrappers (the database guard, the test clock, the web door) learn each operation's name and kind
 * from the same declarations, so no list of areas or of read-only operations is kept by hand.
 */
import type { AvailabilityCache } from "./availability/availability-cache";
import type { OutboxReader } from "./adapters/outbox/outbox-reader";
import type { createApiKeyVerifier } from "./api-keys/api-keys";
import type { createRateCounter } from "./api-keys/rate-limit";
import type { EngineContext } from "./context";
import type { BookingDatabase } from "./db/open";
import type { CarrierContext, CarrierContextInput } from "./domain/carrier";
import type { CaptchaVerifier } from "./ports/captcha";
import type { PaymentWebhookReceiver } from "./ports/payment-notifications";
import type { MessageRenderer } from "./scheduler/renderer";
import type { Scheduler } from "./scheduler/worker";
import type { DraftThrottleConfig } from "./throttle/draft-throttle";
import type { LookupSubject } from "./throttle/lookup-throttle";
import type { StaffLoginThrottleConfig } from "./throttle/staff-login-throttle";

/** `read`: changes nothing (no row, no hold, no message); `write`: may change something. */
export type OperationKind = "read" | "write";

export type CarrierArg = CarrierContext | CarrierContextInput;

type CarrierFirst = (ctx: EngineContext, carrier: CarrierContext, ...rest: never[]) => unknown;
type DbCarrierFirst = (db: BookingDatabase, carrier: CarrierContext, ...rest: never[]) => unknown;
/** An operation `(ctx, carrier, …rest)` as the engine's callers call it: `(carrier, …rest)`, the carrier parsed or not. */
export type Rest<F> = F extends (ctx: EngineContext, carrier: CarrierContext, ...rest: infer R) => infer O ? (carrier: CarrierArg, ...rest: R) => O : never;
export type DbRest<F> = F extends (db: BookingDatabase, carrier: CarrierContext, ...rest: infer R) => infer O ? (carrier: CarrierArg, ...rest: R) => O : never;

/**
 * What an area's door is opened with: the engine's context and the parts it built once (the reused
 * availability, the scheduler, the key verifier …). `op` binds an operation `(ctx, carrier, …)` to the
 * engine with the kind it is declared with: a `write` drops the carrier's reused availability when it
 * starts and when it has finished (ADR 185), a `read` leaves it.
 */
export interface DoorKit {
  ctx: EngineContext;
  /** The carrier parsed with zod, once per object. */
  carrierOf(carrier: CarrierArg): CarrierContext;
  op<F extends CarrierFirst>(fn: F): Rest<F>;
  /** An operation `(db, carrier, …)` on the database alone. */
  query<F extends DbCarrierFirst>(fn: F): DbRest<F>;
  /** An operation that may record messages due now (ADR 093): the worker is nudged once it has committed. */
  sends<F extends (...args: never[]) => Promise<unknown>>(fn: F): F;
  availability: AvailabilityCache;
  scheduler: Scheduler;
  render: MessageRenderer;
  captcha: CaptchaVerifier;
  outbox: OutboxReader | null;
  webhookReceiver(): PaymentWebhookReceiver | null;
  withLookupThrottle<T>(carrier: CarrierContext, subject: LookupSubject, operation: () => Promise<T>): Promise<T>;
  keyVerifier: ReturnType<typeof createApiKeyVerifier>;
  rateCounter: ReturnType<typeof createRateCounter>;
  staffLoginConfig: StaffLoginThrottleConfig;
  draftConfig: DraftThrottleConfig;
}

/** One operation of a door: its kind and how the engine builds it from its parts. */
export interface Declared<F> {
  readonly kind: OperationKind;
  readonly open: (kit: DoorKit) => F;
}

/** An operation that changes nothing: the web door keeps the request's booking reads (ADR 209), the engine its reused availability. */
export const read = <F>(open: (kit: DoorKit) => F): Declared<F> => ({ kind: "read", open });
/** An operation that may change something. */
export const write = <F>(open: (kit: DoorKit) => F): Declared<F> => ({ kind: "write", open });

/** An area's declarations: operation name → declared operation. */
export type Door = Record<string, Declared<unknown>>;

/** The operations of a door as the engine's callers see them. */
export type Opened<D> = { [K in keyof D]: D[K] extends Declared<infer F> ? F : never };
