import { eq, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../catalogue/seed";
import { seedCarrier } from "../catalogue/seed-carrier";
import { catalogueFixture, engineFixture } from "../testing/fixtures";
import { openFreshDatabase } from "../testing/db";
import type { BookingTransaction, OpenedDatabase } from "./open";
import * as s from "./schema";
import { revisionStatement } from "./prepared";

// PGlite in memory, or PostgreSQL when the suite runs with TEST_DATABASE_URL (scripts/test.mjs).
let opened: OpenedDatabase;
beforeAll(async () => {
  opened = await openFreshDatabase(process.env.TEST_DATABASE_URL, { prefix: "prepared" });
  await seedCatalogue(opened.db, catalogueFixture());
  await seedCarrier(opened.db, engineFixture({ code: "prep-a", technicians: 2 }));
  await seedCarrier(opened.db, engineFixture({ code: "prep-b", technicians: 3 }));
});
afterAll(() => opened?.close());

describe("statements prepared once (ADR 226)", () => {
  it("builds a statement once per database and binds its values at each execution", async () => {
    const statement = revisionStatement(opened.db);
    expect(revisionStatement(opened.db)).toBe(statement);
    const [a] = await statement.execute({ carrierCode: "prep-a" });
    const [b] = await statement.execute({ carrierCode: "prep-b" });
    const [none] = await statement.execute({ carrierCode: "prep-unknown" });
    expect(a!.catalogue).toMatch(/^[0-9a-f]{64}$/);
    expect(b!.catalogue).toBe(a!.catalogue);
    expect(a!.carrier).toMatch(/^[0-9a-f]{64}$/);
    expect(b!.carrier).toMatch(/^[0-9a-f]{64}$/);
    expect(b!.carrier).not.toBe(a!.carrier);
    expect(none).toEqual({ catalogue: a!.catalogue, carrier: null });
  });

  it("runs inside a transaction on the transaction's connection, with the same answer", async () => {
    const outside = await revisionStatement(opened.db).execute({ carrierCode: "prep-b" });
    const inside = await opened.db.transaction(async (tx) => {
      const statement = revisionStatement(tx);
      expect(statement).not.toBe(revisionStatement(opened.db));
      return statement.execute({ carrierCode: "prep-b" });
    });
    expect(inside).toEqual(outside);
  });

  it("reuses a transaction's build in the next transactions, each on its own connection (ADR 242)", async () => {
    const carrierHash = async (db: typeof opened.db | BookingTransaction) => (await revisionStatement(db).execute({ carrierCode: "prep-a" }))[0]!.carrier;
    const committed = await carrierHash(opened.db);
    /** The hash the statement reads inside a transaction that changed it, rolled back after. */
    const seenInside = async (hash: string, meanwhile?: () => Promise<void>) => {
      let seen: string | null = null;
      await opened.db
        .transaction(async (tx) => {
          await tx.update(s.carrierSeeds).set({ sourceHash: hash }).where(eq(s.carrierSeeds.carrierCode, "prep-a"));
          seen = await carrierHash(tx);
          await meanwhile?.();
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
      return seen;
    };
    expect(await seenInside("1".repeat(64))).toBe("1".repeat(64));
    expect(await seenInside("2".repeat(64))).toBe("2".repeat(64));
    if (opened.kind === "postgres") {
      // A transaction on another connection, while the first one (whose build is reused) is open:
      // it reads the committed hash, not the open transaction's change.
      let other: string | null = null;
      expect(
        await seenInside("3".repeat(64), async () => {
          other = await opened.db.transaction((tx) => carrierHash(tx));
        }),
      ).toBe("3".repeat(64));
      expect(other).toBe(committed);
    }
    expect(await carrierHash(opened.db)).toBe(committed);
  });
});
