/** A carrier's engine file seeded into the operations tables, and a carrier withdrawn (ADR 080). */
import * as s from "../db/schema";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { BookingDatabase, BookingTransaction } from "../db/open";
import type { EngineFileInput } from "./seed-schema";
import { SeedFileError, sha256, excludedSet, insertChunked, type SeedResult, isStale } from "./seed";

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
