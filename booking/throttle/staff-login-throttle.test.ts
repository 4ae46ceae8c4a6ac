import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierContext } from "../domain/carrier";
import { createEngine } from "../compose";
import { createTestEngine, newCarrier, type TestEngine } from "../testing/engine";

let t: TestEngine;
beforeAll(async () => {
  t = await createTestEngine();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const RIGHT = "right password";
const ACCOUNT = { id: "staff-1" };

/** A log-in that knows one account, `store.oxford`, with one password. */
const login = (carrier: CarrierContext, username: string, password: string, clientAddress: string | null = "203.0.113.9", engine = t.engine) =>
  engine.staff
    .withStaffLoginThrottle(carrier, { username, clientAddress }, async () => (username === "store.oxford" && password === RIGHT ? ACCOUNT : null))
    .then(
      (account) => (account ? "in" : "refused"),
      (error) => error.code as string,
    );

describe("staff log-in lock-out", () => {
  it("locks an account after five failures in 15 minutes, even for the right password, until the window passes", async () => {
    const carrier = await newCarrier(t);
    t.clock.set("2025-06-02T08:00:00Z");
    for (let i = 0; i < 5; i++) expect(await login(carrier, "store.oxford", `guess ${i}`, `198.51.100.${i}`)).toBe("refused");
    expect(await login(carrier, "store.oxford", RIGHT, "198.51.100.99")).toBe("TOO_MANY_ATTEMPTS");
    // The same username in another case is the same account.
    expect(await login(carrier, " Store.Oxford ", RIGHT, null)).toBe("TOO_MANY_ATTEMPTS");
    t.clock.set("2025-06-02T08:15:01Z");
    expect(await login(carrier, "store.oxford", RIGHT)).toBe("in");
    t.clock.set("2025-06-02T08:00:00Z");
  });

  it("locks an unknown username the same way, so the answer never tells whether an account exists", async () => {
    const carrier = await newCarrier(t);
    for (let i = 0; i < 5; i++) expect(await login(carrier, "nobody", `guess ${i}`)).toBe("refused");
    expect(await login(carrier, "nobody", "anything")).toBe("TOO_MANY_ATTEMPTS");
    expect(await login(carrier, "store.oxford", RIGHT, "192.0.2.50")).toBe("in");
  });

  it("locks a client address after twenty failures across usernames", async () => {
    const carrier = await newCarrier(t);
    for (let i = 0; i < 20; i++) expect(await login(carrier, `user${i}`, "x", "192.0.2.1")).toBe("refused");
    expect(await login(carrier, "store.oxford", RIGHT, "192.0.2.1")).toBe("TOO_MANY_ATTEMPTS");
    expect(await login(carrier, "store.oxford", RIGHT, "192.0.2.2")).toBe("in");
  });

  it("forgets an account's failures after a successful log-in", async () => {
    const carrier = await newCarrier(t);
    for (let i = 0; i < 4; i++) await login(carrier, "store.oxford", "typo", null);
    expect(await login(carrier, "store.oxford", RIGHT, null)).toBe("in");
    for (let i = 0; i < 4; i++) expect(await login(carrier, "store.oxford", "typo", null)).toBe("refused");
    expect(await login(carrier, "store.oxford", RIGHT, null)).toBe("in");
  });

  it("counts per carrier, and shares the count between app instances on one database", async () => {
    const first = await newCarrier(t);
    const second = await newCarrier(t);
    const other = createEngine({
      db: t.opened.db,
      clock: t.clock,
      payments: t.payments,
      addresses: { find: async () => [], retrieve: async () => null, geocode: async () => null },
      files: t.files,
    });
    for (let i = 0; i < 3; i++) await login(first, "store.oxford", "x", null);
    for (let i = 0; i < 2; i++) await login(first, "store.oxford", "x", null, other);
    expect(await login(first, "store.oxford", RIGHT, null)).toBe("TOO_MANY_ATTEMPTS");
    expect(await login(second, "store.oxford", RIGHT, null)).toBe("in");
  });

  it("honours configured limits", async () => {
    const carrier = await newCarrier(t);
    const strict = createEngine({
      db: t.opened.db,
      clock: t.clock,
      payments: t.payments,
      addresses: { find: async () => [], retrieve: async () => null, geocode: async () => null },
      files: t.files,
      staffLoginThrottle: { maxPerAccount: 1, windowMinutes: 1 },
    });
    expect(await login(carrier, "store.oxford", "x", null, strict)).toBe("refused");
    await expect(strict.staff.withStaffLoginThrottle(carrier, { username: "store.oxford" }, async () => ACCOUNT)).rejects.toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      status: 429,
      retryAfterSeconds: 60,
    });
  });
});
