/** What every engine operation works with: the database and the ports, plus tunables. */
import type { BookingDatabase } from "./db/open";
import type { EngineOutcomes } from "./events/outcomes";
import type { AddressProvider } from "./ports/address-provider";
import type { Clock } from "./ports/clock";
import type { FileStorage } from "./ports/file-storage";
import type { Notifications } from "./ports/notifications";
import type { PayLaterProvider } from "./ports/pay-later";
import type { PaymentGateway } from "./ports/payment-gateway";

export interface EngineConfig {
  /** How long an unpaid draft holds its day's capacity (ADR 011). */
  draftHoldMinutes: number;
  /** How long a payment attempt may stay in flight before a retry may take it over (ADR 014). */
  paymentStaleMs: number;
  /** How long a duplicate charge request waits for the one in flight before answering. */
  paymentWaitMs: number;
  /** How often the request paying a booking shows it is alive while the provider answers (ADR 142). */
  paymentHeartbeatMs: number;
  /**
   * How long a waiting request sees no sign of life from the one paying before it takes the payment
   * over with the same idempotency key (ADR 142): the paying process was killed.
   */
  paymentSilentMs: number;
  /** How long a single-use discount code is reserved for a booking that is paying with it. */
  discountReservationMinutes: number;
  /** How long a waiting-list offer holds the freed day for its customer (ADR 094). */
  waitingListOfferMinutes: number;
  /** How long an in-store hand-over code (booking code and QR) can be redeemed (ADR 101). */
  handoverCodeMinutes: number;
  /** Partner API calls that read (GET, and the POSTs that change nothing) one key may make per window (ADR 175). */
  apiRateLimitReads: number;
  /** Partner API calls that write one key may make per window (ADR 175). */
  apiRateLimitWrites: number;
  /** The partner API's rate-limit window (ADR 175). */
  apiRateWindowSeconds: number;
  /** How long an instance reuses a key's row before reading it again (ADR 185): a revoke elsewhere holds within this. */
  apiKeyCacheMs: number;
  /** How often an instance writes the calls it counted on its own to the shared rate-limit count (ADR 185). */
  apiRateFlushMs: number;
  /**
   * Development only (ADR 253, TRACKING_SIMULATED_VAN): before the technician reports anything, the
   * tracker moves a simulated van by the clock and says so. Off: positions, arrivals and "arrived"
   * come only from the technician's reports.
   */
  simulatedVan: boolean;
}

export const defaultEngineConfig: EngineConfig = {
  draftHoldMinutes: 30,
  paymentStaleMs: 2 * 60_000,
  paymentWaitMs: 20_000,
  paymentHeartbeatMs: 2_000,
  paymentSilentMs: 8_000,
  discountReservationMinutes: 15,
  waitingListOfferMinutes: 120,
  handoverCodeMinutes: 60,
  apiRateLimitReads: 600,
  apiRateLimitWrites: 120,
  apiRateWindowSeconds: 60,
  apiKeyCacheMs: 1_000,
  apiRateFlushMs: 200,
  simulatedVan: false,
};

export interface EngineContext {
  db: BookingDatabase;
  clock: Clock;
  payments: PaymentGateway;
  /** Pay later (Klarna or its sandbox), ADR 022–024. */
  payLater: PayLaterProvider;
  addresses: AddressProvider;
  files: FileStorage;
  /** Customer e-mail and SMS (ADR 090), each message checked and given its carrier's sender. */
  notifications: Notifications;
  config: EngineConfig;
  /** Where real payment outcomes are reported (ADR 152); absent: nowhere. */
  outcomes?: EngineOutcomes;
}
