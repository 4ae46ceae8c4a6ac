import { describe, expect, it } from "vitest";
import { accountFor, braintreeAccountsFromEnv, BraintreeConfigError } from "./accounts";

describe("Braintree accounts from configuration", () => {
  it("reads one default account from the flat BRAINTREE_* variables", () => {
    const config = braintreeAccountsFromEnv({
      BRAINTREE_ENVIRONMENT: "production",
      BRAINTREE_MERCHANT_ID: "m1",
      BRAINTREE_PUBLIC_KEY: "pub",
      BRAINTREE_PRIVATE_KEY: "priv",
      BRAINTREE_MERCHANT_ACCOUNTS: "gbp=acc_gbp, EUR=acc_eur",
    });
    expect(accountFor(config, "any-carrier")).toEqual({
      environment: "production",
      merchantId: "m1",
      publicKey: "pub",
      privateKey: "priv",
      merchantAccounts: { GBP: "acc_gbp", EUR: "acc_eur" },
    });
  });

  it("lets BRAINTREE_ACCOUNTS name a merchant per carrier over the default", () => {
    const config = braintreeAccountsFromEnv({
      BRAINTREE_MERCHANT_ID: "m1",
      BRAINTREE_PUBLIC_KEY: "pub",
      BRAINTREE_PRIVATE_KEY: "priv",
      BRAINTREE_ACCOUNTS: JSON.stringify({ "partner-de": { merchantId: "m2", publicKey: "p2", privateKey: "k2", merchantAccounts: { EUR: "de_eur" } } }),
    });
    expect(accountFor(config, "partner-de")).toMatchObject({ merchantId: "m2", environment: "sandbox", merchantAccounts: { EUR: "de_eur" } });
    expect(accountFor(config, "uk")).toMatchObject({ merchantId: "m1" });
  });

  it("answers null for a carrier when there is no default", () => {
    const config = braintreeAccountsFromEnv({ BRAINTREE_ACCOUNTS: JSON.stringify({ a: { merchantId: "m", publicKey: "p", privateKey: "k" } }) });
    expect(accountFor(config, "b")).toBeNull();
  });

  it("names the bad entry and never the keys", () => {
    expect(() => braintreeAccountsFromEnv({})).toThrow(BraintreeConfigError);
    expect(() => braintreeAccountsFromEnv({ BRAINTREE_ACCOUNTS: "{nope" })).toThrow("BRAINTREE_ACCOUNTS is not valid JSON");
    expect(() => braintreeAccountsFromEnv({ BRAINTREE_ACCOUNTS: JSON.stringify({ uk: { merchantId: "m", publicKey: "secret-pub" } }) })).toThrow(/"uk".*privateKey/);
    expect(() =>
      braintreeAccountsFromEnv({ BRAINTREE_ACCOUNTS: JSON.stringify({ uk: { merchantId: "m", publicKey: "secret-pub", privateKey: "k", merchantAccounts: { XYZ: "a" } } }) }),
    ).toThrow(BraintreeConfigError);
    try {
      braintreeAccountsFromEnv({ BRAINTREE_ACCOUNTS: JSON.stringify({ uk: { merchantId: "m", publicKey: "secret-pub" } }) });
    } catch (error) {
      expect(String(error)).not.toContain("secret-pub");
    }
  });
});
