/** A whole engine for unit tests: in-memory PGlite, fixed clock, sandbox payments, memory files. */
import type { MessageBrand } from "../notifications/render";
import type { MessageContent, MessageContentSource } from "../notifications/message-content";
import { createSandboxGateway, type SandboxGateway, type SandboxLedgerRecord } from "../adapters/sandbox-payments/sandbox-gateway";
import { createEmbeddedAddressProvider } from "../adapters/embedded-addresses";
import { createPaymentLedger } from "../db/payment-ledger";
import type { OpenedDatabase } from "../db/open";
import { createEngine } from "../compose";
import type { Engine, EngineDependencies } from "../engine";
import type { EngineConfig } from "../context";
import type { CarrierContext } from "../domain/carrier";
import { fixedClock } from "../ports/clock";
import type { FileStorage, StoredFile } from "../ports/file-storage";
import { carrierFixture, IDS, type EngineFixtureOptions } from "./fixtures";
import { openTestDatabase, seedTestCarrier, uniqueCode } from "./db";

export function memoryFiles(): FileStorage & { files: Map<string, { bytes: Uint8Array; contentType: string }> } {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  let n = 0;
  return {
    files,
    async put({ carrierCode, contentType, bytes }): Promise<StoredFile> {
      n += 1;
      const key = `${carrierCode}/test/${n}`;
      files.set(key, { bytes, contentType });
      return { key, contentType, size: bytes.byteLength };
    },
    async get(key) {
      return files.get(key) ?? null;
    },
  };
}

export interface TestEngine {
  opened: OpenedDatabase;
  engine: Engine;
  clock: ReturnType<typeof fixedClock>;
  payments: SandboxGateway;
  files: ReturnType<typeof memoryFiles>;
  close(): Promise<void>;
}

/** Monday 2 June 2025, 09:00 in London (08:00 UTC): before the 12:00 same-day cut-off. */
export const MONDAY_9AM_LONDON = "2025-06-02T08:00:00Z";

export async function createTestEngine(
  options: {
    now?: string;
    opened?: OpenedDatabase;
    config?: Partial<EngineConfig>;
    paymentWebhooks?: EngineDependencies["paymentWebhooks"];
    notifications?: EngineDependencies["notifications"];
    render?: EngineDependencies["render"];
    scheduler?: EngineDependencies["scheduler"];
    messageContent?: EngineDependencies["messageContent"];
    outcomes?: EngineDependencies["outcomes"];
    /** The contact form's captcha; default: off (every message passes). */
    captcha?: EngineDependencies["captcha"];
  } = {},
): Promise<TestEngine> {
  const opened = options.opened ?? (await openTestDatabase());
  const clock = fixedClock(options.now ?? MONDAY_9AM_LONDON);
  const payments = createSandboxGateway({ ledger: createPaymentLedger<SandboxLedgerRecord>(opened.db), now: clock.now });
  const files = memoryFiles();
  const engine = createEngine({
    db: opened.db,
    clock,
    payments,
    addresses: createEmbeddedAddressProvider(),
    files,
    config: options.config,
    paymentWebhooks: options.paymentWebhooks,
    notifications: options.notifications,
    render: options.render,
    scheduler: options.scheduler,
    messageContent: options.messageContent,
    outcomes: options.outcomes,
    captcha: options.captcha,
  });
  return { opened, engine, clock, payments, files, close: () => opened.close() };
}

/**
 * Message content as the CMS feed would answer it (ADR 092), for any carrier code: a UK brand in
 * the test carriers' zone and currency, the standard texts unless `templates` says otherwise.
 */
export function staticMessageContent(brand: Partial<MessageBrand> = {}, templates: MessageContent["templates"] = {}): MessageContentSource {
  return {
    async messageContent(carrierCode) {
      return {
        brand: {
          code: carrierCode,
          name: "FixFast",
          countryCode: "GB",
          currency: "GBP",
          timezone: "Europe/London",
          email: "help@fixfast.example",
          phone: "020 7946 0000",
          ...brand,
        },
        templates,
      };
    },
  };
}

/** A freshly seeded carrier (own areas, capacity and codes) plus its CarrierContext. */
export async function newCarrier(t: TestEngine, options: Partial<EngineFixtureOptions> = {}, overrides: Parameters<typeof carrierFixture>[1] = {}): Promise<CarrierContext> {
  const code = options.code ?? uniqueCode();
  await seedTestCarrier(t.opened, { ...options, code });
  return carrierFixture(code, overrides);
}

export const VALID_DETAILS = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "Ada@Example.com",
  phone_number: "07700 900123",
  address: { line_1: "1 Parliament Street", town: "London" },
};

/** A booking ready to pay: postcode SW1A 2AA, an iPhone 15 screen repair, details, Tuesday 3 June 2025. */
export async function readyBooking(
  t: TestEngine,
  carrier: CarrierContext,
  options: { date?: string; problems?: number[]; details?: Record<string, unknown>; build?: { referrer?: string; lucidRef?: string; channel?: string } } = {},
) {
  const built = await t.engine.basket.buildBooking(carrier, options.build ?? { referrer: "test" });
  const ref = built.reference;
  await t.engine.basket.setPostcode(carrier, ref, { postcode: "sw1a2aa" });
  const added = await t.engine.basket.addDevice(carrier, ref, { model_version_id: IDS.iphone15v128, problems: options.problems ?? [IDS.screen] });
  await t.engine.basket.setCustomerDetails(carrier, ref, { ...VALID_DETAILS, ...options.details });
  const state = await t.engine.basket.setDate(carrier, ref, { date: options.date ?? "2025-06-03" });
  return { ref, token: built.token, deviceKey: added.device_key, state };
}
