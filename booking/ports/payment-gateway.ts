/** Card / PayPal payments (Braintree in production, sandbox offline). Money in integer minor units. */
export type Currency = "GBP" | "EUR" | "AUD" | "USD" | "CAD";

export interface BillingAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  town: string;
  postcode: string;
  countryCode: string;
  /** The customer's phone number; 3-D Secure and the gateway's checks use it. */
  phone?: string;
}

/**
 * Spec §3 "Billing error flags": which of the customer's details the provider rejected, so the
 * payment error modal (§8) can offer 'Update billing address' / 'Update phone number'.
 */
export interface BillingErrorFlags {
  address?: boolean;
  phoneNumber?: boolean;
  bookingReference?: boolean;
}

export interface SaleRequest {
  /** Derived from the booking; the same key twice must never charge twice. */
  idempotencyKey: string;
  orderId: string;
  amountMinor: number;
  currency: Currency;
  nonce: string;
  carrierCode: string;
  billing?: BillingAddress;
  require3DSecure: boolean;
}

export type SaleResult =
  | { ok: true; transactionId: string; status: "submitted_for_settlement" | "settled"; replayed: boolean }
  | {
      ok: false;
      /** card: processor/3DS problem → "There was a problem confirming payment…"; declined: method declined. */
      kind: "card_error" | "declined" | "gateway_error";
      code: string;
      message: string;
      /** Set where the provider says which detail was wrong (AVS, billing validation, phone). */
      billing?: BillingErrorFlags;
    };

/** What the web app may ask of the card provider instead of its name (ADR 040). */
export interface PaymentCapabilities {
  /** The browser collects the card in the provider's drop-in with `clientToken`; false: the offline test card form. */
  readonly dropIn: boolean;
}

export interface PaymentGateway {
  readonly name: string;
  readonly capabilities: PaymentCapabilities;
  clientToken(input: { carrierCode: string; currency: Currency }): Promise<string>;
  sale(request: SaleRequest): Promise<SaleResult>;
  /** carrierCode picks the carrier's merchant credentials; adapters also remember it per transaction. */
  refund(input: { transactionId: string; amountMinor?: number; idempotencyKey: string; carrierCode?: string }): Promise<{ ok: boolean; refundId?: string; message?: string }>;
  void(input: { transactionId: string; carrierCode?: string }): Promise<{ ok: boolean; message?: string }>;
}
