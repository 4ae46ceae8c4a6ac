/**
 * Spec §7 GET /wefix-booking/carrier/{carrier} (issue 39 item 3, ADR 269): §3's settings and carrier
 * details in full, as the CMS carrier entry holds them, so a white-label front end can draw the
 * carrier's header (logos, theme), footer (contact, address, registration) and switches from this
 * answer alone. Read through a schema (zod at the boundary): a field the CMS leaves empty is null or
 * false, never guessed.
 */
import { POLICY_PHRASE_SETTINGS, showsPolicyPhrase } from "@repair/rules/consumer-law";
import { z } from "zod";
import { dataOf, type ApiCarrier } from "./routes";

const text = z
  .string()
  .nullish()
  .catch(null)
  .transform((value) => value || null);
const flag = z.boolean().nullish().catch(null).transform(Boolean);
const minor = z
  .number()
  .int()
  .min(0)
  .nullish()
  .catch(null)
  .transform((value) => value ?? 0);
const colour = z
  .string()
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

/** A site icon's uses (the CMS's `carrier.icon` rel). */
const ICON_RELS = ["icon", "apple-touch-icon"] as const;

/** The CMS carrier's fields this answer reads (app/content/schemas.ts carrierSchema). */
const cmsCarrier = z.object({
  code: z.string(),
  name: text,
  formattedName: text,
  formattedWeb: text,
  web: text,
  email: text,
  phone: text,
  address: text,
  registrationDetails: text,
  operatorName: text,
  countryCode: z.string(),
  currency: z.string(),
  timezone: text,
  defaultLocale: text,
  supportedLocales: z
    .array(z.string())
    .nullish()
    .catch(null)
    .transform((value) => value ?? []),
  partnerEnvironment: text,
  isInternational: flag,
  inWarrantyStatus: flag,
  allowWarrantyRepairs: flag,
  warrantyRepairChargeable: flag,
  warrantyRepairCharge: minor,
  hasCallOutCharge: flag,
  callOutCharge: minor,
  lateDateChanges: flag,
  use3DSecure: flag,
  usesKlarna: flag,
  maxDevicesPerBasket: z
    .number()
    .int()
    .min(1)
    .nullish()
    .catch(null)
    .transform((value) => value ?? 5),
  storeRequired: flag,
  singleMakeOnly: flag,
  singleMakeId: z
    .number()
    .int()
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
  offersMailIn: flag,
  confirmOnly: flag,
  payButtonVariant: text,
  businessAccounts: flag,
  addressLookup: flag,
  allowsInStoreBookings: flag,
  allowsInStoreDropOff: flag,
  additionalLandingPage: flag,
  additionalLandingPageLimit: z
    .number()
    .int()
    .min(0)
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
  liveChat: flag,
  liveChatUrl: text,
  externalLandingRedirectUrl: text,
  externalSupportPickerUrl: text,
  showImprint: flag,
  policyPhrase: z
    .enum(POLICY_PHRASE_SETTINGS)
    .nullish()
    .catch(null)
    .transform((value) => value ?? "country"),
  /** The site icons as the app's content layer reads them (ADR 277): addresses already held to the URL policy. */
  icons: z
    .array(z.object({ rel: z.enum(ICON_RELS), href: z.string(), sizes: z.string().nullable(), type: z.string().nullable() }))
    .nullish()
    .catch(null)
    .transform((value) => value ?? []),
  theme: z
    .object({
      primaryColor: colour,
      primaryContrastColor: colour,
      accentColor: colour,
      backgroundColor: colour,
      surfaceColor: colour,
      textColor: colour,
      fontFamily: colour,
      headingFontFamily: colour,
      logoUrl: text,
      landingPageLogoUrl: text,
    })
    .partial()
    .nullish()
    .catch(null),
});

const nullableText = z.string().nullable();

/** §3 "Settings" (with the server's allows_in_store_*): what the pages switch on. */
const settingsSchema = z
  .object({
    carrier: z.string().meta({ description: "The carrier's code." }),
    code: z.string().meta({ description: "The carrier's code (as `carrier`)." }),
    name: z.string(),
    partnerEnvironment: nullableText.meta({ description: "The partner environment the carrier's build runs against (the CMS's text), null when none is set." }),
    countryCode: z.string().meta({ description: "ISO 3166-1 alpha-2 (GB, DE, AU, US, CA)." }),
    currency: z.string().meta({ description: "ISO 4217." }),
    currencySymbol: z.string().meta({ description: "The currency's symbol as the carrier's default language writes it (£, €, $)." }),
    timezone: nullableText,
    defaultLocale: nullableText,
    supportedLocales: z.array(z.string()),
    inWarrantyStatus: z.boolean(),
    allowWarrantyRepairs: z.boolean(),
    warrantyRepairChargeable: z.boolean(),
    warrantyRepairCharge: z.number().int().meta({ description: "Minor units." }),
    hasCallOutCharge: z.boolean(),
    callOutCharge: z.number().int().meta({ description: "Minor units." }),
    lateDateChanges: z.boolean(),
    use3DSecure: z.boolean(),
    usesKlarna: z.boolean().meta({ description: "The pay-later option is offered." }),
    maxDevicesPerBasket: z.number().int(),
    storeRequired: z.boolean(),
    singleMakeOnly: z.boolean(),
    singleMakeId: z.number().int().nullable(),
    offersMailIn: z.boolean(),
    confirmOnly: z.boolean(),
    payButtonVariant: nullableText,
    businessAccounts: z.boolean(),
    addressLookup: z.boolean().meta({ description: "The address-lookup service is used on the location step." }),
    allowsInStoreBookings: z.boolean(),
    allowsInStoreDropOff: z.boolean(),
    isInternational: z.boolean(),
    liveChat: z.boolean(),
  })
  .meta({ id: "CarrierSettings" });

/** §3 "Carrier details": identity, contact, charges and payments, landing page, and the theme to draw them with. */
const detailsSchema = z
  .object({
    name: z.string(),
    formattedName: nullableText,
    formattedWeb: nullableText,
    web: nullableText,
    email: nullableText,
    phone: nullableText,
    address: nullableText,
    registrationDetails: nullableText,
    operatorName: nullableText.meta({ description: "Who operates the repairs, for the footer." }),
    logoPath: nullableText.meta({ description: "The header logo (a path on the carrier's host, or an address the URL policy allows)." }),
    landingPageLogoPath: nullableText,
    icons: z
      .array(
        z.object({
          rel: z.enum(ICON_RELS).meta({ description: "`icon`: the browser tab and bookmarks; `apple-touch-icon`: a phone's home screen." }),
          href: z.string().meta({ description: "The image: a path on the carrier's host, an https address or an image data: URI (the logos' URL policy)." }),
          sizes: nullableText.meta({ description: "`any` or `WxH` (several separated by spaces); null when not given." }),
          type: nullableText.meta({ description: "The image's MIME type (image/png, image/svg+xml, image/x-icon …); null when not given." }),
        }),
      )
      .meta({
        description:
          "§3's icons: the carrier's site icons as operations keep them in the CMS, each the attributes of a `<link>` in the page's head, in order. Empty when none is set (the browser's default icon).",
      }),
    liveChat: z.boolean(),
    liveChatUrl: nullableText,
    externalLandingRedirectUrl: nullableText.meta({ description: "Redirect field: where the landing page sends visitors instead, when set." }),
    externalSupportPickerUrl: nullableText.meta({ description: "Redirect field: the carrier's own support picker, when set." }),
    currency: z.string(),
    countryCodeAlpha2: z.string(),
    hasCallOutCharge: z.boolean(),
    callOutCharge: z.number().int(),
    allowWarrantyRepairs: z.boolean(),
    usesKlarna: z.boolean(),
    use3DSecure: z.boolean(),
    isInternational: z.boolean(),
    additionalLandingPage: z.boolean(),
    additionalLandingPageLimit: z.number().int().nullable(),
    showImprint: z.boolean(),
    policyPhrase: z
      .enum(POLICY_PHRASE_SETTINGS)
      .meta({ description: "The withdrawal sentence at checkout (ADR 272): `country` shows it where the carrier's country requires it, `on` always, `off` never." }),
    showPolicyPhrase: z.boolean().meta({ description: "Whether the withdrawal sentence shows for this carrier (from `policyPhrase` and its country)." }),
    theme: z
      .object({
        primaryColor: nullableText,
        primaryContrastColor: nullableText,
        accentColor: nullableText,
        backgroundColor: nullableText,
        surfaceColor: nullableText,
        textColor: nullableText,
        fontFamily: nullableText,
        headingFontFamily: nullableText,
      })
      .nullable(),
  })
  .meta({ id: "CarrierDetails" });

export const carrierAnswer = dataOf(
  z.object({
    settings: settingsSchema,
    carrier: detailsSchema,
    allows_in_store_bookings: z.boolean(),
    allows_in_store_drop_off: z.boolean(),
  }),
);

/** The symbol of a currency as a language of the country writes it (GBP in en-GB: £). */
export function currencySymbol(currency: string, locale: string, countryCode: string): string {
  const parts = new Intl.NumberFormat(`${locale}-${countryCode}`, { style: "currency", currency }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

export function carrierSettings(source: ApiCarrier): z.output<typeof carrierAnswer> {
  const c = cmsCarrier.parse(source);
  const theme = c.theme ?? null;
  const settings: z.output<typeof settingsSchema> = {
    carrier: c.code,
    code: c.code,
    name: c.name ?? c.code,
    partnerEnvironment: c.partnerEnvironment,
    countryCode: c.countryCode,
    currency: c.currency,
    currencySymbol: currencySymbol(c.currency, c.defaultLocale ?? "en", c.countryCode),
    timezone: c.timezone,
    defaultLocale: c.defaultLocale,
    supportedLocales: c.supportedLocales,
    inWarrantyStatus: c.inWarrantyStatus,
    allowWarrantyRepairs: c.allowWarrantyRepairs,
    warrantyRepairChargeable: c.warrantyRepairChargeable,
    warrantyRepairCharge: c.warrantyRepairCharge,
    hasCallOutCharge: c.hasCallOutCharge,
    callOutCharge: c.callOutCharge,
    lateDateChanges: c.lateDateChanges,
    use3DSecure: c.use3DSecure,
    usesKlarna: c.usesKlarna,
    maxDevicesPerBasket: c.maxDevicesPerBasket,
    storeRequired: c.storeRequired,
    singleMakeOnly: c.singleMakeOnly,
    singleMakeId: c.singleMakeId,
    offersMailIn: c.offersMailIn,
    confirmOnly: c.confirmOnly,
    payButtonVariant: c.payButtonVariant,
    businessAccounts: c.businessAccounts,
    addressLookup: c.addressLookup,
    allowsInStoreBookings: c.allowsInStoreBookings,
    allowsInStoreDropOff: c.allowsInStoreDropOff,
    isInternational: c.isInternational,
    liveChat: c.liveChat,
  };
  const carrier: z.output<typeof detailsSchema> = {
    name: c.name ?? c.code,
    formattedName: c.formattedName,
    formattedWeb: c.formattedWeb,
    web: c.web,
    email: c.email,
    phone: c.phone,
    address: c.address,
    registrationDetails: c.registrationDetails,
    operatorName: c.operatorName,
    logoPath: theme?.logoUrl ?? null,
    landingPageLogoPath: theme?.landingPageLogoUrl ?? null,
    icons: c.icons,
    liveChat: c.liveChat,
    liveChatUrl: c.liveChatUrl,
    externalLandingRedirectUrl: c.externalLandingRedirectUrl,
    externalSupportPickerUrl: c.externalSupportPickerUrl,
    currency: c.currency,
    countryCodeAlpha2: c.countryCode,
    hasCallOutCharge: c.hasCallOutCharge,
    callOutCharge: c.callOutCharge,
    allowWarrantyRepairs: c.allowWarrantyRepairs,
    usesKlarna: c.usesKlarna,
    use3DSecure: c.use3DSecure,
    isInternational: c.isInternational,
    additionalLandingPage: c.additionalLandingPage,
    additionalLandingPageLimit: c.additionalLandingPageLimit,
    showImprint: c.showImprint,
    policyPhrase: c.policyPhrase,
    showPolicyPhrase: showsPolicyPhrase(c.policyPhrase, c.countryCode),
    theme: theme
      ? {
          primaryColor: theme.primaryColor ?? null,
          primaryContrastColor: theme.primaryContrastColor ?? null,
          accentColor: theme.accentColor ?? null,
          backgroundColor: theme.backgroundColor ?? null,
          surfaceColor: theme.surfaceColor ?? null,
          textColor: theme.textColor ?? null,
          fontFamily: theme.fontFamily ?? null,
          headingFontFamily: theme.headingFontFamily ?? null,
        }
      : null,
  };
  return { data: { settings, carrier, allows_in_store_bookings: c.allowsInStoreBookings, allows_in_store_drop_off: c.allowsInStoreDropOff } };
}
