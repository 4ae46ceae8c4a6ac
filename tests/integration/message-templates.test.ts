// Customer message templates (docs/decisions/092-customer-message-templates.md) against the running
// Strapi: the demo carriers are seeded with them, a template with a placeholder its message does not
// fill is refused on save, and the engine reads brand and templates through the feed and renders
// the carrier's text, the standard text where a field is empty.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCmsMessageContent } from "../../booking/adapters/cms-feed/cms-message-content";
import { composeMessage } from "../../booking/notifications/compose-message";
import { CUSTOMER_MESSAGE_KINDS as MESSAGE_KINDS } from "../../booking/notifications/template-kinds";
import { testCarrier, uniqueCode } from "../support/cms";
import { cmsCall as call } from "../support/cms-admin";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const READ_TOKEN = process.env.CMS_READ_TOKEN ?? "";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN ?? "";

describe.skipIf(!CMS_URL)("customer message templates in the CMS", () => {
  const code = uniqueCode("msg");
  const created: string[] = [];
  let carrierId = "";

  beforeAll(async () => {
    const reply = await call("POST", "/api/carriers?status=published", WRITE_TOKEN, { data: testCarrier(code) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    carrierId = reply.body.data.documentId;
  });

  afterAll(async () => {
    for (const path of created) await call("DELETE", path, WRITE_TOKEN);
    if (carrierId) await call("DELETE", `/api/carriers/${carrierId}`, WRITE_TOKEN);
  });

  it("are seeded for the demo carriers: every message, with the carrier's brand", async () => {
    const english = await call("GET", "/api/engine-feed/carriers/patchpoint/messages/en", READ_TOKEN);
    expect(english.status).toBe(200);
    const body = english.body;
    expect(body.brand).toMatchObject({ code: "patchpoint", name: "PatchPoint", countryCode: "GB", currency: "GBP" });
    expect(body.templates.map((t: { kind: string }) => t.kind).sort()).toEqual([...MESSAGE_KINDS].sort());
    const german = (await call("GET", "/api/engine-feed/carriers/flickwerk/messages/de", READ_TOKEN)).body;
    expect(german.templates.find((t: { kind: string }) => t.kind === "booking-confirmed").subject).toBe("Ihre Reparatur bei {{brand}} ist gebucht: {{orderRef}}");
  });

  it("refuse a placeholder the message does not fill, in plain words", async () => {
    const reply = await call("POST", "/api/message-templates?locale=en", WRITE_TOKEN, {
      data: { carrierCode: code, kind: "contact-received", subject: "About {{orderRef}}", smsText: "Refund {{refund}} soon" },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.error.message).toBe("SMS text contains {{refund}}, which this message does not fill in. Only {{brand}}, {{orderRef}} can be used here.");
  });

  it("reach the engine through the feed: the carrier's text, the standard text where a field is empty", async () => {
    const reply = await call("POST", "/api/message-templates?locale=en&status=published", WRITE_TOKEN, {
      data: { carrierCode: code, kind: "morning-of", subject: "{{brand}} is on the way: {{window}}", emailBody: "", smsText: "" },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    created.push(`/api/message-templates/${reply.body.data.documentId}?locale=en`);

    const source = createCmsMessageContent({ url: CMS_URL!, token: READ_TOKEN });
    const { email, sms } = await composeMessage(source, {
      carrierCode: code,
      kind: "morning-of",
      locale: "en",
      values: { orderRef: "RB7K2M9Q", window: { start: "08:00", end: "12:00" }, address: ["1 High Street", "London"], trackingUrl: "https://example.com/track" },
      to: { email: "ada@example.com", phone: "+447700900123" },
    });
    expect(email?.subject).toMatch(/ is on the way: 08:00–12:00$/);
    expect(email?.text).toContain("Your technician arrives today, 08:00–12:00, at:\n1 High Street\nLondon");
    expect(sms?.text).toMatch(/: your technician arrives today, 08:00-12:00\. Track: https:\/\/example\.com\/track$/);
    expect(await source.messageContent("no-such-carrier", "en")).toBeNull();
  });
});
