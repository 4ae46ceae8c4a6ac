import { z } from "zod";
import { checkUrl, URL_RULES, type UrlRules } from "@repair/rules/url";
import { DRAFT_RETENTION_DAYS } from "@repair/rules/retention";
import { POLICY_PHRASE_SETTINGS } from "@repair/rules/consumer-law";
import { ATTRIBUTION_TOKEN, referrerKey } from "~/lib/attribution-token";

/** Zod schemas for what Strapi returns (docs/content-model.md). Unknown fields are ignored. */

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
// A font stack may only hold names, quotes, commas and spaces: it is written into a <style> tag.
const fontStack = z
  .string()
  .regex(/^[\w\s,'"-]+$/)
  .max(200);

/**
 * A URL field (ADR 058): an address the URL policy refuses becomes null and is logged, so it is never
 * rendered, linked, loaded or redirected to. Blank is null too.
 */
const urlField = (field: string, rules: UrlRules) =>
  z
    .unknown()
    .optional()
    .transform((value): string | null => {
      if (value == null || (typeof value === "string" && !value.trim())) return null;
      const check = checkUrl(value, rules);
      if (check.ok) return check.url;
      console.warn(`[content] ignored ${field}: it ${check.reason} (${JSON.stringify(value)?.slice(0, 80)})`);
      return null;
    });
const imageUrl = (field: string) => urlField(field, URL_RULES.image);
const webUrl = (field: string) => urlField(field, URL_RULES.web);
const EMAIL = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

const nullableText = z
  .string()
  .nullish()
  .transform((value) => (value && value.trim() ? value : null));

export const themeSchema = z.object({
  primaryColor: hexColour.catch("#1f4fd1"),
  primaryContrastColor: hexColour.catch("#ffffff"),
  accentColor: hexColour.catch("#0b7a5c"),
  backgroundColor: hexColour.catch("#ffffff"),
  surfaceColor: hexColour.catch("#f4f6fb"),
  textColor: hexColour.catch("#1a1d24"),
  fontFamily: fontStack.catch("system-ui, sans-serif"),
  headingFontFamily: fontStack.catch("system-ui, sans-serif"),
  logoUrl: imageUrl("theme.logoUrl"),
  landingPageLogoUrl: imageUrl("theme.landingPageLogoUrl"),
});

export type Theme = z.infer<typeof themeSchema>;

/**
 * A site icon (ADR 277), as the `<link>` of every page's head writes it: the CMS's `carrier.icon`
 * with its address held to the logos' URL policy. An icon whose address, use, sizes or type the
 * rules refuse is left out, never rendered.
 */
const iconSchema = z
  .object({
    rel: z.enum(["icon", "apple-touch-icon"]),
    url: imageUrl("icons.url"),
    sizes: z
      .string()
      .regex(/^(any|[1-9][0-9]{0,3}x[1-9][0-9]{0,3}( [1-9][0-9]{0,3}x[1-9][0-9]{0,3})*)$/)
      .or(z.literal(""))
      .nullish(),
    mimeType: z
      .string()
      .regex(/^image\/(png|svg\+xml|x-icon|vnd\.microsoft\.icon|webp|jpeg|gif)$/)
      .or(z.literal(""))
      .nullish(),
  })
  .transform(({ rel, url, sizes, mimeType }) => (url ? { rel, href: url, sizes: sizes || null, type: mimeType || null } : null));

export type SiteIcon = NonNullable<z.output<typeof iconSchema>>;

const iconsSchema = z
  .array(z.unknown())
  .nullish()
  .catch(null)
  .transform((icons) =>
    (icons ?? []).flatMap((icon): SiteIcon[] => {
      const parsed = iconSchema.safeParse(icon);
      if (parsed.success) return parsed.data ? [parsed.data] : [];
      console.warn(`[content] ignored a site icon: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
      return [];
    }),
  );

export const localeSchema = z.enum(["en", "de"]);
export type Locale = z.infer<typeof localeSchema>;

export const carrierSchema = z.object({
  documentId: z.string(),
  code: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: z.string().min(1),
  formattedName: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  web: webUrl("web"),
  formattedWeb: nullableText,
  // Only a plain address: it becomes a mailto: link.
  email: nullableText.transform((value) => (value && EMAIL.test(value.trim()) ? value.trim() : null)),
  phone: nullableText,
  address: nullableText,
  registrationDetails: nullableText,
  operatorName: nullableText,
  domains: z
    .array(z.string())
    .nullish()
    .transform((domains) => (domains ?? []).map((domain) => domain.trim().toLowerCase()).filter(Boolean)),
  defaultLocale: localeSchema.catch("en"),
  supportedLocales: z
    .array(z.string())
    .nullish()
    .transform((locales) => (locales ?? []).filter((locale): locale is Locale => localeSchema.safeParse(locale).success)),
  timezone: z
    .string()
    .nullish()
    .transform((value) => value || "Europe/London"),
  countryCode: z.enum(["GB", "DE", "AU", "US", "CA"]),
  currency: z.enum(["GBP", "EUR", "AUD", "USD", "CAD"]),
  partnerEnvironment: nullableText,
  isInternational: z.boolean().nullish().transform(Boolean),
  theme: themeSchema.nullish().transform((theme) => theme ?? themeSchema.parse({})),
  icons: iconsSchema,
  hasCallOutCharge: z.boolean().nullish().transform(Boolean),
  callOutCharge: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((value) => value ?? 0),
  /** Late date changes online (ADR 251): moves inside 24 hours of the visit, without the call-out fee. */
  lateDateChanges: z.boolean().nullish().transform(Boolean),
  allowWarrantyRepairs: z.boolean().nullish().transform(Boolean),
  inWarrantyStatus: z.boolean().nullish().transform(Boolean),
  warrantyRepairChargeable: z.boolean().nullish().transform(Boolean),
  warrantyRepairCharge: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((value) => value ?? 0),
  use3DSecure: z.boolean().nullish().transform(Boolean),
  usesKlarna: z.boolean().nullish().transform(Boolean),
  payButtonVariant: z
    .enum(["pay", "complete-and-confirm"])
    .nullish()
    .transform((value) => value ?? "pay"),
  confirmOnly: z.boolean().nullish().transform(Boolean),
  storeRequired: z.boolean().nullish().transform(Boolean),
  maxDevicesPerBasket: z
    .number()
    .int()
    .min(1)
    .nullish()
    .transform((value) => value ?? 5),
  /** Days an abandoned draft is kept after its last change (ADR 193); the engine purges it then. */
  draftRetentionDays: z
    .number()
    .int()
    .min(DRAFT_RETENTION_DAYS.min)
    .max(DRAFT_RETENTION_DAYS.max)
    .nullish()
    .transform((value) => value ?? DRAFT_RETENTION_DAYS.default),
  singleMakeOnly: z.boolean().nullish().transform(Boolean),
  singleMakeId: z
    .number()
    .int()
    .min(1)
    .nullish()
    .transform((value) => value ?? 2),
  /**
   * The referrer of a make (spec §5, ADR 135): a booking built from a landing with one of these
   * referrer codes is offered only that make (catalogue id), like a single-make carrier. Keys are
   * compared in lower case; an entry that is not a token and a positive id is left out.
   */
  referrerMakes: z
    .record(z.string(), z.unknown())
    .nullish()
    .catch(null)
    .transform(
      (map) =>
        Object.fromEntries(
          Object.entries(map ?? {}).flatMap(([code, makeId]) =>
            ATTRIBUTION_TOKEN.test(code) && typeof makeId === "number" && Number.isInteger(makeId) && makeId > 0 ? [[referrerKey(code), makeId]] : [],
          ),
        ) as Record<string, number>,
    ),
  additionalLandingPage: z.boolean().nullish().transform(Boolean),
  additionalLandingPageLimit: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((value) => value ?? 7),
  businessAccounts: z.boolean().nullish().transform(Boolean),
  externalLandingRedirectUrl: webUrl("externalLandingRedirectUrl"),
  externalSupportPickerUrl: webUrl("externalSupportPickerUrl"),
  liveChat: z.boolean().nullish().transform(Boolean),
  liveChatUrl: webUrl("liveChatUrl"),
  showImprint: z.boolean().nullish().transform(Boolean),
  /** The withdrawal sentence at checkout and payment (ADR 272): follows the country unless operations choose on or off. */
  policyPhrase: z
    .enum(POLICY_PHRASE_SETTINGS)
    .nullish()
    .transform((value) => value ?? "country"),
  allowsInStoreBookings: z.boolean().nullish().transform(Boolean),
  allowsInStoreDropOff: z.boolean().nullish().transform(Boolean),
  /** Repair by post (ADR 140): offered where switched on; the postal address shows on the label and confirmation. */
  offersMailIn: z.boolean().nullish().transform(Boolean),
  mailInAddress: z
    .string()
    .max(500)
    .nullish()
    .transform((value) => value?.trim() || null),
  addressLookup: z.boolean().nullish().transform(Boolean),
  hidePostcodeSearchOnAddressChange: z.boolean().nullish().transform(Boolean),
  applianceVariant: z.boolean().nullish().transform(Boolean),
  fleetDaysPerWeek: z
    .number()
    .int()
    .min(1)
    .max(7)
    .nullish()
    .transform((value) => value ?? 5),
  maintenance: z.boolean().nullish().transform(Boolean),
});

export type Carrier = z.infer<typeof carrierSchema>;

const titleText = z.object({
  title: z.string(),
  text: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
});
/** A media-library file's name as served by the app's /media route (ADR 085); null for anything else. */
export function mediaPath(url: string): string | null {
  const name = url.split(/[?#]/)[0]!.split("/").pop() ?? "";
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ? `/media/${name}` : null;
}
const mediaFile = z.object({
  url: z.string(),
  width: z.number().nullish(),
  formats: z.record(z.string(), z.object({ url: z.string(), width: z.number() })).nullish(),
});
/** The smaller renditions Strapi made of an uploaded raster picture, plus the original, for srcset. */
function srcSetOf(file: z.infer<typeof mediaFile>): string | undefined {
  const sizes = [...Object.values(file.formats ?? {}), ...(file.width ? [{ url: file.url, width: file.width }] : [])]
    .map((format) => ({ path: mediaPath(format.url), width: format.width }))
    .filter((format): format is { path: string; width: number } => format.path !== null)
    .sort((a, b) => a.width - b.width);
  return sizes.length > 1 ? sizes.map((format) => `${format.path} ${format.width}w`).join(", ") : undefined;
}
/** A picture from the media library wins; the older picture address is the fallback. */
const carouselItem = z.object({ title: z.string(), imagePath: imageUrl("imagePath"), image: mediaFile.nullish().catch(null) }).transform(({ title, imagePath, image }) => {
  const library = image ? mediaPath(image.url) : null;
  return { title, imagePath: library ?? imagePath, ...(library && image ? { srcSet: srcSetOf(image) } : {}) };
});
type CarouselItem = { title: string; imagePath: string; srcSet?: string };
// A picture the URL policy refuses drops its carousel item, not the whole landing page.
const carousel = z
  .array(carouselItem)
  .nullish()
  .transform((items) => (items ?? []).filter((item): item is CarouselItem => item.imagePath !== null));

export const landingPageSchema = z.object({
  carrierCode: z.string(),
  locale: z.string().optional(),
  heroTitle: z.string(),
  heroSubtitle: nullableText,
  sellingPoints: z
    .array(titleText)
    .nullish()
    .transform((value) => value ?? []),
  steps: z
    .array(titleText)
    .nullish()
    .transform((value) => value ?? []),
  trackingTitle: nullableText,
  trackingText: nullableText,
  fleetTitle: nullableText,
  fleetText: nullableText,
  footerOperatedBy: nullableText,
  footerParking: nullableText,
  footerCoverage: nullableText,
  popularTitle: nullableText,
  popularSmartphones: carousel,
  popularTablets: carousel,
});
export type LandingPage = z.infer<typeof landingPageSchema>;

export const faqCategorySlugs = ["booking", "guarantee", "location", "payments", "popular", "repair", "terms"] as const;
export const faqCategorySlugSchema = z.enum(faqCategorySlugs);

export const faqCategorySchema = z.object({
  carrierCode: z.string(),
  slug: faqCategorySlugSchema,
  title: z.string(),
  order: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const faqItemSchema = z.object({
  documentId: z.string(),
  carrierCode: z.string(),
  category: faqCategorySlugSchema,
  question: z.string(),
  answer: z.string(),
  order: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const helpGuideSlugs = ["cancel-repair", "change-date", "change-address", "repair-cost", "track-technician"] as const;
export const helpGuideSchema = z.object({
  carrierCode: z.string(),
  slug: z.enum(helpGuideSlugs),
  title: z.string(),
  intro: nullableText,
  kind: z.enum(["steps", "options"]).catch("steps"),
  steps: z
    .array(titleText)
    .nullish()
    .transform((value) => value ?? []),
});
export type HelpGuide = z.infer<typeof helpGuideSchema>;

export const legalSlugs = ["terms", "privacy", "app-terms", "imprint"] as const;
export const legalPageSchema = z.object({
  carrierCode: z.string(),
  slug: z.enum(legalSlugs),
  title: z.string(),
  body: z.string(),
});
export type LegalPage = z.infer<typeof legalPageSchema>;

export const contactReasonSchema = z.object({
  carrierCode: z.string(),
  reasonId: z.number().int(),
  title: z.string(),
  order: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
});
export type ContactReason = z.infer<typeof contactReasonSchema>;

export const uiTextSchema = z.object({ carrierCode: z.string(), key: z.string().min(1), value: z.string() });

/** Strapi 5 collection response: flat entries. */
export const collectionResponse = z.object({
  data: z.array(z.unknown()),
  meta: z
    .object({
      pagination: z.object({ page: z.number(), pageCount: z.number(), pageSize: z.number(), total: z.number() }).partial().optional(),
    })
    .optional(),
});

/**
 * Parses each entry on its own: one malformed entry is dropped (and reported), not the whole page.
 */
export function parseEntries<T>(schema: z.ZodType<T>, entries: unknown[], onInvalid: (issue: string) => void): T[] {
  const parsed: T[] = [];
  for (const entry of entries) {
    const result = schema.safeParse(entry);
    if (result.success) parsed.push(result.data);
    else onInvalid(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
  }
  return parsed;
}
