import { describe, expect, it } from "vitest";
import type { BookingDatabase } from "../booking/db/open";
import { parseEngineEnv as parseEnv, paymentAdapters } from "./booking.server";

// The ledgers touch the database only when a payment is made.
const db = {} as BookingDatabase;
const parseEngineEnv = (env: Record<string, string>) => parseEnv(env as NodeJS.ProcessEnv);

describe("payment adapters from the environment", () => {
  it("defaults to the offline sandboxes for cards and pay later", () => {
    const config = parseEngineEnv({});
    expect(config).toMatchObject({ PAYMENTS_PROVIDER: "sandbox", PAY_LATER_PROVIDER: "sandbox", KLARNA_SANDBOX_OUTCOME: "approve" });
    const { payments, payLater } = paymentAdapters(config, db, {});
    expect([payments.name, payLater.name]).toEqual(["sandbox", "sandbox"]);
  });

  it("switches to Braintree and Klarna with their credentials from configuration", () => {
    const env = {
      PAYMENTS_PROVIDER: "braintree",
      PAY_LATER_PROVIDER: "klarna",
      BRAINTREE_ACCOUNTS: JSON.stringify({ "*": { merchantId: "m", publicKey: "p", privateKey: "k", merchantAccounts: { GBP: "m_gbp" } } }),
      KLARNA_USERNAME: "PK1",
      KLARNA_PASSWORD: "pw",
    };
    const { payments, payLater } = paymentAdapters(parseEngineEnv(env), db, env);
    expect([payments.name, payLater.name]).toEqual(["braintree", "klarna"]);
  });

  it("refuses to start Braintree or Klarna without credentials, naming the variables", () => {
    expect(() => paymentAdapters(parseEngineEnv({ PAYMENTS_PROVIDER: "braintree" }), db, {})).toThrow(/BRAINTREE_ACCOUNTS or BRAINTREE_MERCHANT_ID/);
    expect(() => paymentAdapters(parseEngineEnv({ PAY_LATER_PROVIDER: "klarna" }), db, {})).toThrow(/KLARNA_ACCOUNTS or KLARNA_USERNAME/);
    expect(() => parseEngineEnv({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => parseEngineEnv({ KLARNA_SANDBOX_OUTCOME: "maybe" })).toThrow(/KLARNA_SANDBOX_OUTCOME/);
  });
});
