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
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { BookingDatabase, BookingTransaction } from "../db/open";
import * as s from "../db/schema";
import { catalogueFileSchema, engineFileSchema, type CatalogueFile, type EngineFileInput } from "./seed-schema";

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

function sha256(text: string): string {
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
function excludedSet(table: PgTable, except: string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (except.includes(key)) continue;
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

async function insertChunked<T extends PgTable>(tx: BookingTransaction, table: T, rows: T["$inferInsert"][], size = 500): Promise<void> {
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
function isStale(stored: Date | null | undefined, offered: Date | undefined): boolean {
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
export async function withdrawCarrier(db: BookingDatabase, code: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seed:${code}`}))`);
    const withdrawn = await tx
      .update(s.serviceAreas)
      .set({ active: false })
      .where(and(eq(s.serviceAreas.carrierCode, code), eq(s.serviceAreas.active, true)))
      .returning({ code: s.serviceAreas.code });
    await tx.update(s.carrierSeeds).set({ sourceHash: "withdrawn", sourceUpdatedAt: null }).where(eq(s.carrierSeeds.carrierCode, code));
    return withdrawn.length;
  });
}

/**
 * `alongside` writes more of the same revision in the same transaction, after the newer-wins check
 * (the CMS's API keys of the carrier, ADR 182); it returns how many rows it changed, so a revision
 * that changed only those is reported `updated`.
 */
export async function seedCarrier(
  db: BookingDatabase,
  file: EngineFileInput,
  hash = sha256(JSON.stringify(file)),
  revision?: Date,
  alongside?: (tx: BookingTransaction) => Promise<number>,
): Promise<SeedResult> {
  const code = file.carrier_code;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seed:${code}`}))`);
    const [seeded] = await tx.select().from(s.carrierSeeds).where(eq(s.carrierSeeds.carrierCode, code));
    if (isStale(seeded?.sourceUpdatedAt, revision)) return "stale";
    const changedAlongside = alongside ? await alongside(tx) : 0;
    if (seeded?.sourceHash === hash) {
      if (revision) await tx.update(s.carrierSeeds).set({ sourceUpdatedAt: revision }).where(eq(s.carrierSeeds.carrierCode, code));
      return changedAlongside > 0 ? "updated" : "unchanged";
    }

    const roster = {
      carrierCode: code,
      workingWeekdays: [...file.roster.working_weekdays].sort((a, b) => a - b),
      slotsPerTechnicianPerDay: file.roster.slots_per_technician_per_day,
      firstTimeslot: file.roster.first_timeslot,
      timeslotMinutes: file.roster.timeslot_minutes,
      timeslotIntervalMinutes: file.roster.timeslot_interval_minutes,
      sameDayBookingUntil: file.roster.same_day_booking_until,
      sameDayLeadMinutes: file.roster.same_day_lead_minutes,
      closedDates: file.roster.closed_dates,
    };
    await tx
      .insert(s.carrierRosters)
      .values(roster)
      .onConflictDoUpdate({ target: s.carrierRosters.carrierCode, set: excludedSet(s.carrierRosters, ["carrierCode"]) });

    await tx
      .insert(s.serviceAreas)
      .values(
        file.service_areas.map((a, position) => ({
          carrierCode: code,
          code: a.code,
          name: a.name,
          country: a.country,
          postcodePrefixes: a.postcode_prefixes,
          centreLatitude: a.centre.lat,
          centreLongitude: a.centre.lng,
          radiusKm: a.radius_km,
          slotsPerTechnicianPerDay: a.slots_per_technician_per_day ?? null,
          position,
          active: true,
        })),
      )
      .onConflictDoUpdate({ target: [s.serviceAreas.carrierCode, s.serviceAreas.code], set: excludedSet(s.serviceAreas, ["carrierCode", "code"]) });
    await tx
      .update(s.serviceAreas)
      .set({ active: false })
      .where(
        and(
          eq(s.serviceAreas.carrierCode, code),
          notInArray(
            s.serviceAreas.code,
            file.service_areas.map((a) => a.code),
          ),
        ),
      );

    const technicianRows = file.service_areas.flatMap((a) =>
      a.technicians.map((t) => ({
        carrierCode: code,
        id: t.id,
        areaCode: a.code,
        name: t.name,
        vanRegistration: t.van_registration,
        baseLatitude: t.home_base.lat,
        baseLongitude: t.home_base.lng,
        active: true,
      })),
    );
    await tx
      .insert(s.technicians)
      .values(technicianRows)
      .onConflictDoUpdate({ target: [s.technicians.carrierCode, s.technicians.id], set: excludedSet(s.technicians, ["carrierCode", "id"]) });
    await tx
      .update(s.technicians)
      .set({ active: false })
      .where(
        and(
          eq(s.technicians.carrierCode, code),
          notInArray(
            s.technicians.id,
            technicianRows.map((t) => t.id),
          ),
        ),
      );

    if (file.stores.length) {
      await tx
        .insert(s.stores)
        .values(
          file.stores.map((st) => ({
            carrierCode: code,
            code: st.code,
            name: st.name,
            line1: st.address.line_1,
            line2: st.address.line_2,
            town: st.address.town,
            postcode: st.postcode,
            latitude: st.latitude,
            longitude: st.longitude,
            dropOffAvailable: st.drop_off_available,
            openingHours: st.opening_hours,
            active: true,
          })),
        )
        .onConflictDoUpdate({ target: [s.stores.carrierCode, s.stores.code], set: excludedSet(s.stores, ["id", "carrierCode", "code"]) });
    }
    await tx
      .update(s.stores)
      .set({ active: false })
      .where(and(eq(s.stores.carrierCode, code), notInArray(s.stores.code, ["", ...file.stores.map((st) => st.code)])));

    if (file.discount_codes.length) {
      await tx
        .insert(s.discountCodes)
        .values(
          file.discount_codes.map((d) => ({
            carrierCode: code,
            code: d.code,
            kind: d.kind,
            value: d.value,
            expiresAt: d.expires_at ? new Date(d.expires_at) : null,
            startsAt: d.starts_at ? new Date(d.starts_at) : null,
            singleUse: d.single_use,
            usageLimit: d.usage_limit ?? (d.single_use ? 1 : null),
            active: true,
          })),
        )
        // Usage (used_count, used_at, reservations) is the engine's, never the source's.
        .onConflictDoUpdate({
          target: [s.discountCodes.carrierCode, s.discountCodes.code],
          set: {
            kind: sql.raw(`excluded."kind"`),
            value: sql.raw(`excluded."value"`),
            expiresAt: sql.raw(`excluded."expires_at"`),
            startsAt: sql.raw(`excluded."starts_at"`),
            singleUse: sql.raw(`excluded."single_use"`),
            usageLimit: sql.raw(`excluded."usage_limit"`),
            active: sql`true`,
          },
        });
    }
    await tx
      .update(s.discountCodes)
      .set({ active: false })
      .where(and(eq(s.discountCodes.carrierCode, code), notInArray(s.discountCodes.code, ["", ...file.discount_codes.map((d) => d.code)])));

    await tx.delete(s.carrierPrices).where(eq(s.carrierPrices.carrierCode, code));
    if (file.price_overrides.length) {
      const slugs = [...new Set(file.price_overrides.map((o) => o.model))];
      const problemCodes = [...new Set(file.price_overrides.map((o) => o.problem))];
      const modelRows = await tx.select({ id: s.models.id, slug: s.models.slug }).from(s.models).where(inArray(s.models.slug, slugs));
      const problemRows = await tx.select({ id: s.problems.id, code: s.problems.code }).from(s.problems).where(inArray(s.problems.code, problemCodes));
      const modelBySlug = new Map(modelRows.map((m) => [m.slug, m.id]));
      const problemByCode = new Map(problemRows.map((p) => [p.code, p.id]));
      const missing = file.price_overrides.filter((o) => !modelBySlug.has(o.model) || !problemByCode.has(o.problem));
      if (missing.length) {
        throw new SeedFileError(
          `${code}/engine.json`,
          missing.map((o) => `price override for unknown model/problem ${o.model}/${o.problem} (seed the catalogue first)`),
        );
      }
      await insertChunked(
        tx,
        s.carrierPrices,
        file.price_overrides.map((o) => ({
          carrierCode: code,
          modelId: modelBySlug.get(o.model)!,
          problemId: problemByCode.get(o.problem)!,
          price: o.price,
          nonSalePrice: o.non_sale_price ?? null,
        })),
      );
    }

    const offering = {
      excludedMakes: file.offering?.excluded_makes ?? [],
      excludedModels: file.offering?.excluded_models ?? [],
      excludedProblems: file.offering?.excluded_problems ?? [],
    };
    await tx
      .insert(s.carrierOfferings)
      .values({ carrierCode: code, ...offering })
      .onConflictDoUpdate({ target: s.carrierOfferings.carrierCode, set: offering });

    // Webhook endpoints (ADR 180): one removed in the CMS stays, inactive, so its deliveries still name it.
    const webhooks = file.webhooks ?? [];
    if (webhooks.length) {
      await tx
        .insert(s.webhookEndpoints)
        .values(
          webhooks.map((w) => ({
            carrierCode: code,
            id: w.id,
            url: w.url,
            events: [...(w.events ?? [])],
            secret: w.secret,
            enabled: w.enabled ?? true,
            description: w.description ?? "",
            active: true,
            updatedAt: new Date(),
          })),
        )
        .onConflictDoUpdate({
          target: [s.webhookEndpoints.carrierCode, s.webhookEndpoints.id],
          set: excludedSet(s.webhookEndpoints, ["carrierCode", "id", "createdAt", "lastDeliveryAt"]),
        });
    }
    await tx
      .update(s.webhookEndpoints)
      .set({ active: false })
      .where(and(eq(s.webhookEndpoints.carrierCode, code), notInArray(s.webhookEndpoints.id, ["", ...webhooks.map((w) => w.id)])));

    await tx
      .insert(s.carrierSeeds)
      .values({ carrierCode: code, sourceHash: hash, sourceUpdatedAt: revision ?? null })
      .onConflictDoUpdate({ target: s.carrierSeeds.carrierCode, set: { sourceHash: hash, seededAt: new Date(), sourceUpdatedAt: revision ?? null } });
    return seeded ? "updated" : "created";
  });
}
