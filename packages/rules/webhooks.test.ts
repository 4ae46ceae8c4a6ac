import { describe, expect, it } from "vitest";
import { checkWebhookUrl, WEBHOOK_EVENTS } from "./webhooks.js";

describe("a webhook endpoint's URL (ADR 179)", () => {
  it("accepts https everywhere and http outside production", () => {
    expect(checkWebhookUrl(" https://partner.example/hooks?x=1 ", { production: true })).toEqual({ ok: true, url: "https://partner.example/hooks?x=1" });
    expect(checkWebhookUrl("http://127.0.0.1:4000/hooks", { production: false })).toMatchObject({ ok: true });
  });

  it("refuses http in production, credentials, fragments, other schemes and non-addresses with a reason", () => {
    expect(checkWebhookUrl("http://partner.example/hooks", { production: true })).toEqual({ ok: false, reason: expect.stringMatching(/https/) });
    expect(checkWebhookUrl("https://user:pass@partner.example/hooks", { production: false })).toEqual({ ok: false, reason: expect.stringMatching(/user name or password/) });
    expect(checkWebhookUrl("https://partner.example/hooks#x", { production: false })).toMatchObject({ ok: false });
    expect(checkWebhookUrl("ftp://partner.example/", { production: false })).toMatchObject({ ok: false });
    expect(checkWebhookUrl("partner.example/hooks", { production: false })).toMatchObject({ ok: false });
    expect(checkWebhookUrl("", { production: false })).toEqual({ ok: false, reason: "is empty" });
    expect(checkWebhookUrl(42, { production: false })).toMatchObject({ ok: false });
  });

  it("names eight event types", () => {
    expect(WEBHOOK_EVENTS).toHaveLength(8);
  });
});
