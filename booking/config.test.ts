import { describe, expect, it } from "vitest";
import { outboxPageAllowed, parseEngineConfig, testClockAllowed } from "./config";

const BRAINTREE = JSON.stringify({ "*": { merchantId: "m", publicKey: "p", privateKey: "k", merchantAccounts: { GBP: "m_gbp" } } });

describe("the engine's configuration (ADR 040)", () => {
  it("runs on the embedded defaults: offline payments and pay later, embedded addresses, no captcha", () => {
    expect(parseEngineConfig({})).toMatchObject({
      PAYMENTS_PROVIDER: "sandbox",
      PAY_LATER_PROVIDER: "sandbox",
      KLARNA_SANDBOX_OUTCOME: "approve",
      ADDRESS_PROVIDER: "embedded",
      CAPTCHA_PROVIDER: "off",
      UPLOADS_DIR: "data/uploads",
      BOOKING_DATA_DIR: "data/booking",
      BOOKING_DRAFT_HOLD_MINUTES: 30,
      LOOKUP_THROTTLE_MAX_PER_EMAIL: 5,
      ENGINE_CLOCK_OFFSET_MS: 0,
    });
    expect(parseEngineConfig({ DATABASE_URL: "", BOOKING_DRAFT_HOLD_MINUTES: "" })).toMatchObject({ DATABASE_URL: undefined, BOOKING_DRAFT_HOLD_MINUTES: 30 });
  });

  it("names the variable of an unknown provider or a bad value", () => {
    expect(() => parseEngineConfig({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => parseEngineConfig({ KLARNA_SANDBOX_OUTCOME: "maybe" })).toThrow(/KLARNA_SANDBOX_OUTCOME/);
    expect(() => parseEngineConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEngineConfig({ BOOKING_DRAFT_HOLD_MINUTES: "0" })).toThrow(/BOOKING_DRAFT_HOLD_MINUTES/);
  });

  it("runs the durable scheduler every 15 seconds by default, and checks its settings (ADR 091)", () => {
    expect(parseEngineConfig({})).toMatchObject({ SCHEDULER_POLL_SECONDS: 15, SCHEDULER_MAX_ATTEMPTS: 8, SCHEDULER_LEASE_SECONDS: 300, SCHEDULER_HOLD_PURGE_MINUTES: 5 });
    expect(parseEngineConfig({ SCHEDULER_POLL_SECONDS: "0" })).toMatchObject({ SCHEDULER_POLL_SECONDS: 0 });
    expect(() => parseEngineConfig({ SCHEDULER_MAX_ATTEMPTS: "0" })).toThrow(/SCHEDULER_MAX_ATTEMPTS/);
    expect(() => parseEngineConfig({ SCHEDULER_LEASE_SECONDS: "soon" })).toThrow(/SCHEDULER_LEASE_SECONDS/);
  });

  it("lets a fault suite take a dead replica's messages over within seconds: a 10 s lease, a 1 s poll, a 1 s first retry", () => {
    expect(parseEngineConfig({})).toMatchObject({ SCHEDULER_BACKOFF_BASE_SECONDS: 60 });
    expect(parseEngineConfig({ SCHEDULER_LEASE_SECONDS: "10", SCHEDULER_POLL_SECONDS: "1", SCHEDULER_BACKOFF_BASE_SECONDS: "1" })).toMatchObject({
      SCHEDULER_LEASE_SECONDS: 10,
      SCHEDULER_POLL_SECONDS: 1,
      SCHEDULER_BACKOFF_BASE_SECONDS: 1,
    });
    expect(() => parseEngineConfig({ SCHEDULER_BACKOFF_BASE_SECONDS: "0" })).toThrow(/SCHEDULER_BACKOFF_BASE_SECONDS/);
    expect(() => parseEngineConfig({ SCHEDULER_LEASE_SECONDS: "5" })).toThrow(/SCHEDULER_LEASE_SECONDS/);
  });

  it("holds a waiting-list offer for two hours by default, at least five minutes (ADR 094)", () => {
    expect(parseEngineConfig({})).toMatchObject({ WAITING_LIST_OFFER_MINUTES: 120 });
    expect(parseEngineConfig({ WAITING_LIST_OFFER_MINUTES: "45" })).toMatchObject({ WAITING_LIST_OFFER_MINUTES: 45 });
    expect(() => parseEngineConfig({ WAITING_LIST_OFFER_MINUTES: "1" })).toThrow(/WAITING_LIST_OFFER_MINUTES/);
    expect(() => parseEngineConfig({ WAITING_LIST_OFFER_MINUTES: "a while" })).toThrow(/WAITING_LIST_OFFER_MINUTES/);
  });

  it("refuses a provider without its credentials, naming the variables", () => {
    expect(() => parseEngineConfig({ PAYMENTS_PROVIDER: "braintree" })).toThrow(/BRAINTREE_ACCOUNTS or BRAINTREE_MERCHANT_ID/);
    expect(() => parseEngineConfig({ PAY_LATER_PROVIDER: "klarna" })).toThrow(/KLARNA_ACCOUNTS or KLARNA_USERNAME/);
    expect(() => parseEngineConfig({ ADDRESS_PROVIDER: "loqate" })).toThrow(/LOQATE_API_KEY is required/);
    expect(() => parseEngineConfig({ CAPTCHA_PROVIDER: "recaptcha", RECAPTCHA_SECRET: "s" })).toThrow(/RECAPTCHA_SITE_KEY are required/);
    expect(() => parseEngineConfig({ BRAINTREE_ACCOUNTS: "{not json" })).toThrow(/BRAINTREE_ACCOUNTS is not valid JSON/);
    expect(
      parseEngineConfig({ PAYMENTS_PROVIDER: "braintree", BRAINTREE_ACCOUNTS: BRAINTREE, PAY_LATER_PROVIDER: "klarna", KLARNA_USERNAME: "PK1", KLARNA_PASSWORD: "pw" }),
    ).toMatchObject({
      PAYMENTS_PROVIDER: "braintree",
      PAY_LATER_PROVIDER: "klarna",
    });
  });

  it("moves the clock only outside production or with ENGINE_TEST_CLOCK=1 (ADR 034)", () => {
    expect(testClockAllowed(parseEngineConfig({}))).toBe(true);
    expect(testClockAllowed(parseEngineConfig({ NODE_ENV: "production" }))).toBe(false);
    expect(testClockAllowed(parseEngineConfig({ NODE_ENV: "production", ENGINE_TEST_CLOCK: "1" }))).toBe(true);
    expect(() => parseEngineConfig({ NODE_ENV: "production", ENGINE_CLOCK_OFFSET_MS: "60000" })).toThrow(/ENGINE_CLOCK_OFFSET_MS is for tests/);
    expect(parseEngineConfig({ NODE_ENV: "production", ENGINE_TEST_CLOCK: "true", ENGINE_CLOCK_OFFSET_MS: "60000" }).ENGINE_CLOCK_OFFSET_MS).toBe(60_000);
  });

  it("writes customer messages to the outbox by default, and serves the outbox page only outside production or with OUTBOX_PAGE=1 (ADR 090)", () => {
    expect(parseEngineConfig({})).toMatchObject({ NOTIFICATIONS_EMAIL_PROVIDER: "outbox", NOTIFICATIONS_SMS_PROVIDER: "outbox", OUTBOX_DIR: "data/outbox" });
    expect(outboxPageAllowed(parseEngineConfig({}))).toBe(true);
    expect(outboxPageAllowed(parseEngineConfig({ NODE_ENV: "production" }))).toBe(false);
    expect(outboxPageAllowed(parseEngineConfig({ NODE_ENV: "production", OUTBOX_PAGE: "1" }))).toBe(true);
  });

  it("refuses SMTP or Twilio without their settings and a default sender, naming the variables", () => {
    expect(() => parseEngineConfig({ NOTIFICATIONS_EMAIL_PROVIDER: "smtp", NOTIFICATIONS_EMAIL_FROM_ADDRESS: "bookings@example.com" })).toThrow(
      /SMTP_URL or SMTP_HOST is required/,
    );
    expect(() => parseEngineConfig({ NOTIFICATIONS_EMAIL_PROVIDER: "smtp", SMTP_URL: "smtp://mail.example.com:587" })).toThrow(/NOTIFICATIONS_EMAIL_FROM_ADDRESS/);
    expect(() => parseEngineConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL must be smtp/);
    expect(() => parseEngineConfig({ NOTIFICATIONS_SMS_PROVIDER: "twilio", NOTIFICATIONS_SMS_SENDER_ID: "Repairs" })).toThrow(
      /TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are required/,
    );
    expect(() => parseEngineConfig({ TWILIO_ACCOUNT_SID: "AC123" })).toThrow(/TWILIO_ACCOUNT_SID is AC followed by 32 hex digits/);
    expect(() => parseEngineConfig({ NOTIFICATIONS_SENDERS: "{not json" })).toThrow(/NOTIFICATIONS_SENDERS is not valid JSON/);
    expect(() => parseEngineConfig({ NOTIFICATIONS_SENDERS: JSON.stringify({ acme: { smsSenderId: "Far too long a name" } }) })).toThrow(
      /"acme" in NOTIFICATIONS_SENDERS: smsSenderId/,
    );
    expect(
      parseEngineConfig({
        NOTIFICATIONS_EMAIL_PROVIDER: "smtp",
        SMTP_URL: "smtps://mailer:secret@mail.example.com",
        NOTIFICATIONS_SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: "ACf3a1c2e4b5d6978a0b1c2d3e4f5a6b7c",
        TWILIO_AUTH_TOKEN: "token",
        NOTIFICATIONS_SENDERS: JSON.stringify({ "*": { emailFromAddress: "bookings@example.com", smsSenderId: "Repairs" } }),
      }),
    ).toMatchObject({ NOTIFICATIONS_EMAIL_PROVIDER: "smtp", NOTIFICATIONS_SMS_PROVIDER: "twilio" });
  });
});
