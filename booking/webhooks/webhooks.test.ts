import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { isPublicAddress, webhookRetryDelayMs } from "./deliver";
import { newWebhookSecret, signWebhook, webhookHeaders } from "./signing";

describe("the webhook signature (Standard Webhooks, ADR 179)", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = '{"id":"evt_1","type":"order.created"}';

  it("signs id.timestamp.body with HMAC-SHA256 of the decoded secret, as the standardwebhooks package does", () => {
    const at = new Date("2026-11-26T12:00:00Z");
    expect(signWebhook(secret, "evt_1", at.getTime() / 1000, body)).toBe(new Webhook(secret).sign("evt_1", at, body));
  });

  it("gives headers the package verifies, and that fail for another body, another secret or an old timestamp", () => {
    const headers = webhookHeaders(secret, "evt_1", new Date(), body);
    expect(headers).toMatchObject({ "webhook-id": "evt_1", "content-type": "application/json", "webhook-signature": expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/) });
    expect(new Webhook(secret).verify(body, headers)).toEqual({ id: "evt_1", type: "order.created" });
    expect(() => new Webhook(secret).verify(body.replace("evt_1", "evt_2"), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    const old = webhookHeaders(secret, "evt_1", new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });

  it("makes secrets of 32 random bytes behind whsec_", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe("the retry schedule (ADR 180)", () => {
  const schedule = [30_000, 120_000, 600_000];

  it("follows the schedule step by step, the last step repeating, within ±20 % jitter", () => {
    expect([1, 2, 3, 4, 9].map((attempt) => webhookRetryDelayMs(schedule, attempt, () => 0.5))).toEqual([30_000, 120_000, 600_000, 600_000, 600_000]);
    expect(webhookRetryDelayMs(schedule, 1, () => 0)).toBe(24_000);
    expect(webhookRetryDelayMs(schedule, 1, () => 0.999999)).toBeCloseTo(36_000, -1);
    for (let i = 0; i < 200; i += 1) {
      const delay = webhookRetryDelayMs(schedule, 2);
      expect(delay).toBeGreaterThanOrEqual(96_000);
      expect(delay).toBeLessThanOrEqual(144_000);
    }
  });

  it("retries at once with an empty or zero schedule (tests)", () => {
    expect(webhookRetryDelayMs([], 3)).toBe(0);
    expect(webhookRetryDelayMs([0], 3)).toBe(0);
  });
});

describe("public addresses only, in production (ADR 180)", () => {
  it("refuses loopback, private, link-local, carrier-grade NAT, unspecified and IPv4-mapped private addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fc00::1",
      "::ffff:127.0.0.1",
      "not-an-ip",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("accepts public unicast addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
  });
});
