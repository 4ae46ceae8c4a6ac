/**
 * Writes the engine's copy of the catalogue and of each carrier's operations data (ADR 015, ADR 080):
 * from the CMS feed at run time (booking/operations/sync.ts, with the feed's revision time: newer
 * wins), or from tenants/ files (`seedFromTenants`, a development tool and test fixture).
 * tenants/catalogue.json is the shared device catalogue, tenants/<code>/engine.json one carrier's
 * areas, technicians, roster, stores, discount codes, price overrides and offering. Idempotent: a file whose SHA-256 is already recorded is skipped, so re-running changes
 * nothing; a new carrier folder is added; a changed file is applied in one transaction (rows that
 * left the file are deactivated, never deleted, because bookings and orders point at them; discount
 * code usage is never reset). An advisory lock makes concurrent seeders (several app instances
 * starting together) take turns.
 */
import path from "node:path";
import * as s from "../db/schema";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { eq, getTableColumns, notInArray, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { BookingDatabase, BookingTransaction } from "../db/open";
import { catalogueFileSchema, engineFileSchema, type CatalogueFile } from "./seed-schema";
import { seedCarrier } from "./seed-carrier";

export interface SeedReport {
  catalogue: SeedResult | "missing";
  carriers: { code: string; result: SeedResult }[];
}

export class SeedFileError extends Error {
  constructor(
    readonly file: string,
    readonly issues: string[],
  ) {
    super(`${file}:\n  ${issues.join("\n  ")}`);
    this.name = "SeedFileError";
  }
}

const CATALOGUE_LOCK = 731_101;

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function parseFile<T>(
  file: string,
  text: string,
  parse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedFileError(file, [`not JSON: ${(error as Error).message}`]);
  }
  const result = parse(json);
  if (!result.success)
    throw new SeedFileError(
      file,
      result.error.issues.map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`),
    );
  return result.data;
}

/** Every column of `table` set from the proposed row (`excluded.*`), except the key columns. */
export function excludedSet(table: PgTable, except: string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (except.includes(key)) continue;
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

export async function insertChunked<T extends PgTable>(tx: BookingTransaction, table: T, rows: T["$inferInsert"][], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size));
}

/** Reads tenants/catalogue.json and every tenants/<code>/engine.json under `dir` and seeds them. */
export async function seedFromTenants(db: BookingDatabase, dir: string): Promise<SeedReport> {
  const report: SeedReport = { catalogue: "missing", carriers: [] };
  const cataloguePath = path.join(dir, "catalogue.json");
  if (existsSync(cataloguePath)) {
    const text = await readFile(cataloguePath, "utf8");
    report.catalogue = await seedCatalogue(
      db,
      parseFile(cataloguePath, text, (v) => catalogueFileSchema.safeParse(v)),
      sha256(text),
    );
  }
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith("_"))
    .map((e) => e.name)
    .sort();
  for (const folder of entries) {
    const file = path.join(dir, folder, "engine.json");
    if (!existsSync(file)) continue;
    const text = await readFile(file, "utf8");
    const engine = parseFile(file, text, (v) => engineFileSchema.safeParse(v));
    if (engine.carrier_code !== folder) throw new SeedFileError(file, [`carrier_code '${engine.carrier_code}' differs from its folder '${folder}'`]);
    report.carriers.push({ code: engine.carrier_code, result: await seedCarrier(db, engine, sha256(text)) });
  }
  return report;
}

/**
 * "stale": the stored copy has a revision time (`updatedAt` of the CMS feed, ADR 080) at or after the
 * offered one, so the offer is older news and changes nothing.
 */
export type SeedResult = "created" | "updated" | "unchanged" | "stale";

/** Newer wins: an offer without a revision (a file) always applies; one with a revision only past the stored one. */
export function isStale(stored: Date | null | undefined, offered: Date | undefined): boolean {
  return Boolean(offered && stored && stored.getTime() >= offered.getTime());
}

export async function seedCatalogue(db: BookingDatabase, file: CatalogueFile, hash = sha256(JSON.stringify(file)), revision?: Date): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
    const [info] = await tx.select().from(s.catalogueInfo).where(eq(s.catalogueInfo.id, 1));
    if (isStale(info?.sourceUpdatedAt, revision)) return "stale";
    if (info?.sourceHash === hash) {
      if (revision) await tx.update(s.catalogueInfo).set({ sourceUpdatedAt: revision }).where(eq(s.catalogueInfo.id, 1));
      return "unchanged";
    }

    await tx
      .insert(s.deviceTypes)
      .values(file.device_types.map((t) => ({ id: t.id, code: t.code, title: t.title })))
      .onConflictDoUpdate({ target: s.deviceTypes.id, set: excludedSet(s.deviceTypes, ["id"]) });

    await tx
      .insert(s.makes)
      .values(file.makes.map((m) => ({ id: m.id, code: m.code, name: m.name, typeId: m.type_id, active: true })))
      .onConflictDoUpdate({ target: s.makes.id, set: excludedSet(s.makes, ["id"]) });
    await tx
      .update(s.makes)
      .set({ active: false })
      .where(
        notInArray(
          s.makes.id,
          file.makes.map((m) => m.id),
        ),
      );

    await tx
      .insert(s.problems)
      .values(file.problems.map((p) => ({ id: p.id, code: p.code, typeId: p.type_id, title: p.title, description: p.description, symptoms: p.symptoms, sortOrder: p.order })))
      .onConflictDoUpdate({ target: s.problems.id, set: excludedSet(s.problems, ["id"]) });

    const modelIds = file.models.map((m) => m.id);
    await tx
      .insert(s.models)
      .values(
        file.models.map((m) => ({
          id: m.id,
          slug: m.slug,
          title: m.title,
          typeId: m.type_id,
          deviceType: m.device_type,
          priority: m.priority,
          releaseYear: m.release_year,
          batteryRequiredForScreenRepair: m.battery_required_for_screen_repair,
          imagePath: m.image_path,
          active: true,
        })),
      )
      .onConflictDoUpdate({ target: s.models.id, set: excludedSet(s.models, ["id"]) });
    await tx.update(s.models).set({ active: false }).where(notInArray(s.models.id, modelIds));

    const versionRows = file.models.flatMap((m) =>
      m.versions.map((v, position) => ({ id: v.id, modelId: m.id, name: v.name, storageGb: v.storage_gb, fullModelCode: v.full_model_code, position, active: true })),
    );
    await tx
      .insert(s.modelVersions)
      .values(versionRows)
      .onConflictDoUpdate({ target: s.modelVersions.id, set: excludedSet(s.modelVersions, ["id"]) });
    await tx
      .update(s.modelVersions)
      .set({ active: false })
      .where(
        notInArray(
          s.modelVersions.id,
          versionRows.map((v) => v.id),
        ),
      );

    // Pure relations are replaced whole: nothing outside the catalogue points at them.
    await tx.delete(s.modelMakes);
    await insertChunked(
      tx,
      s.modelMakes,
      file.models.flatMap((m) => m.make_ids.map((makeId) => ({ modelId: m.id, makeId }))),
    );
    await tx.delete(s.modelColours);
    await insertChunked(
      tx,
      s.modelColours,
      file.models.flatMap((m) => m.colours.map((c, position) => ({ modelId: m.id, code: c.code, name: c.name, hex: c.hex, position }))),
    );
    const problemIds = new Map(file.problems.map((p) => [p.code, p.id]));
    await tx.delete(s.modelProblems);
    await insertChunked(
      tx,
      s.modelProblems,
      file.models.flatMap((m) => m.problems.map((code) => ({ modelId: m.id, problemId: problemIds.get(code)! }))),
    );

    const modelIdsBySlug = new Map(file.models.map((m) => [m.slug, m.id]));
    await tx.delete(s.cataloguePrices);
    await insertChunked(
      tx,
      s.cataloguePrices,
      Object.entries(file.prices).flatMap(([modelSlug, byProblem]) =>
        Object.entries(byProblem).flatMap(([problemCode, byCurrency]) =>
          Object.entries(byCurrency).map(([currency, amount]) => ({
            modelId: modelIdsBySlug.get(modelSlug)!,
            problemId: problemIds.get(problemCode)!,
            currency,
            price: amount.price,
            nonSalePrice: amount.non_sale_price ?? null,
          })),
        ),
      ),
    );

    if (file.extras.length) {
      await tx
        .insert(s.extras)
        .values(file.extras.map((e) => ({ id: e.id, code: e.code, title: e.title, description: e.description, deviceTypes: e.device_types, prices: e.prices, active: true })))
        .onConflictDoUpdate({ target: s.extras.id, set: excludedSet(s.extras, ["id"]) });
    }
    await tx
      .update(s.extras)
      .set({ active: false })
      .where(notInArray(s.extras.id, [0, ...file.extras.map((e) => e.id)]));

    if (file.triage_questions.length) {
      await tx
        .insert(s.triageQuestions)
        .values(file.triage_questions.map((q, position) => ({ id: q.id, code: q.code, question: q.question, required: q.required, options: q.options, position, active: true })))
        .onConflictDoUpdate({ target: s.triageQuestions.id, set: excludedSet(s.triageQuestions, ["id"]) });
    }
    await tx
      .update(s.triageQuestions)
      .set({ active: false })
      .where(notInArray(s.triageQuestions.id, [0, ...file.triage_questions.map((q) => q.id)]));
    await tx.delete(s.triageQuestionModels);
    await insertChunked(
      tx,
      s.triageQuestionModels,
      file.triage_questions.flatMap((q) => q.models.map((slug) => ({ questionId: q.id, modelId: modelIdsBySlug.get(slug)! }))),
    );

    await tx
      .insert(s.catalogueInfo)
      .values({ id: 1, sourceHash: hash, saleTitle: file.sale_title, irisCodes: file.iris_codes, sourceUpdatedAt: revision ?? null })
      .onConflictDoUpdate({
        target: s.catalogueInfo.id,
        set: { sourceHash: hash, saleTitle: file.sale_title, irisCodes: file.iris_codes, seededAt: new Date(), sourceUpdatedAt: revision ?? null },
      });
    return info ? "updated" : "created";
  });
}

/**
 * A carrier its source no longer serves (no roster, or no area with a technician): its areas take no
 * new bookings, existing bookings stay as sold. The stored hash and revision are cleared, so the next
 * delivery of the carrier, even with the same data, seeds it again in full and reactivates its areas.
 * Returns how many areas were taken out of service.
 */
