import { describe, expect, it } from "vitest";
import { composeMessage } from "../../notifications/compose-message";
import { MessageContentUnavailableError } from "../../notifications/message-content";
import { createCmsMessageContent } from "./cms-message-content";

/** As the CMS answers for a seeded carrier (cms/src/messages/message-feed.ts). */
const answer = {
  code: "acme",
  locale: "de",
  brand: {
    code: "acme",
    name: "Acme Reparatur",
    countryCode: "DE",
    currency: "EUR",
    timezone: "Europe/Berlin",
    email: "hilfe@acme.example",
    colours: { primary: "#8a1538", onPrimary: "#ffffff" },
  },
  templates: [{ kind: "morning-of", subject: "Heute kommt {{brand}}", emailBody: null, smsText: null }],
};

function recorded(status: number, body: unknown) {
  const calls: { url: string; auth: string | null }[] = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    calls.push({ url, auth: new Headers(init?.headers).get("authorization") });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { calls, source: createCmsMessageContent({ url: "http://cms.test/", token: "read-token", fetch: fetchFn }) };
}

describe("customer message content from the CMS feed", () => {
  it("asks for the carrier's messages in the customer's language with the read token", async () => {
    const { calls, source } = recorded(200, answer);
    const content = await source.messageContent("acme", "de");
    expect(calls).toEqual([{ url: "http://cms.test/api/engine-feed/carriers/acme/messages/de", auth: "Bearer read-token" }]);
    expect(content?.brand.name).toBe("Acme Reparatur");
    expect(content?.templates["morning-of"]).toEqual({ subject: "Heute kommt {{brand}}", emailBody: null, smsText: null });
  });

  it("renders the carrier's subject and the standard German text where the template is empty", async () => {
    const { source } = recorded(200, answer);
    const { email } = await composeMessage(source, {
      carrierCode: "acme",
      kind: "morning-of",
      locale: "de",
      values: { orderRef: "RB7K2M9Q", window: { start: "08:00", end: "12:00" }, address: ["Hauptstraße 1", "10115 Berlin"] },
      to: { email: "ada@example.com" },
    });
    expect(email?.subject).toBe("Heute kommt Acme Reparatur");
    expect(email?.text).toContain("Ihr Techniker kommt heute, 08:00–12:00, zu:\nHauptstraße 1\n10115 Berlin");
    expect(email?.html).toContain("border-bottom:4px solid #8a1538;");
  });

  it("knows no unpublished carrier, and says the content is unavailable when the CMS fails or answers nonsense", async () => {
    expect(await recorded(404, { error: "not found" }).source.messageContent("acme", "en")).toBeNull();
    await expect(recorded(503, {}).source.messageContent("acme", "en")).rejects.toThrow(MessageContentUnavailableError);
    await expect(recorded(200, { ...answer, brand: { ...answer.brand, web: "javascript:alert(1)" } }).source.messageContent("acme", "de")).rejects.toThrow(/brand\.web/);
    await expect(recorded(200, { ...answer, code: "other" }).source.messageContent("acme", "de")).rejects.toThrow(/answered for carrier 'other'/);
    await expect(composeMessage(recorded(404, {}).source, { carrierCode: "acme", kind: "morning-of", locale: "en", values: {}, to: {} })).rejects.toThrow(
      MessageContentUnavailableError,
    );
  });
});
