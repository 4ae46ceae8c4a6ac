import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

/** What `npm test` (scripts/test.mjs) gives the app it starts with NODE_ENV=production. */
const TEST_SECRETS = {
  CMS_READ_TOKEN: "test-read-token-0123456789abcdef",
  CMS_WEBHOOK_SECRET: "test-webhook-secret-0123456789",
  SESSION_SECRET: "test-session-secret-0123456789",
  PREVIEW_SECRET: "test-preview-secret-0123456789",
};
/** What `npm start` generates per data/ folder (scripts/lib/prepare.mjs). */
const randomSecrets = () => ({
  CMS_READ_TOKEN: randomBytes(24).toString("hex"),
  CMS_WEBHOOK_SECRET: randomBytes(24).toString("hex"),
  SESSION_SECRET: randomBytes(24).toString("hex"),
  PREVIEW_SECRET: randomBytes(24).toString("hex"),
});
const production = (env: Record<string, string | undefined>) => parseEnv({ NODE_ENV: "production", ...env });

describe("the web app's environment (ADR 042)", () => {
  it("runs on development defaults outside production", () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: "development",
      CMS_URL: "http://127.0.0.1:1337",
      CONTENT_TTL_SECONDS: 60,
      TRUST_FORWARDED_HOST: false,
      COOKIE_SECURE: false,
      SESSION_SECRET: "dev-session-secret-change-me",
      PAYMENTS_PROVIDER: "sandbox",
      TRACKING_POLL_SECONDS: 10,
    });
    expect(parseEnv({ DEFAULT_CARRIER: "", TRUST_FORWARDED_HOST: "" })).toMatchObject({ DEFAULT_CARRIER: undefined, TRUST_FORWARDED_HOST: false });
  });

  it("starts in production with the secrets of `npm test` and of `npm start`", () => {
    expect(production(TEST_SECRETS).SESSION_SECRET).toBe(TEST_SECRETS.SESSION_SECRET);
    const secrets = randomSecrets();
    expect(production(secrets).CMS_READ_TOKEN).toBe(secrets.CMS_READ_TOKEN);
  });

  it("refuses production without its secrets, naming each variable", () => {
    const message = (() => {
      try {
        production({});
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    for (const name of ["SESSION_SECRET", "CMS_WEBHOOK_SECRET", "CMS_READ_TOKEN", "PREVIEW_SECRET"]) expect(message).toContain(`${name}: ${name} must be set in production`);
  });

  it("refuses a development default or a short secret in production", () => {
    expect(() => production({ ...TEST_SECRETS, SESSION_SECRET: "dev-session-secret-change-me" })).toThrow(/SESSION_SECRET must be set in production/);
    expect(() => production({ ...TEST_SECRETS, CMS_WEBHOOK_SECRET: "dev-webhook-secret-change-me" })).toThrow(/CMS_WEBHOOK_SECRET must be set/);
    expect(() => production({ ...TEST_SECRETS, CMS_WEBHOOK_SECRET: "dev-webhook-secret" })).toThrow(/CMS_WEBHOOK_SECRET must be set/);
    expect(() => production({ ...TEST_SECRETS, CMS_READ_TOKEN: "dev-read-token-change-me" })).toThrow(/CMS_READ_TOKEN must be set/);
    expect(() => production({ ...TEST_SECRETS, CMS_READ_TOKEN: "short-token" })).toThrow(/CMS_READ_TOKEN must be set/);
    expect(() => production({ ...TEST_SECRETS, SESSION_SECRET: "" })).toThrow(/SESSION_SECRET must be set/);
    expect(() => production({ ...TEST_SECRETS, PREVIEW_SECRET: "dev-preview-secret-change-me" })).toThrow(/PREVIEW_SECRET must be set/);
  });

  it("includes the engine's configuration, with its checks", () => {
    expect(parseEnv({ PAYMENTS_PROVIDER: "braintree", BRAINTREE_MERCHANT_ID: "m", BRAINTREE_PUBLIC_KEY: "p", BRAINTREE_PRIVATE_KEY: "k" })).toMatchObject({
      PAYMENTS_PROVIDER: "braintree",
    });
    expect(() => parseEnv({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => parseEnv({ PAY_LATER_PROVIDER: "klarna" })).toThrow(/KLARNA_ACCOUNTS: .*KLARNA_USERNAME/);
    expect(() => parseEnv({ ADDRESS_PROVIDER: "loqate" })).toThrow(/LOQATE_API_KEY/);
    expect(() => production({ ...TEST_SECRETS, ENGINE_CLOCK_OFFSET_MS: "1000" })).toThrow(/ENGINE_CLOCK_OFFSET_MS/);
    expect(production({ ...TEST_SECRETS, ENGINE_TEST_CLOCK: "1" }).ENGINE_TEST_CLOCK).toBe(true);
  });

  it("binds the metrics listener to loopback unless METRICS_HOST names an address or a hostname (ADR 151)", () => {
    expect(parseEnv({}).METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ METRICS_HOST: "0.0.0.0" }).METRICS_HOST).toBe("0.0.0.0");
    expect(parseEnv({ METRICS_HOST: "::" }).METRICS_HOST).toBe("::");
    expect(parseEnv({ METRICS_HOST: "app-1.internal" }).METRICS_HOST).toBe("app-1.internal");
    expect(() => parseEnv({ METRICS_HOST: "http://0.0.0.0:9464" })).toThrow(/METRICS_HOST/);
    expect(() => parseEnv({ METRICS_HOST: "two words" })).toThrow(/METRICS_HOST/);
  });

  it("drains 3 s on SIGTERM in production and not at all elsewhere, unless SHUTDOWN_DRAIN_SECONDS says (ADR 150)", () => {
    expect(production(TEST_SECRETS).SHUTDOWN_DRAIN_SECONDS).toBe(3);
    expect(parseEnv({}).SHUTDOWN_DRAIN_SECONDS).toBe(0);
    expect(parseEnv({ NODE_ENV: "test" }).SHUTDOWN_DRAIN_SECONDS).toBe(0);
    expect(production({ ...TEST_SECRETS, SHUTDOWN_DRAIN_SECONDS: "0" }).SHUTDOWN_DRAIN_SECONDS).toBe(0);
    expect(parseEnv({ SHUTDOWN_DRAIN_SECONDS: "1.5" }).SHUTDOWN_DRAIN_SECONDS).toBe(1.5);
    // With the 10 s the shutdown then allows itself, more would outlast compose's 20 s grace period.
    expect(() => parseEnv({ SHUTDOWN_DRAIN_SECONDS: "9" })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(() => parseEnv({ SHUTDOWN_DRAIN_SECONDS: "-1" })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it("names a bad app variable", () => {
    expect(() => parseEnv({ CMS_URL: "not a url" })).toThrow(/CMS_URL/);
    expect(() => parseEnv({ DEFAULT_CARRIER: "Not A Code" })).toThrow(/DEFAULT_CARRIER/);
    expect(() => parseEnv({ NODE_ENV: "staging" })).toThrow(/NODE_ENV/);
  });

  describe("tracking page settings (ADR 035)", () => {
    it("draws no tiles and polls every 10 seconds by default", () => {
      const settings = parseEnv({});
      expect([settings.TRACKING_POLL_SECONDS, settings.TILE_URL_TEMPLATE, settings.TILE_ATTRIBUTION]).toEqual([10, undefined, undefined]);
      expect(parseEnv({ TILE_URL_TEMPLATE: "" }).TILE_URL_TEMPLATE).toBeUndefined();
    });

    it("takes a tile server template with {z}, {x} and {y}", () => {
      expect(parseEnv({ TILE_URL_TEMPLATE: "https://tile.example.org/{z}/{x}/{y}.png", TILE_ATTRIBUTION: "© Example" })).toMatchObject({
        TILE_URL_TEMPLATE: "https://tile.example.org/{z}/{x}/{y}.png",
        TILE_ATTRIBUTION: "© Example",
      });
      expect(() => parseEnv({ TILE_URL_TEMPLATE: "https://tile.example.org/tiles.png" })).toThrow(/needs \{z\}/);
      expect(() => parseEnv({ TILE_URL_TEMPLATE: "javascript:alert(1)/{z}/{x}/{y}" })).toThrow(/http\(s\) URL/);
    });
  });
});
