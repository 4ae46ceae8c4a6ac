/**
 * The carrier (tenant) as the engine sees it. The web app builds it from the CMS carrier entry
 * (docs/content-model.md) and passes it as the first argument of every engine operation, so no
 * carrier code ever appears in engine code: every per-carrier rule is one of these fields.
 */
import { DRAFT_RETENTION_DAYS } from "@repair/rules/retention";
import { z } from "zod";
import { parseInput } from "./validate";

export const currencySchema = z.enum(["GBP", "EUR", "AUD", "USD", "CAD"]);
export type Currency = z.infer<typeof currencySchema>;

export const countryCodeSchema = z.enum(["GB", "DE", "AU", "US", "CA"]);
export type CarrierCountry = z.infer<typeof countryCodeSchema>;

const minorUnits = z.number().int().min(0);

export const carrierContextSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "carrier code: lower-case letters, digits and hyphens"),
  countryCode: countryCodeSchema,
  currency: currencySchema,
  /** IANA time zone; availability, cut-off and the 24-hour rule are reckoned in it. */
  timezone: z.string().refine(isValidTimeZone, "unknown IANA time zone"),
  singleMakeOnly: z.boolean().default(false),
  singleMakeId: z.number().int().positive().default(2),
  allowWarrantyRepairs: z.boolean().default(true),
  maxDevicesPerBasket: z.number().int().min(1).default(5),
  hasCallOutCharge: z.boolean().default(false),
  callOutCharge: minorUnits.default(0),
  /** Late date changes online (ADR 251): the customer may move the visit inside the 24-hour window; the call-out charge is not taken for a move. */
  lateDateChanges: z.boolean().default(false),
  warrantyRepairChargeable: z.boolean().default(false),
  warrantyRepairCharge: minorUnits.default(0),
  storeRequired: z.boolean().default(false),
  use3DSecure: z.boolean().default(false),
  usesKlarna: z.boolean().default(false),
  allowsInStoreDropOff: z.boolean().default(false),
  /** Mail-in repair (spec §1, §3 is_mail_in_repair): the customer may send the device by post instead of a visit (ADR 140). */
  offersMailIn: z.boolean().default(false),
  /** Days an abandoned draft booking, and the personal data on it, is kept after its last change (ADR 193); orders are kept. */
  draftRetentionDays: z.number().int().min(DRAFT_RETENTION_DAYS.min).max(DRAFT_RETENTION_DAYS.max).default(DRAFT_RETENTION_DAYS.default),
});

export type CarrierContext = z.output<typeof carrierContextSchema>;
export type CarrierContextInput = z.input<typeof carrierContextSchema>;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Parses a carrier built by the web app; throws a ValidationError listing the bad fields. */
export function carrierContext(input: CarrierContextInput | CarrierContext): CarrierContext {
  return parseInput(carrierContextSchema, input, "carrier");
}
