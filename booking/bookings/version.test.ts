/**
 * The booking's version (ADR 224): raised by database triggers inside the writing transaction by every
 * change of the booking, its devices or its capacity hold, and by nothing that only reads.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import { IDS } from "../testing/fixtures";
import { createTestEngine, newCarrier, readyBooking, VALID_DETAILS, type TestEngine } from "../testing/engine";

let t: TestEngine;
let carrier: CarrierContext;
beforeAll(async () => {
  t = await createTestEngine();
  carrier = await newCarrier(t);
});
afterAll(async () => {
  await t?.close();
});

async function versionOf(reference: string): Promise<number> {
  const [row] = await t.opened.db.select({ version: s.bookings.version }).from(s.bookings).where(eq(s.bookings.reference, reference));
  return row!.version;
}

/** Runs `change` and expects the version to have risen. */
async function bumps(reference: string, what: string, change: () => Promise<unknown>): Promise<void> {
  const before = await versionOf(reference);
  await change();
  const after = await versionOf(reference);
  expect(after, what).toBeGreaterThan(before);
}

describe("the booking version (ADR 220 step 2, ADR 224)", () => {
  it("rises with every write path of a draft: postcode, address, device added, changed and removed, promo applied and removed, details, date held and cleared", async () => {
    const { reference } = await t.engine.basket.buildBooking(carrier, { referrer: "test" });
    expect(await versionOf(reference)).toBe(1);
    await bumps(reference, "postcode", () => t.engine.basket.setPostcode(carrier, reference, { postcode: "sw1a2aa" }));
    await bumps(reference, "address", () =>
      t.engine.basket.setAddress(carrier, reference, { line_1: "10 Downing Street", town: "London", postcode: "SW1A 2AA", latitude: 51.5034, longitude: -0.1276 }),
    );
    let deviceKey = "";
    await bumps(reference, "device added", async () => {
      deviceKey = (await t.engine.basket.addDevice(carrier, reference, { model_version_id: IDS.iphone15v128, problems: [IDS.screen] })).device_key;
    });
    await bumps(reference, "device changed", () => t.engine.basket.updateDevice(carrier, reference, deviceKey, { insured: true }));
    await bumps(reference, "promo applied", () => t.engine.basket.applyDiscountCode(carrier, reference, { discount_code: "TENOFF" }));
    await bumps(reference, "promo removed", () => t.engine.basket.removeDiscountCode(carrier, reference));
    await bumps(reference, "details", () => t.engine.basket.setCustomerDetails(carrier, reference, VALID_DETAILS));
    await bumps(reference, "date held", () => t.engine.basket.setDate(carrier, reference, { date: "2025-06-03" }));
    await bumps(reference, "another date", () => t.engine.basket.setDate(carrier, reference, { date: "2025-06-04" }));
    await bumps(reference, "device removed", () => t.engine.basket.removeDevice(carrier, reference, deviceKey));
    await bumps(reference, "cleared", () => t.engine.basket.abandonBooking(carrier, reference));
  });

  it("does not rise for reads, nor for a refused change (rolled back with it)", async () => {
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-05" });
    const before = await versionOf(ref);
    await t.engine.basket.getBooking(carrier, ref);
    await t.engine.basket.loadAvailability(carrier, ref);
    await t.engine.checkout.validateBooking(carrier, ref);
    await expect(t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "OLD15" })).rejects.toMatchObject({ code: expect.any(String) });
    expect(await versionOf(ref)).toBe(before);
  });

  it("rises when a booking's parts are written by any statement, outside the engine's booking paths: the triggers, not the callers", async () => {
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-06" });
    const [booking] = await t.opened.db.select({ id: s.bookings.id }).from(s.bookings).where(eq(s.bookings.reference, ref));
    const id = booking!.id;
    await bumps(ref, "a device row updated", () => t.opened.db.update(s.bookingDevices).set({ imei: "490154203237518" }).where(eq(s.bookingDevices.bookingId, id)));
    await bumps(ref, "a hold row updated", () =>
      t.opened.db
        .update(s.capacityHolds)
        .set({ expiresAt: sql`${s.capacityHolds.expiresAt} + interval '1 minute'` })
        .where(eq(s.capacityHolds.bookingId, id)),
    );
    // The hold expires and the purge deletes it.
    await t.opened.db
      .update(s.capacityHolds)
      .set({ expiresAt: new Date("2025-06-01T00:00:00Z") })
      .where(eq(s.capacityHolds.bookingId, id));
    await bumps(ref, "an expired hold purged", async () => expect(await t.engine.coverage.purgeExpiredHolds(carrier)).toBeGreaterThanOrEqual(1));
    await bumps(ref, "a device row deleted", () => t.opened.db.delete(s.bookingDevices).where(eq(s.bookingDevices.bookingId, id)));
  });

  it("rises when the draft is paid: the order's booking and its permanent hold", async () => {
    const { ref } = await readyBooking(t, carrier, { date: "2025-06-09" });
    await t.engine.basket.applyDiscountCode(carrier, ref, { discount_code: "FREE" });
    await bumps(ref, "paid", () => t.engine.checkout.confirmPromo(carrier, ref));
  });
});
