/**
 * Between the engine's file shapes (tenants/<code>/engine.json, tenants/catalogue.json, validated by
 * booking/catalogue/seed-schema.ts) and the CMS's operations and catalogue entries. Pure: the seed
 * goes file -> entries, the engine feed goes entries -> file (/work/ops-contract.md), and a unit
 * test proves the round trip gives the file back.
 */

import { webhookEndpointToEngine } from '../webhooks/webhook-endpoints';
/* eslint-disable @typescript-eslint/no-explicit-any -- the files arrive as parsed JSON already validated by
   booking/catalogue/seed-schema.ts, which the CMS cannot import; the round-trip test checks this mapping. */

type Data = Record<string, unknown>;
type Localized = { en: string; de: string };

export type OpsEntries = {
  roster: Data;
  offering: Data;
  serviceAreas: Data[];
  technicians: Data[];
  stores: Data[];
  discountCodes: Data[];
  priceOverrides: Data[];
  /** Partners' webhook endpoints (ADR 179); not in the seed files. */
  webhookEndpoints?: Data[];
};

export type CatalogueEntries = {
  setting: Data;
  deviceTypes: Data[];
  makes: Data[];
  problems: Data[];
  models: Data[];
  prices: Data[];
  extras: Data[];
  triageQuestions: Data[];
};

/** Optional number/text fields: absent in the file, null in Strapi. */
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
const str = (value: unknown): string => (value == null ? '' : String(value));
const num = (value: unknown): number => Number(value);
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const localized = (en: unknown, de: unknown): Localized => ({ en: str(en), de: str(de) });

/**
 * A model's picture as the site shows it: the media-library file through the app's /media route
 * (ADR 085) when one is chosen, else the generated demo picture of imagePath.
 */
export function modelPicturePath(model: Data): string {
  const url = (model.picture as { url?: unknown } | null | undefined)?.url;
  const name = typeof url === 'string' ? (url.split(/[?#]/)[0].split('/').pop() ?? '') : '';
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ? `/media/${name}` : str(model.imagePath);
}

/** Strapi answers datetimes with milliseconds ('…59.000Z'); the files write whole seconds. */
export function isoDateTime(value: unknown): string | null {
  if (value == null || value === '') return null;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toISOString().replace(/\.000Z$/, 'Z');
}

// ---------------------------------------------------------------- engine.json

export function engineFileToEntries(file: any): OpsEntries {
  const roster = file.roster ?? {};
  return {
    roster: {
      workingWeekdays: roster.working_weekdays,
      slotsPerTechnicianPerDay: roster.slots_per_technician_per_day,
      firstTimeslot: roster.first_timeslot ?? '08:00',
      timeslotMinutes: roster.timeslot_minutes ?? 60,
      timeslotIntervalMinutes: roster.timeslot_interval_minutes ?? 90,
      sameDayBookingUntil: orNull(roster.same_day_booking_until),
      sameDayLeadMinutes: roster.same_day_lead_minutes ?? 60,
      closedDates: roster.closed_dates ?? [],
    },
    offering: {
      excludedMakes: file.offering?.excluded_makes ?? [],
      excludedModels: file.offering?.excluded_models ?? [],
      excludedProblems: file.offering?.excluded_problems ?? [],
    },
    serviceAreas: list<any>(file.service_areas).map((area) => ({
      code: area.code,
      name: area.name,
      country: area.country,
      postcodePrefixes: area.postcode_prefixes,
      centreLat: area.centre.lat,
      centreLng: area.centre.lng,
      radiusKm: area.radius_km,
      slotsPerTechnicianPerDay: orNull(area.slots_per_technician_per_day),
    })),
    technicians: list<any>(file.service_areas).flatMap((area) =>
      list<any>(area.technicians).map((t) => ({
        technicianId: t.id,
        name: t.name,
        vanRegistration: t.van_registration,
        homeBaseLat: t.home_base.lat,
        homeBaseLng: t.home_base.lng,
        serviceArea: area.code,
      })),
    ),
    stores: list<any>(file.stores).map((s) => ({
      code: s.code,
      name: s.name,
      addressLine1: s.address.line_1,
      addressLine2: s.address.line_2 ?? '',
      town: s.address.town,
      postcode: s.postcode,
      latitude: s.latitude,
      longitude: s.longitude,
      dropOffAvailable: s.drop_off_available,
      openingHours: s.opening_hours ?? [],
    })),
    discountCodes: list<any>(file.discount_codes).map((d) => ({
      code: d.code,
      kind: d.kind,
      value: d.value,
      startsAt: orNull(d.starts_at),
      expiresAt: orNull(d.expires_at),
      usageLimit: orNull(d.usage_limit),
      singleUse: d.single_use,
    })),
    priceOverrides: list<any>(file.price_overrides).map((o) => ({
      model: o.model,
      problem: o.problem,
      price: o.price,
      nonSalePrice: orNull(o.non_sale_price),
    })),
  };
}

export type CarrierFacts = { code: string; countryCode: string; currency: string };

/** The engine file of one carrier, lists in the order given (the feed passes creation order). */
export function entriesToEngineFile(carrier: CarrierFacts, entries: OpsEntries) {
  const { roster, offering } = entries;
  return {
    version: 1 as const,
    carrier_code: carrier.code,
    country: carrier.countryCode,
    currency: carrier.currency,
    roster: {
      working_weekdays: list<number>(roster.workingWeekdays),
      slots_per_technician_per_day: num(roster.slotsPerTechnicianPerDay),
      first_timeslot: str(roster.firstTimeslot),
      timeslot_minutes: num(roster.timeslotMinutes),
      timeslot_interval_minutes: num(roster.timeslotIntervalMinutes),
      same_day_booking_until: (roster.sameDayBookingUntil as string | null) || null,
      same_day_lead_minutes: roster.sameDayLeadMinutes == null ? 60 : num(roster.sameDayLeadMinutes),
      closed_dates: list<string>(roster.closedDates),
    },
    service_areas: entries.serviceAreas.map((area) => ({
      code: str(area.code),
      name: str(area.name),
      country: str(area.country),
      postcode_prefixes: list<string>(area.postcodePrefixes),
      centre: { lat: num(area.centreLat), lng: num(area.centreLng) },
      radius_km: num(area.radiusKm),
      ...(area.slotsPerTechnicianPerDay != null ? { slots_per_technician_per_day: num(area.slotsPerTechnicianPerDay) } : {}),
      technicians: entries.technicians
        .filter((t) => t.serviceArea === area.code)
        .map((t) => ({
          id: str(t.technicianId),
          name: str(t.name),
          van_registration: str(t.vanRegistration),
          home_base: { lat: num(t.homeBaseLat), lng: num(t.homeBaseLng) },
        })),
    })),
    stores: entries.stores.map((s) => ({
      code: str(s.code),
      name: str(s.name),
      address: { line_1: str(s.addressLine1), line_2: str(s.addressLine2), town: str(s.town) },
      postcode: str(s.postcode),
      latitude: num(s.latitude),
      longitude: num(s.longitude),
      drop_off_available: s.dropOffAvailable === true,
      opening_hours: list<{ days: number[]; opens: string; closes: string }>(s.openingHours),
    })),
    discount_codes: entries.discountCodes.map((d) => ({
      code: str(d.code),
      kind: d.kind as 'percent' | 'fixed',
      value: num(d.value),
      starts_at: isoDateTime(d.startsAt),
      expires_at: isoDateTime(d.expiresAt),
      // The contract sends both consistent: single use is a limit of 1.
      usage_limit: d.usageLimit != null ? num(d.usageLimit) : d.singleUse === true ? 1 : null,
      single_use: d.singleUse === true || d.usageLimit === 1,
    })),
    price_overrides: entries.priceOverrides.map((o) => ({
      model: str(o.model),
      problem: str(o.problem),
      price: num(o.price),
      ...(o.nonSalePrice != null ? { non_sale_price: num(o.nonSalePrice) } : {}),
    })),
    offering: {
      excluded_makes: list<string>(offering.excludedMakes),
      excluded_models: list<string>(offering.excludedModels),
      excluded_problems: list<string>(offering.excludedProblems),
    },
    // Only when there are any, so a seed file reads back as it was written.
    ...(entries.webhookEndpoints?.length ? { webhooks: entries.webhookEndpoints.map(webhookEndpointToEngine) } : {}),
  };
}

// ---------------------------------------------------------------- catalogue.json

type Amount = { currency: string; price: number; nonSalePrice?: number | null };

export function catalogueFileToEntries(file: any): CatalogueEntries {
  const prices: Data[] = [];
  for (const [model, byProblem] of Object.entries<any>(file.prices ?? {})) {
    for (const [problem, byCurrency] of Object.entries<any>(byProblem)) {
      prices.push({
        model,
        problem,
        amounts: Object.entries<any>(byCurrency).map(([currency, a]) => ({ currency, price: a.price, nonSalePrice: orNull(a.non_sale_price) })),
      });
    }
  }
  return {
    setting: {
      saleTitleEn: file.sale_title?.en ?? null,
      saleTitleDe: file.sale_title?.de ?? null,
      irisCodes: list<any>(file.iris_codes).map((c) => ({ section: c.section, code: c.code, titleEn: c.title.en, titleDe: c.title.de })),
    },
    deviceTypes: list<any>(file.device_types).map((t) => ({ typeId: t.id, code: t.code, titleEn: t.title.en, titleDe: t.title.de })),
    makes: list<any>(file.makes).map((m) => ({ makeId: m.id, code: m.code, name: m.name, typeId: m.type_id })),
    problems: list<any>(file.problems).map((p) => ({
      problemId: p.id,
      code: p.code,
      typeId: p.type_id,
      titleEn: p.title.en,
      titleDe: p.title.de,
      descriptionEn: p.description.en,
      descriptionDe: p.description.de,
      symptoms: p.symptoms,
      order: p.order,
    })),
    models: list<any>(file.models).map((m) => ({
      modelId: m.id,
      slug: m.slug,
      title: m.title,
      makeIds: m.make_ids,
      typeId: m.type_id,
      deviceType: m.device_type,
      priority: m.priority,
      releaseYear: m.release_year,
      batteryRequiredForScreenRepair: m.battery_required_for_screen_repair,
      imagePath: m.image_path,
      versions: list<any>(m.versions).map((v) => ({ versionId: v.id, name: v.name, storageGb: v.storage_gb, fullModelCode: v.full_model_code })),
      colours: list<any>(m.colours).map((c) => ({ code: c.code, nameEn: c.name.en, nameDe: c.name.de, hex: c.hex })),
      problems: m.problems,
    })),
    prices,
    extras: list<any>(file.extras).map((e) => ({
      extraId: e.id,
      code: e.code,
      titleEn: e.title.en,
      titleDe: e.title.de,
      descriptionEn: e.description.en,
      descriptionDe: e.description.de,
      deviceTypes: e.device_types,
      prices: Object.entries<number>(e.prices).map(([currency, price]) => ({ currency, price, nonSalePrice: null })),
    })),
    triageQuestions: list<any>(file.triage_questions).map((q) => ({
      questionId: q.id,
      code: q.code,
      models: q.models,
      questionEn: q.question.en,
      questionDe: q.question.de,
      answerRequired: q.required,
      options: q.options,
    })),
  };
}

const amountOf = (a: Amount) => ({ price: num(a.price), ...(a.nonSalePrice != null ? { non_sale_price: num(a.nonSalePrice) } : {}) });

export function entriesToCatalogueFile(entries: CatalogueEntries) {
  const prices: Record<string, Record<string, Record<string, { price: number; non_sale_price?: number }>>> = {};
  for (const p of entries.prices) {
    const byProblem = (prices[str(p.model)] ??= {});
    byProblem[str(p.problem)] = Object.fromEntries(list<Amount>(p.amounts).map((a) => [a.currency, amountOf(a)]));
  }
  const { saleTitleEn, saleTitleDe } = entries.setting;
  return {
    version: 1 as const,
    sale_title: saleTitleEn || saleTitleDe ? localized(saleTitleEn, saleTitleDe) : null,
    device_types: entries.deviceTypes.map((t) => ({ id: num(t.typeId), code: str(t.code), title: localized(t.titleEn, t.titleDe) })),
    makes: entries.makes.map((m) => ({ id: num(m.makeId), code: str(m.code), name: str(m.name), type_id: num(m.typeId) })),
    problems: entries.problems.map((p) => ({
      id: num(p.problemId),
      code: str(p.code),
      type_id: num(p.typeId),
      title: localized(p.titleEn, p.titleDe),
      description: localized(p.descriptionEn, p.descriptionDe),
      symptoms: list<Localized>(p.symptoms),
      order: num(p.order),
    })),
    models: entries.models.map((m) => ({
      id: num(m.modelId),
      slug: str(m.slug),
      title: str(m.title),
      make_ids: list<number>(m.makeIds),
      type_id: num(m.typeId),
      device_type: str(m.deviceType),
      priority: num(m.priority),
      release_year: m.releaseYear == null ? null : num(m.releaseYear),
      battery_required_for_screen_repair: m.batteryRequiredForScreenRepair === true,
      image_path: modelPicturePath(m),
      versions: list<Data>(m.versions).map((v) => ({
        id: num(v.versionId),
        name: str(v.name),
        storage_gb: v.storageGb == null ? null : num(v.storageGb),
        full_model_code: (v.fullModelCode as string | null) || null,
      })),
      colours: list<Data>(m.colours).map((c) => ({ code: str(c.code), name: localized(c.nameEn, c.nameDe), hex: str(c.hex) })),
      problems: list<string>(m.problems),
    })),
    prices,
    extras: entries.extras.map((e) => ({
      id: num(e.extraId),
      code: str(e.code),
      title: localized(e.titleEn, e.titleDe),
      description: localized(e.descriptionEn, e.descriptionDe),
      device_types: list<string>(e.deviceTypes),
      prices: Object.fromEntries(list<Amount>(e.prices).map((a) => [a.currency, num(a.price)])),
    })),
    triage_questions: entries.triageQuestions.map((q) => ({
      id: num(q.questionId),
      code: str(q.code),
      models: list<string>(q.models),
      question: localized(q.questionEn, q.questionDe),
      required: q.answerRequired === true,
      options: list<{ code: string; label: Localized }>(q.options),
    })),
    iris_codes: list<Data>(entries.setting.irisCodes).map((c) => ({ section: str(c.section), code: str(c.code), title: localized(c.titleEn, c.titleDe) })),
  };
}
