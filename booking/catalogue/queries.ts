/**
 * Catalogue queries (spec §7 "Catalogue and others"): makes by type, device types, models by make
 * and type in priority order with search, versions, colours, problems with the carrier's prices,
 * extras and appliance triage questions. Prices: the carrier's own price for a model and problem
 * when it has one, else the catalogue price in the carrier's currency (minor units).
 */
import { and, asc, eq, ilike, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { inOrder, together, type DbOrTx } from "../db/open";
import { saleTitleStatement } from "../db/prepared";
import * as s from "../db/schema";
import { catalogueReads, type KeptRead } from "./revision";
import type { CarrierContext } from "../domain/carrier";
import { NotFoundError } from "../domain/errors";
import { parseInput } from "../domain/validate";

export type Locale = "en" | "de";
export const localeSchema = z.enum(["en", "de"]).default("en");

const t = (value: s.Localized | null | undefined, locale: Locale): string => (value ? value[locale] || value.en : "");

export interface Make {
  id: number;
  code: string;
  name: string;
  type_id: number;
}

export interface DeviceType {
  id: number;
  code: string;
  title: string;
}

export interface DeviceKindOption {
  code: s.DeviceKind;
  model_count: number;
}

export interface ModelSummary {
  id: number;
  slug: string;
  title: string;
  make_ids: number[];
  type_id: number;
  device_type: s.DeviceKind;
  priority: number;
  release_year: number | null;
  image_path: string;
  battery_required_for_screen_repair: boolean;
}

export interface ModelVersion {
  id: number;
  model_id: number;
  name: string;
  storage_gb: number | null;
  full_model_code: string | null;
}

export interface Colour {
  code: string;
  name: string;
  hex: string;
}

export interface PricedProblem {
  id: number;
  code: string;
  title: string;
  description: string;
  symptoms: string[];
  /** Minor units of `currency`. */
  price: number;
  /** The price before the sale; equals `price` when there is no sale. */
  non_sale_price: number;
  price_has_reduction: boolean;
  currency: string;
}

export interface Extra {
  id: number;
  code: string;
  title: string;
  description: string;
  price: number;
  currency: string;
}

export interface TriageQuestionView {
  id: number;
  code: string;
  question: string;
  required: boolean;
  options: { code: string; label: string }[];
}

export interface ModelVersionDetail extends ModelVersion {
  model: ModelSummary;
  full_title: string;
  colours: Colour[];
  problems: PricedProblem[];
  extras: Extra[];
  ask_back_glass: boolean;
  ask_frame: boolean;
  sale_title: string | null;
}

/** Make ids this carrier offers: every make, or only its single make for phones and tablets. */
function makeAllowed(carrier: CarrierContext, make: { id: number; typeId: number }): boolean {
  return !carrier.singleMakeOnly || make.typeId !== 1 || make.id === carrier.singleMakeId;
}

/** What the carrier leaves out of the shared catalogue (ADR 082): make ids, model slugs, problem codes. */
interface Exclusions {
  makeIds: Set<number>;
  models: Set<string>;
  problems: Set<string>;
}

/** The carrier's exclusions, kept per catalogue revision (ADR 219): only a carrier sync writes them, with a new hash. */
function keptExclusions(kept: KeptRead, db: DbOrTx, carrier: CarrierContext): Promise<Exclusions> {
  return kept("exclusions", () => exclusionsOf(db, carrier));
}

async function exclusionsOf(db: DbOrTx, carrier: CarrierContext): Promise<Exclusions> {
  const [offering] = await db.select().from(s.carrierOfferings).where(eq(s.carrierOfferings.carrierCode, carrier.code));
  if (!offering) return { makeIds: new Set(), models: new Set(), problems: new Set() };
  const makeRows = offering.excludedMakes.length ? await db.select({ id: s.makes.id }).from(s.makes).where(inArray(s.makes.code, offering.excludedMakes)) : [];
  return { makeIds: new Set(makeRows.map((m) => m.id)), models: new Set(offering.excludedModels), problems: new Set(offering.excludedProblems) };
}

function offered(carrier: CarrierContext, exclusions: Exclusions, make: { id: number; typeId: number }): boolean {
  return makeAllowed(carrier, make) && !exclusions.makeIds.has(make.id);
}

const listMakesInput = z.object({
  typeId: z.coerce.number().int().positive(),
  locale: localeSchema,
  /**
   * Spec §7 `show_available`. Absent: makes with at least one model. true: only makes with a model
   * the carrier prices a repair of (something bookable). false: every make of the type the carrier
   * offers, with models or not.
   */
  available: z.boolean().optional(),
});

/** Makes of a device type the carrier offers, narrowed by `available` (spec §7 show_available). */
export async function listMakes(db: DbOrTx, carrier: CarrierContext, input: z.input<typeof listMakesInput>): Promise<Make[]> {
  const { typeId, available } = parseInput(listMakesInput, input);
  const kept = await catalogueReads(db, carrier.code);
  const [rows, exclusions] = await together(
    db,
    () =>
      kept(`makes|${typeId}|${available ?? ""}`, () => {
        const makes = db.selectDistinct({ id: s.makes.id, code: s.makes.code, name: s.makes.name, typeId: s.makes.typeId }).from(s.makes);
        const ofType = and(eq(s.makes.typeId, typeId), eq(s.makes.active, true));
        if (available === false) return makes.where(ofType).orderBy(asc(s.makes.id));
        return makes
          .innerJoin(s.modelMakes, eq(s.modelMakes.makeId, s.makes.id))
          .innerJoin(s.models, and(eq(s.models.id, s.modelMakes.modelId), eq(s.models.active, true)))
          .where(ofType)
          .orderBy(asc(s.makes.id));
      }),
    () => keptExclusions(kept, db, carrier),
  );
  let makes = rows.filter((m) => offered(carrier, exclusions, m));
  if (available === true) {
    const bookable = await Promise.all(makes.map(async (make) => (await bookableModelIds(db, carrier, exclusions, make.id, typeId)).length > 0));
    makes = makes.filter((_, index) => bookable[index]);
  }
  return makes.map((m) => ({ id: m.id, code: m.code, name: m.name, type_id: m.typeId }));
}

/** Models of a make and type with at least one repair the carrier offers at a price in its currency. */
async function bookableModelIds(db: DbOrTx, carrier: CarrierContext, exclusions: Exclusions, makeId: number, typeId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: s.models.id })
    .from(s.models)
    .innerJoin(s.modelMakes, eq(s.modelMakes.modelId, s.models.id))
    .where(offeredModelsOf(makeId, exclusions, eq(s.models.typeId, typeId)));
  if (!rows.length) return [];
  const priced = await pricedProblems(
    db,
    carrier,
    rows.map((row) => row.id),
  );
  return [...priced].filter(([, problems]) => problems.some((problem) => !exclusions.problems.has(problem.code))).map(([id]) => id);
}

/** The device types; `repairTypeId` (spec §7 `repair_type_id`) keeps only that one. */
export async function listDeviceTypes(db: DbOrTx, _carrier: CarrierContext, input: { locale?: Locale; repairTypeId?: number } = {}): Promise<DeviceType[]> {
  const locale = parseInput(localeSchema, input.locale);
  const rows = await db
    .select()
    .from(s.deviceTypes)
    .where(input.repairTypeId === undefined ? undefined : eq(s.deviceTypes.id, input.repairTypeId))
    .orderBy(asc(s.deviceTypes.id));
  return rows.map((r) => ({ id: r.id, code: r.code, title: t(r.title, locale) }));
}

const kindsInput = z.object({ makeId: z.coerce.number().int().positive(), typeId: z.coerce.number().int().positive().optional() });

/** The kinds of device (phone, tablet, appliance) a make has models of: the "device type" step. */
export async function listDeviceKinds(db: DbOrTx, carrier: CarrierContext, input: z.input<typeof kindsInput>): Promise<DeviceKindOption[]> {
  const { makeId, typeId } = parseInput(kindsInput, input);
  const kept = await catalogueReads(db, carrier.code);
  const [make, exclusions] = await together(
    db,
    () => keptMake(kept, db, makeId),
    () => keptExclusions(kept, db, carrier),
  );
  if (!make || !offered(carrier, exclusions, make)) return [];
  const rows = await kept(`kinds|${makeId}|${typeId ?? ""}`, () =>
    db
      .select({ kind: s.models.deviceType, count: sql<number>`count(*)`.mapWith(Number) })
      .from(s.models)
      .innerJoin(s.modelMakes, eq(s.modelMakes.modelId, s.models.id))
      .where(offeredModelsOf(makeId, exclusions, typeId ? eq(s.models.typeId, typeId) : undefined))
      .groupBy(s.models.deviceType),
  );
  const order: s.DeviceKind[] = ["phone", "tablet", "appliance"];
  return rows.map((r) => ({ code: r.kind, model_count: r.count })).sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
}

/** Active models of a make the carrier has not left out, and whatever else `conditions` ask. */
function offeredModelsOf(makeId: number, exclusions: Exclusions, ...conditions: (SQL | undefined)[]) {
  return and(eq(s.modelMakes.makeId, makeId), eq(s.models.active, true), exclusions.models.size ? notInArray(s.models.slug, [...exclusions.models]) : undefined, ...conditions);
}

const listModelsInput = z.object({
  makeId: z.coerce.number().int().positive(),
  typeId: z.coerce.number().int().positive(),
  deviceType: z.enum(["phone", "tablet", "appliance"]).optional(),
  search: z.string().trim().max(60).optional(),
});

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Models of a make and type, in priority order (spec: order_by=priority,asc), optionally filtered by a name search. */
export async function listModels(db: DbOrTx, carrier: CarrierContext, input: z.input<typeof listModelsInput>): Promise<ModelSummary[]> {
  const { makeId, typeId, deviceType, search } = parseInput(listModelsInput, input);
  const kept = await catalogueReads(db, carrier.code);
  const [make, exclusions] = await together(
    db,
    () => keptMake(kept, db, makeId),
    () => keptExclusions(kept, db, carrier),
  );
  if (!make || !offered(carrier, exclusions, make)) return [];
  const words = (search ?? "").split(/\s+/).filter(Boolean);
  // A search is the visitor's own words: read every time, not kept (it would fill the memory with them).
  const read = words.length ? <T>(_key: string, load: () => Promise<T>) => load() : kept;
  const models = await read(`models|${makeId}|${typeId}|${deviceType ?? ""}`, async () => {
    const rows = await db
      .select({ model: s.models })
      .from(s.models)
      .innerJoin(s.modelMakes, eq(s.modelMakes.modelId, s.models.id))
      .where(
        offeredModelsOf(
          makeId,
          exclusions,
          eq(s.models.typeId, typeId),
          deviceType ? eq(s.models.deviceType, deviceType) : undefined,
          // Every word must appear: 'pro max' finds 'iPhone 16 Pro Max'.
          ...words.map((w) => ilike(s.models.title, `%${escapeLike(w)}%`)),
        ),
      )
      .orderBy(asc(s.models.priority), asc(s.models.id));
    return attachMakes(
      db,
      rows.map((r) => r.model),
    );
  });
  // Kept answers are shared: each caller gets its own copies.
  return models.map((model) => ({ ...model, make_ids: [...model.make_ids] }));
}

/** A make's row, kept per catalogue revision. */
function keptMake(kept: KeptRead, db: DbOrTx, makeId: number) {
  return kept(`make|${makeId}`, async () => (await db.select().from(s.makes).where(eq(s.makes.id, makeId)))[0]);
}

async function attachMakes(db: DbOrTx, rows: (typeof s.models.$inferSelect)[]): Promise<ModelSummary[]> {
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(s.modelMakes)
    .where(
      inArray(
        s.modelMakes.modelId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((m) => ({
    id: m.id,
    slug: m.slug,
    title: m.title,
    make_ids: links
      .filter((l) => l.modelId === m.id)
      .map((l) => l.makeId)
      .sort((a, b) => a - b),
    type_id: m.typeId,
    device_type: m.deviceType,
    priority: m.priority,
    release_year: m.releaseYear,
    image_path: m.imagePath,
    battery_required_for_screen_repair: m.batteryRequiredForScreenRepair,
  }));
}

export async function getModel(db: DbOrTx, carrier: CarrierContext, modelId: number): Promise<ModelSummary> {
  const id = parseInput(z.coerce.number().int().positive(), modelId, "model_id");
  const [row] = await db
    .select()
    .from(s.models)
    .where(and(eq(s.models.id, id), eq(s.models.active, true)));
  const exclusions = await exclusionsOf(db, carrier);
  if (!row || exclusions.models.has(row.slug)) throw new NotFoundError("The model");
  const [model] = await attachMakes(db, [row]);
  if (!model!.make_ids.some((makeId) => offered(carrier, exclusions, { id: makeId, typeId: model!.type_id }))) throw new NotFoundError("The model");
  return model!;
}

export async function listVersions(db: DbOrTx, carrier: CarrierContext, modelId: number): Promise<ModelVersion[]> {
  const model = await getModel(db, carrier, modelId);
  const rows = await db
    .select()
    .from(s.modelVersions)
    .where(and(eq(s.modelVersions.modelId, model.id), eq(s.modelVersions.active, true)))
    .orderBy(asc(s.modelVersions.position));
  return rows.map(versionView);
}

function versionView(v: typeof s.modelVersions.$inferSelect): ModelVersion {
  return { id: v.id, model_id: v.modelId, name: v.name, storage_gb: v.storageGb, full_model_code: v.fullModelCode };
}

export async function listColours(db: DbOrTx, carrier: CarrierContext, modelId: number, locale: Locale = "en"): Promise<Colour[]> {
  const model = await getModel(db, carrier, modelId);
  const rows = await db.select().from(s.modelColours).where(eq(s.modelColours.modelId, model.id)).orderBy(asc(s.modelColours.position));
  return rows.map((c) => ({ code: c.code, name: t(c.name, locale), hex: c.hex }));
}

/** Problems a model can be booked for, priced for the carrier; problems without a price in its currency are not offered. */
export async function listProblems(db: DbOrTx, carrier: CarrierContext, modelId: number, locale: Locale = "en"): Promise<PricedProblem[]> {
  const [byModel, exclusions] = await inOrder(
    () => pricedProblems(db, carrier, [modelId], locale),
    () => exclusionsOf(db, carrier),
  );
  // The journey offers only what the carrier offers; a draft already holding a problem keeps its price (the basket reads pricedProblems).
  return (byModel.get(modelId) ?? []).filter((p) => !exclusions.problems.has(p.code));
}

/** Priced problems for several models at once (the basket prices every device in one query). */
export async function pricedProblems(db: DbOrTx, carrier: CarrierContext, modelIds: number[], locale: Locale = "en"): Promise<Map<number, PricedProblem[]>> {
  const result = new Map<number, PricedProblem[]>();
  if (!modelIds.length) return result;
  const rows = await db
    .select({
      modelId: s.modelProblems.modelId,
      problem: s.problems,
      cataloguePrice: s.cataloguePrices.price,
      catalogueNonSale: s.cataloguePrices.nonSalePrice,
      carrierPrice: s.carrierPrices.price,
      carrierNonSale: s.carrierPrices.nonSalePrice,
    })
    .from(s.modelProblems)
    .innerJoin(s.problems, eq(s.problems.id, s.modelProblems.problemId))
    .leftJoin(
      s.cataloguePrices,
      and(eq(s.cataloguePrices.modelId, s.modelProblems.modelId), eq(s.cataloguePrices.problemId, s.modelProblems.problemId), eq(s.cataloguePrices.currency, carrier.currency)),
    )
    .leftJoin(
      s.carrierPrices,
      and(eq(s.carrierPrices.carrierCode, carrier.code), eq(s.carrierPrices.modelId, s.modelProblems.modelId), eq(s.carrierPrices.problemId, s.modelProblems.problemId)),
    )
    .where(inArray(s.modelProblems.modelId, modelIds))
    .orderBy(asc(s.problems.sortOrder), asc(s.problems.id));
  for (const row of rows) {
    const own = row.carrierPrice !== null;
    const price = own ? row.carrierPrice : row.cataloguePrice;
    if (price === null) continue;
    const nonSale = (own ? row.carrierNonSale : row.catalogueNonSale) ?? price;
    const list = result.get(row.modelId) ?? [];
    list.push({
      id: row.problem.id,
      code: row.problem.code,
      title: t(row.problem.title, locale),
      description: t(row.problem.description, locale),
      symptoms: row.problem.symptoms.map((sym) => t(sym, locale)),
      price,
      non_sale_price: Math.max(nonSale, price),
      price_has_reduction: nonSale > price,
      currency: carrier.currency,
    });
    result.set(row.modelId, list);
  }
  return result;
}

export async function listExtras(db: DbOrTx, carrier: CarrierContext, deviceType: s.DeviceKind, locale: Locale = "en"): Promise<Extra[]> {
  const rows = await db.select().from(s.extras).where(eq(s.extras.active, true)).orderBy(asc(s.extras.id));
  return rows
    .filter((e) => e.deviceTypes.includes(deviceType) && typeof e.prices[carrier.currency] === "number")
    .map((e) => ({ id: e.id, code: e.code, title: t(e.title, locale), description: t(e.description, locale), price: e.prices[carrier.currency]!, currency: carrier.currency }));
}

export async function listTriageQuestions(db: DbOrTx, carrier: CarrierContext, modelId: number, locale: Locale = "en"): Promise<TriageQuestionView[]> {
  const model = await getModel(db, carrier, modelId);
  const rows = await db
    .select({ q: s.triageQuestions })
    .from(s.triageQuestions)
    .innerJoin(s.triageQuestionModels, eq(s.triageQuestionModels.questionId, s.triageQuestions.id))
    .where(and(eq(s.triageQuestionModels.modelId, model.id), eq(s.triageQuestions.active, true)))
    .orderBy(asc(s.triageQuestions.position));
  return rows.map(({ q }) => ({
    id: q.id,
    code: q.code,
    question: t(q.question, locale),
    required: q.required,
    options: q.options.map((o) => ({ code: o.code, label: t(o.label, locale) })),
  }));
}

export async function saleTitle(db: DbOrTx, locale: Locale = "en"): Promise<string | null> {
  const [info] = await saleTitleStatement(db).execute();
  return info?.saleTitle ? t(info.saleTitle, locale) : null;
}

/** A repair of the version done under the manufacturer's warranty: the carrier's warranty charge, whatever the repair. */
export interface WarrantyRepair {
  problem: { id: number; code: string; title: string };
  price: number;
  currency: string;
}

/**
 * Spec §7 GET /models/versions/{id}?include_warranty_repairs: the version's repairs as an in-warranty
 * booking prices them (the repair free, the carrier's warranty charge once per booking where it
 * charges one); none where the carrier offers no warranty repairs.
 */
export async function getModelVersionWithWarranty(
  db: DbOrTx,
  carrier: CarrierContext,
  versionId: number,
  locale: Locale = "en",
): Promise<ModelVersionDetail & { warranty_repairs: WarrantyRepair[] }> {
  const version = await getModelVersion(db, carrier, versionId, locale);
  const charge = carrier.warrantyRepairChargeable ? carrier.warrantyRepairCharge : 0;
  const warranty_repairs = carrier.allowWarrantyRepairs
    ? version.problems.map((problem) => ({ problem: { id: problem.id, code: problem.code, title: problem.title }, price: charge, currency: carrier.currency }))
    : [];
  return { ...version, warranty_repairs };
}

/** Spec §7 GET /models/versions/{id}: the version with its model, colours, priced problems and extras. */
export async function getModelVersion(db: DbOrTx, carrier: CarrierContext, versionId: number, locale: Locale = "en"): Promise<ModelVersionDetail> {
  const id = parseInput(z.coerce.number().int().positive(), versionId, "model_version_id");
  const [version] = await db
    .select()
    .from(s.modelVersions)
    .where(and(eq(s.modelVersions.id, id), eq(s.modelVersions.active, true)));
  if (!version) throw new NotFoundError("The model version");
  const model = await getModel(db, carrier, version.modelId);
  const [colours, problemList, extraList, sale] = await inOrder(
    () => listColours(db, carrier, model.id, locale),
    () => listProblems(db, carrier, model.id, locale),
    () => listExtras(db, carrier, model.device_type, locale),
    () => saleTitle(db, locale),
  );
  return {
    ...versionView(version),
    model,
    full_title: model.device_type === "appliance" ? `${model.title} (${version.name})` : `${model.title} ${version.name}`,
    colours,
    problems: problemList,
    extras: extraList,
    ask_back_glass: problemList.some((p) => p.code === "back-glass-replacement"),
    ask_frame: problemList.some((p) => p.code === "frame-replacement"),
    sale_title: problemList.some((p) => p.price_has_reduction) ? sale : null,
  };
}
