/**
 * The engine's seed files (see README.md beside this file):
 * - tenants/catalogue.json: device types, makes, models, problems, default prices, extras and
 *   appliance triage questions, shared by every carrier;
 * - tenants/<code>/engine.json: one carrier's service areas and technicians, roster, stores,
 *   discount codes and price overrides.
 * Money is integer minor units (pence, cents); EUR prices are whole euros because DE shows none.
 */
import { z } from "zod";
import { openingHoursProblems, type OpeningHoursEntry } from "@repair/rules/opening-hours";
import { validPrefix } from "@repair/rules/postcodes";
import { normalisePostcode } from "../domain/postcode";
import { checkWebhookUrl, WEBHOOK_EVENTS } from "@repair/rules/webhooks";
import { IRIS_SECTIONS } from "@repair/rules/iris";

export const CURRENCIES = ["GBP", "EUR", "AUD", "USD", "CAD"] as const;
export const COUNTRIES = ["GB", "DE", "AU", "US", "CA"] as const;
export const DEVICE_TYPE_IDS = { phoneOrTablet: 1, appliance: 2 } as const;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case words joined by hyphens");
const id = z.number().int().positive();
const minor = z.number().int().min(0);
const localized = z.object({ en: z.string().min(1), de: z.string().min(1) });
const currency = z.enum(CURRENCIES);
const country = z.enum(COUNTRIES);
const hhmm = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "HH:MM");
const isoDate = z.iso.date();
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const point = z.object({ lat: latitude, lng: longitude });

export const deviceKindSchema = z.enum(["phone", "tablet", "appliance"]);

const amount = z.object({ price: minor, non_sale_price: minor.optional() }).refine((a) => a.non_sale_price === undefined || a.non_sale_price > a.price, {
  message: "non_sale_price is the price before the sale, so it must be higher than price",
});

/** One amount per currency; every currency must be present. */
const amountsByCurrency = z.object(Object.fromEntries(CURRENCIES.map((c) => [c, amount])) as Record<(typeof CURRENCIES)[number], typeof amount>);
const minorByCurrency = z.object(Object.fromEntries(CURRENCIES.map((c) => [c, minor])) as Record<(typeof CURRENCIES)[number], typeof minor>);

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  const twice = new Set<T>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
}

function requireUnique(ctx: z.RefinementCtx, values: unknown[], path: (string | number)[], what: string) {
  for (const value of duplicates(values)) ctx.addIssue({ code: "custom", path, message: `duplicate ${what}: ${String(value)}` });
}

// ---------------------------------------------------------------- catalogue.json

export const deviceTypeSchema = z.object({
  id,
  code: slug,
  title: localized,
});

export const makeSchema = z.object({
  id,
  code: slug,
  name: z.string().min(1),
  type_id: id,
});

export const modelVersionSchema = z.object({
  id,
  /** What the customer picks: a storage size ('256GB') or, for appliances, a build ('Freestanding'). */
  name: z.string().min(1),
  storage_gb: z.number().int().positive().nullable(),
  /** The manufacturer's model number ('A3293', 'SM-S921B'); null where the customer types it (appliances). */
  full_model_code: z.string().min(1).nullable(),
});

export const colourSchema = z.object({
  code: slug,
  name: localized,
  hex: z.string().regex(/^#[0-9a-f]{6}$/, "#rrggbb, lower case"),
});

export const modelSchema = z.object({
  id,
  slug,
  title: z.string().min(1),
  /** Phones and tablets belong to one make; an appliance model is generic across appliance makes. */
  make_ids: z.array(id).min(1),
  type_id: id,
  device_type: deviceKindSchema,
  /** Ascending: the order of the model list (spec §7 order_by=priority,asc). */
  priority: z.number().int().min(0),
  release_year: z.number().int().min(2000).max(2100).nullable(),
  /** Spec §4: a screen repair on this model includes a free battery replacement. */
  battery_required_for_screen_repair: z.boolean(),
  /** The generated demo picture, or a picture of the CMS media library served by the app's /media route. */
  image_path: z.string().regex(/^(\/images\/devices\/[a-z0-9-]+\.svg|\/media\/[A-Za-z0-9][A-Za-z0-9._-]*)$/),
  versions: z.array(modelVersionSchema).min(1),
  colours: z.array(colourSchema),
  /** Codes of the problems this model can be booked for. */
  problems: z.array(slug).min(1),
});

export const problemSchema = z.object({
  id,
  code: slug,
  type_id: id,
  title: localized,
  description: localized,
  symptoms: z.array(localized),
  /** Sort order in the issue list. */
  order: z.number().int().min(0),
});

export const extraSchema = z.object({
  id,
  code: slug,
  title: localized,
  description: localized,
  device_types: z.array(deviceKindSchema).min(1),
  prices: minorByCurrency,
});

/** One IRIS code operations keep in the CMS for the technician's irisCodes step. */
export const irisCodeSchema = z.object({
  section: z.enum(IRIS_SECTIONS),
  code: z.string().regex(/^[A-Z0-9]{1,4}$/, "1 to 4 capital letters or digits, as the IRIS table writes it"),
  title: localized,
});

export const triageQuestionSchema = z.object({
  id,
  code: slug,
  /** Slugs of the appliance models that ask this question. */
  models: z.array(slug).min(1),
  question: localized,
  required: z.boolean(),
  options: z.array(z.object({ code: slug, label: localized })).min(2),
});

export const catalogueFileSchema = z
  .object({
    $schema: z.string().optional(),
    version: z.literal(1),
    /** Title of the running sale, shown where a price has a non_sale_price. */
    sale_title: localized.nullable(),
    device_types: z.array(deviceTypeSchema).min(1),
    makes: z.array(makeSchema).min(1),
    problems: z.array(problemSchema).min(1),
    models: z.array(modelSchema).min(1),
    /** prices[model slug][problem code][currency] = { price, non_sale_price? } */
    prices: z.record(slug, z.record(slug, amountsByCurrency)),
    extras: z.array(extraSchema),
    triage_questions: z.array(triageQuestionSchema),
    /** The IRIS codes the technician chooses from (spec §2 repair.irisCodes); none: the step has nothing to choose. */
    iris_codes: z.array(irisCodeSchema).default([]),
  })
  .superRefine((file, ctx) => {
    requireUnique(
      ctx,
      file.device_types.map((t) => t.id),
      ["device_types"],
      "device type id",
    );
    requireUnique(
      ctx,
      file.makes.map((m) => m.id),
      ["makes"],
      "make id",
    );
    requireUnique(
      ctx,
      file.makes.map((m) => m.code),
      ["makes"],
      "make code",
    );
    requireUnique(
      ctx,
      file.problems.map((p) => p.id),
      ["problems"],
      "problem id",
    );
    requireUnique(
      ctx,
      file.problems.map((p) => p.code),
      ["problems"],
      "problem code",
    );
    requireUnique(
      ctx,
      file.models.map((m) => m.id),
      ["models"],
      "model id",
    );
    requireUnique(
      ctx,
      file.models.map((m) => m.slug),
      ["models"],
      "model slug",
    );
    requireUnique(
      ctx,
      file.models.flatMap((m) => m.versions.map((v) => v.id)),
      ["models"],
      "model version id",
    );
    requireUnique(
      ctx,
      file.extras.map((e) => e.code),
      ["extras"],
      "extra code",
    );
    requireUnique(
      ctx,
      file.triage_questions.map((q) => q.code),
      ["triage_questions"],
      "triage question code",
    );
    requireUnique(
      ctx,
      file.iris_codes.map((c) => `${c.section} ${c.code}`),
      ["iris_codes"],
      "IRIS code",
    );

    const typeIds = new Set(file.device_types.map((t) => t.id));
    const makes = new Map(file.makes.map((m) => [m.id, m]));
    const problems = new Map(file.problems.map((p) => [p.code, p]));
    const models = new Map(file.models.map((m) => [m.slug, m]));

    file.makes.forEach((make, i) => {
      if (!typeIds.has(make.type_id)) ctx.addIssue({ code: "custom", path: ["makes", i, "type_id"], message: `unknown device type ${make.type_id}` });
    });
    file.problems.forEach((problem, i) => {
      if (!typeIds.has(problem.type_id)) ctx.addIssue({ code: "custom", path: ["problems", i, "type_id"], message: `unknown device type ${problem.type_id}` });
    });

    file.models.forEach((model, i) => {
      const at = (field: string) => ["models", i, field];
      const isAppliance = model.device_type === "appliance";
      if (isAppliance !== (model.type_id === DEVICE_TYPE_IDS.appliance)) {
        ctx.addIssue({ code: "custom", path: at("type_id"), message: `device_type ${model.device_type} does not fit type_id ${model.type_id}` });
      }
      if (model.image_path.startsWith("/images/") && model.image_path !== `/images/devices/${model.slug}.svg`) {
        ctx.addIssue({ code: "custom", path: at("image_path"), message: `expected /images/devices/${model.slug}.svg` });
      }
      if (!isAppliance && model.make_ids.length !== 1) ctx.addIssue({ code: "custom", path: at("make_ids"), message: "a phone or tablet has exactly one make" });
      for (const makeId of model.make_ids) {
        const make = makes.get(makeId);
        if (!make) ctx.addIssue({ code: "custom", path: at("make_ids"), message: `unknown make ${makeId}` });
        else if (make.type_id !== model.type_id) ctx.addIssue({ code: "custom", path: at("make_ids"), message: `make ${make.code} is of another device type` });
      }
      requireUnique(
        ctx,
        model.colours.map((c) => c.code),
        at("colours"),
        "colour",
      );
      requireUnique(ctx, model.problems, at("problems"), "problem");
      for (const code of model.problems) {
        const problem = problems.get(code);
        if (!problem) ctx.addIssue({ code: "custom", path: at("problems"), message: `unknown problem ${code}` });
        else if (problem.type_id !== model.type_id) ctx.addIssue({ code: "custom", path: at("problems"), message: `problem ${code} is for another device type` });
        else if (!file.prices[model.slug]?.[code]) ctx.addIssue({ code: "custom", path: ["prices", model.slug], message: `no price for ${model.slug} / ${code}` });
      }
    });

    for (const [modelSlug, byProblem] of Object.entries(file.prices)) {
      const model = models.get(modelSlug);
      if (!model) {
        ctx.addIssue({ code: "custom", path: ["prices", modelSlug], message: `price for unknown model ${modelSlug}` });
        continue;
      }
      for (const code of Object.keys(byProblem)) {
        if (!model.problems.includes(code)) ctx.addIssue({ code: "custom", path: ["prices", modelSlug, code], message: `${modelSlug} does not offer ${code}` });
      }
    }

    file.triage_questions.forEach((question, i) => {
      requireUnique(
        ctx,
        question.options.map((o) => o.code),
        ["triage_questions", i, "options"],
        "option",
      );
      for (const modelSlug of question.models) {
        const model = models.get(modelSlug);
        if (!model) ctx.addIssue({ code: "custom", path: ["triage_questions", i, "models"], message: `unknown model ${modelSlug}` });
        else if (model.device_type !== "appliance") ctx.addIssue({ code: "custom", path: ["triage_questions", i, "models"], message: `${modelSlug} is not an appliance` });
      }
    });
  });

export type CatalogueFile = z.output<typeof catalogueFileSchema>;
export type CatalogueModel = CatalogueFile["models"][number];
export type CatalogueProblem = CatalogueFile["problems"][number];
export type CatalogueExtra = CatalogueFile["extras"][number];
export type TriageQuestion = CatalogueFile["triage_questions"][number];
export type PriceAmount = z.output<typeof amount>;

// ---------------------------------------------------------------- <carrier>/engine.json

export const technicianSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  van_registration: z.string().min(2),
  home_base: point,
});

export const serviceAreaSchema = z.object({
  code: slug,
  name: z.string().min(1),
  country,
  /** UK: areas ('SW') or districts ('SW1A', 'E1'); DE/AU/US: leading digits; CA: FSA or its start ('M5V', 'M5'). */
  postcode_prefixes: z.array(z.string().min(1)).min(1),
  centre: point,
  radius_km: z.number().positive().max(200),
  technicians: z.array(technicianSchema).min(1),
  /** A small (remote) area's own appointments per technician a day; absent: the roster's. */
  slots_per_technician_per_day: z.number().int().min(1).max(24).optional(),
});

export const rosterSchema = z.object({
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  working_weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  slots_per_technician_per_day: z.number().int().min(1).max(24),
  /** Start of the first appointment window of the day, in the carrier's time zone. */
  first_timeslot: hhmm.default("08:00"),
  /** Length of an arrival window (spec §9: the timeslot is 1 hour). */
  timeslot_minutes: z.number().int().min(15).max(240).default(60),
  /** Minutes from the start of one window to the next (window plus repair plus travel). */
  timeslot_interval_minutes: z.number().int().min(15).max(480).default(90),
  /** Latest local time at which a same-day appointment can still be booked; null: no same-day bookings. */
  same_day_booking_until: hhmm.nullable().default(null),
  /**
   * Lead time in minutes (ADR 110): a booking is only given a window that starts at least this long
   * after now, in the carrier's time zone; a day with no such window left is not offered.
   */
  same_day_lead_minutes: z.number().int().min(0).max(720).default(60),
  /** Days nobody works (public holidays), YYYY-MM-DD. */
  closed_dates: z.array(isoDate).default([]),
});

/**
 * A store's opening hours (issue 9, ADR 088): the rule the CMS applies on save
 * (packages/rules/opening-hours.js), with its messages; entries keep only days, opens and closes.
 */
export const openingHoursSchema = z
  .array(z.unknown())
  .superRefine((entries, ctx) => {
    for (const problem of openingHoursProblems(entries)) {
      const path = problem.path.slice(1).map((part) => (/^[0-9]+$/.test(part) ? Number(part) : part));
      ctx.addIssue({ code: "custom", path, message: problem.message });
    }
  })
  .transform((entries) => (entries as OpeningHoursEntry[]).map(({ days, opens, closes }): OpeningHoursEntry => ({ days, opens, closes })));

export const storeSchema = z.object({
  code: z.string().regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, "upper-case letters, digits and hyphens"),
  name: z.string().min(1),
  address: z.object({ line_1: z.string().min(1), line_2: z.string().default(""), town: z.string().min(1) }),
  postcode: z.string().min(1),
  latitude,
  longitude,
  drop_off_available: z.boolean(),
  opening_hours: openingHoursSchema.default([]),
});

export const discountCodeSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, "upper-case letters, digits and hyphens"),
    kind: z.enum(["percent", "fixed"]),
    /** percent: whole percent (1–100); fixed: minor units of the carrier's currency. */
    value: z.number().int().positive(),
    expires_at: z.iso.datetime({ offset: true }).nullable(),
    /** Not valid before this moment (issue 9); absent or null: valid from the start. */
    starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
    single_use: z.boolean(),
    /** Completed orders the code may be used for (issue 9); absent or null: unlimited, or 1 when single_use. */
    usage_limit: z.number().int().positive().nullable().default(null),
  })
  .refine((d) => d.kind !== "percent" || d.value <= 100, { message: "a percent discount is at most 100", path: ["value"] })
  .refine((d) => !d.single_use || d.usage_limit === null || d.usage_limit === 1, { message: "a single-use code has a usage limit of 1", path: ["usage_limit"] })
  .refine((d) => !d.starts_at || !d.expires_at || Date.parse(d.starts_at) < Date.parse(d.expires_at), { message: "starts_at must be before expires_at", path: ["starts_at"] });

/** What of the shared catalogue the carrier does not offer (issue 9); absent: all of it. */
export const offeringSchema = z.object({
  excluded_makes: z.array(slug).default([]),
  excluded_models: z.array(slug).default([]),
  excluded_problems: z.array(slug).default([]),
});

export const priceOverrideSchema = z.object({
  model: slug,
  problem: slug,
  price: minor,
  non_sale_price: minor.optional(),
});

/** A partner's webhook endpoint (ADR 179): the CMS entry's document id, its URL, events and signing secret. */
export const webhookEndpointSchema = z.object({
  id: z.string().min(1).max(64),
  url: z.string().refine((url) => checkWebhookUrl(url, { production: false }).ok, "an http(s) address without user name or password"),
  events: z.array(z.enum(WEBHOOK_EVENTS)).default([]),
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/, "whsec_ followed by the base64 of at least 30 bytes"),
  enabled: z.boolean().default(true),
  description: z.string().max(500).default(""),
});

export const engineFileSchema = z
  .object({
    $schema: z.string().optional(),
    version: z.literal(1),
    carrier_code: slug,
    /** Must agree with the carrier's CMS entry (countryCode, currency). */
    country,
    currency,
    roster: rosterSchema,
    service_areas: z.array(serviceAreaSchema).min(1),
    stores: z.array(storeSchema).default([]),
    discount_codes: z.array(discountCodeSchema).default([]),
    price_overrides: z.array(priceOverrideSchema).default([]),
    offering: offeringSchema.default({ excluded_makes: [], excluded_models: [], excluded_problems: [] }),
    webhooks: z.array(webhookEndpointSchema).default([]),
  })
  .superRefine((file, ctx) => {
    requireUnique(ctx, file.roster.working_weekdays, ["roster", "working_weekdays"], "weekday");
    requireUnique(
      ctx,
      file.service_areas.map((a) => a.code),
      ["service_areas"],
      "service area code",
    );
    requireUnique(
      ctx,
      file.service_areas.flatMap((a) => a.technicians.map((t) => t.id)),
      ["service_areas"],
      "technician id",
    );
    requireUnique(
      ctx,
      file.stores.map((s) => s.code),
      ["stores"],
      "store code",
    );
    requireUnique(
      ctx,
      file.discount_codes.map((d) => d.code),
      ["discount_codes"],
      "discount code",
    );
    requireUnique(
      ctx,
      file.price_overrides.map((o) => `${o.model}/${o.problem}`),
      ["price_overrides"],
      "price override",
    );

    file.service_areas.forEach((area, i) => {
      if (area.country !== file.country) {
        ctx.addIssue({ code: "custom", path: ["service_areas", i, "country"], message: `area in ${area.country}, carrier in ${file.country}` });
      }
      area.postcode_prefixes.forEach((prefix, j) => {
        if (!validPrefix(area.country, prefix)) {
          ctx.addIssue({ code: "custom", path: ["service_areas", i, "postcode_prefixes", j], message: `'${prefix}' is not a ${area.country} postcode prefix` });
        }
      });
    });
    file.stores.forEach((store, i) => {
      if (!normalisePostcode(file.country, store.postcode).ok) {
        ctx.addIssue({ code: "custom", path: ["stores", i, "postcode"], message: `'${store.postcode}' is not a ${file.country} postcode` });
      }
    });
    file.price_overrides.forEach((override, i) => {
      if (override.non_sale_price !== undefined && override.non_sale_price <= override.price) {
        ctx.addIssue({ code: "custom", path: ["price_overrides", i, "non_sale_price"], message: "non_sale_price must be higher than price" });
      }
    });
  });

export type EngineFile = z.output<typeof engineFileSchema>;
export type ServiceArea = EngineFile["service_areas"][number];
export type Technician = ServiceArea["technicians"][number];
export type Roster = EngineFile["roster"];
export type Store = EngineFile["stores"][number];
export type DiscountCode = EngineFile["discount_codes"][number];
export type PriceOverride = EngineFile["price_overrides"][number];
export type Offering = EngineFile["offering"];
/** An engine file as code may write it: the issue 9 additions may be left out (their defaults apply). */
export type EngineFileInput = Omit<EngineFile, "discount_codes" | "offering" | "webhooks"> & {
  webhooks?: z.input<typeof webhookEndpointSchema>[];
  discount_codes: (Omit<DiscountCode, "starts_at" | "usage_limit"> & Partial<Pick<DiscountCode, "starts_at" | "usage_limit">>)[];
  offering?: Offering;
};
