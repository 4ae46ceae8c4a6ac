import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "./catalogue/seed";
import { adaptersFromConfig, composeEngine, type ComposedEngine } from "./compose";
import { parseEngineConfig } from "./config";
import type { BookingDatabase } from "./db/open";
import { carrierFixture, catalogueFixture } from "./testing/fixtures";
import { seedTestCarrier } from "./testing/db";

// The ledgers touch the database only when a payment is made.
const db = {} as BookingDatabase;
const BRAINTREE = JSON.stringify({ "*": { merchantId: "m", publicKey: "p", privateKey: "k", merchantAccounts: { GBP: "m_gbp" } } });

describe("the adapters the configuration asks for (ADR 040)", () => {
  it("are the offline sandboxes by default, which say what they can do", () => {
    const adapters = adaptersFromConfig(parseEngineConfig({}), db);
    expect([adapters.payments.name, adapters.payLater!.name, adapters.captcha!.provider]).toEqual(["sandbox", "sandbox", "off"]);
    expect(adapters.payments.capabilities).toEqual({ dropIn: false });
    expect(adapters.payLater!.capabilities).toEqual({ browserWidget: false, serverAuthorize: true });
    expect(adapters.paymentWebhooks!()).toBeNull();
  });

  it("are Braintree and Klarna with their credentials from configuration", () => {
    const adapters = adaptersFromConfig(
      parseEngineConfig({ PAYMENTS_PROVIDER: "braintree", BRAINTREE_ACCOUNTS: BRAINTREE, PAY_LATER_PROVIDER: "klarna", KLARNA_USERNAME: "PK1", KLARNA_PASSWORD: "pw" }),
      db,
    );
    expect([adapters.payments.name, adapters.payLater!.name]).toEqual(["braintree", "klarna"]);
    expect(adapters.payments.capabilities).toEqual({ dropIn: true });
    expect(adapters.payLater!.capabilities).toEqual({ browserWidget: true, serverAuthorize: false });
  });

  it("send customer messages through SMTP and Twilio when asked, else into the outbox, whose page is off in production (ADR 090)", () => {
    const offline = adaptersFromConfig(parseEngineConfig({}), db);
    expect([offline.notifications!.email.name, offline.notifications!.sms.name]).toEqual(["outbox", "outbox"]);
    expect(offline.outbox).not.toBeNull();
    const live = adaptersFromConfig(
      parseEngineConfig({
        NODE_ENV: "production",
        NOTIFICATIONS_EMAIL_PROVIDER: "smtp",
        SMTP_HOST: "mail.example.com",
        NOTIFICATIONS_EMAIL_FROM_ADDRESS: "bookings@example.com",
        NOTIFICATIONS_SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: "ACf3a1c2e4b5d6978a0b1c2d3e4f5a6b7c",
        TWILIO_AUTH_TOKEN: "token",
        NOTIFICATIONS_SMS_SENDER_ID: "Repairs",
      }),
      db,
    );
    expect([live.notifications!.email.name, live.notifications!.sms.name]).toEqual(["smtp", "twilio"]);
    expect(live.notifications!.email.capabilities).toEqual({ outbox: false });
    expect(live.outbox).toBeNull();
  });

  it("verify Braintree's webhooks whenever its credentials are set, whichever card provider is in use", () => {
    const adapters = adaptersFromConfig(
      parseEngineConfig({ BRAINTREE_MERCHANT_ID: "m", BRAINTREE_PUBLIC_KEY: "integration_public_key", BRAINTREE_PRIVATE_KEY: "integration_private_key" }),
      db,
    );
    expect(adapters.payments.name).toBe("sandbox");
    expect(adapters.paymentWebhooks!()).not.toBeNull();
  });
});

describe("composeEngine", () => {
  const instances: ComposedEngine[] = [];
  const compose = async (env: Record<string, string>) => {
    const instance = await composeEngine(parseEngineConfig({ BOOKING_DATA_DIR: "memory://", ...env }));
    instances.push(instance);
    return instance;
  };
  let dev: ComposedEngine;
  const carrier = carrierFixture("compose");

  beforeAll(async () => {
    dev = await compose({ NODE_ENV: "development" });
    await seedCatalogue(dev.database.db, catalogueFixture());
    await seedTestCarrier(dev.database, { code: carrier.code });
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
  });

  it("wires an engine that answers capabilities, not provider names", () => {
    expect(dev.engine.capabilities()).toEqual({
      payments: { dropIn: false },
      payLater: { browserWidget: false, serverAuthorize: true },
      paymentWebhooks: false,
      notifications: { email: { outbox: true }, sms: { outbox: true } },
    });
  });

  it("moves the clock of one call chain by the test clock's offset (ADR 034)", async () => {
    const today = (await dev.engine.coverage.areaAvailability(carrier, { areaCode: "central" }))[0]!.date;
    const later = (await dev.testClock!.shifted(10 * 86_400_000).coverage.areaAvailability(carrier, { areaCode: "central" }))[0]!.date;
    expect(Date.parse(later) - Date.parse(today)).toBe(10 * 86_400_000);
    expect((await dev.engine.coverage.areaAvailability(carrier, { areaCode: "central" }))[0]!.date).toBe(today);
  });

  it("reads the outbox for the development page, and answers null in production unless OUTBOX_PAGE is set (ADR 090)", async () => {
    expect(await dev.engine.messages.listOutbox({ carrierCode: carrier.code })).toMatchObject({ entries: expect.any(Array) });
    expect(await (await compose({ NODE_ENV: "production" })).engine.messages.listOutbox()).toBeNull();
    expect(await (await compose({ NODE_ENV: "production", OUTBOX_PAGE: "1" })).engine.messages.listOutbox()).not.toBeNull();
    await expect(dev.engine.messages.listOutbox({ carrierCode: "../etc" })).rejects.toMatchObject({ name: "ValidationError" });
  });

  it("offers no test clock in production unless ENGINE_TEST_CLOCK is set", async () => {
    expect((await compose({ NODE_ENV: "production" })).testClock).toBeNull();
    expect((await compose({ NODE_ENV: "production", ENGINE_TEST_CLOCK: "1" })).testClock).not.toBeNull();
  });
});
