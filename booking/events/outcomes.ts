/**
 * What the engine tells its host happened, once per real event (ADR 152): the web app counts these
 * as Prometheus counters. The engine knows which request actually charged and which try actually
 * sent; a duplicate submission, a wait for another request's payment or a lost lease reports nothing.
 * A listener that throws is ignored: counting never changes an outcome.
 */
export type PaymentOutcome = "approved" | "declined" | "failed";

export interface PaymentOutcomeEvent {
  carrierCode: string;
  /** The attempt's payment type (card, paypal, pay_later, pay_later_instalments). */
  method: string;
  /** approved: the order is complete (counted once, by the request that completed it); declined: the provider refused the card or the customer; failed: any other error, an unknown outcome included. */
  outcome: PaymentOutcome;
}

/** sent: the provider accepted it; retried: a transient failure, tried again later; dead: given up; skipped: nothing to send (expired, or no template). */
export type MessageOutcome = "sent" | "retried" | "dead" | "skipped";

export interface MessageOutcomeEvent {
  carrierCode: string | null;
  channel: string;
  kind: string;
  outcome: MessageOutcome;
}

export interface EngineOutcomes {
  payment?(event: PaymentOutcomeEvent): void;
  message?(event: MessageOutcomeEvent): void;
}

/** Calls the host's listener; its failure stays with it. */
export function report<E>(listener: ((event: E) => void) | undefined, event: E): void {
  try {
    listener?.(event);
  } catch {
    // A metric that could not be counted is not the customer's problem.
  }
}
