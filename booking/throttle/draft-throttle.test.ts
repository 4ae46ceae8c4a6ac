import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../compose";
import * as s from "../db/schema";
import type { CarrierContext } from "../domain/carrier";
import type { Engine } from "../engine";
import { createTestEngine, newCarrier, type TestEngine } from "../testing/engine";
import { DEFAULT_DRAFT_THROTTLE } from "./draft-throttle";
import { TooManyAttemptsError } from "./lookup-throttle";

let t: TestEngine;
let second: Engine;
beforeAll(async () => {
  t = await createTestEngine();
  // A second app instance: its own engine object, the same database.
  second = createEngine({
    db: t.opened.db,
    clock: t.clock,
    payments: t.payments,
    addresses: { find: async () => [], retrieve: async () => null, geocode: async () => null },
    files: t.files,
    draftThrottle: { maxPerClient: 4, windowMinutes: 10 },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const build = (engine: Engine, carrier: CarrierContext, clientAddress: string | null) =>
  engine.basket.buildBookingForClient(carrier, { channel: "web" }, { clientAddress }).then(
    (built) => built.reference,
    (error) => error,
  );

const LIMIT = DEFAULT_DRAFT_THROTTLE.maxPerClient;
const draftsOf = async (carrier: CarrierContext) => (await t.opened.db.select({ n: count() }).from(s.bookings).where(eq(s.bookings.carrierCode, carrier.code)))[0]!.n;

describe("drafts one client builds (ADR 192)", () => {
  it("refuses the draft past the limit (default 100) from one address in 15 minutes, with 429 and when to try again, and builds nothing for it", async () => {
    const carrier = await newCarrier(t);
    t.clock.set("2025-06-02T08:00:00Z");
    for (let i = 0; i < LIMIT; i++) expect(await build(t.engine, carrier, "203.0.113.7")).toMatch(/\S/);
    t.clock.set("2025-06-02T08:05:00Z");
    const refused = await build(t.engine, carrier, "203.0.113.7");
    expect(refused).toBeInstanceOf(TooManyAttemptsError);
    expect(refused).toMatchObject({ code: "TOO_MANY_ATTEMPTS", status: 429 });
    expect(refused.retryAfterSeconds).toBe(10 * 60);
    expect(await draftsOf(carrier)).toBe(LIMIT);
    // Another visitor, and one whose address the app cannot tell, are not affected.
    expect(typeof (await build(t.engine, carrier, "203.0.113.8"))).toBe("string");
    expect(typeof (await build(t.engine, carrier, null))).toBe("string");
    // Once the first drafts leave the window the client can build again; refusals were not counted.
    t.clock.set("2025-06-02T08:15:01Z");
    expect(typeof (await build(t.engine, carrier, "203.0.113.7"))).toBe("string");
    // The partner API's build (an API key, its own limits) is not this limit.
    expect((await t.engine.basket.buildBooking(carrier, { channel: "web" })).reference).toMatch(/\S/);
  });

  it("shares the count between two app instances on one database, per carrier", async () => {
    const carrier = await newCarrier(t);
    const other = await newCarrier(t);
    t.clock.set("2025-06-03T08:00:00Z");
    // Two drafts through each instance: the second instance's limit (4) is reached by both together.
    for (let i = 0; i < 2; i++) expect(typeof (await build(t.engine, carrier, "198.51.100.1"))).toBe("string");
    for (let i = 0; i < 2; i++) expect(typeof (await build(second, carrier, "198.51.100.1"))).toBe("string");
    expect(await build(second, carrier, "198.51.100.1")).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    // The first instance (the default limit) saw the other's drafts too: 4 counted, so LIMIT - 4 more before it refuses.
    for (let i = 0; i < LIMIT - 4; i++) expect(typeof (await build(t.engine, carrier, "198.51.100.1"))).toBe("string");
    expect(await build(t.engine, carrier, "198.51.100.1")).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    // Another carrier's site counts on its own.
    expect(typeof (await build(second, other, "198.51.100.1"))).toBe("string");
  });
});
