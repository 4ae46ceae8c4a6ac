/**
 * A carrier's own wording of a §8 text (its CMS ui-text override) reaches the partner API's error
 * messages as it reaches its pages (ADR 187): the same carrierTexts, same carrier, same language.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiRoutes } from "../../booking/http/index";
import { createTestEngine, newCarrier, type TestEngine } from "../../booking/testing/engine";
import { startApi, type ApiHarness } from "../integration/api-harness";

/** What the CMS holds: carriers and their ui-text overrides per language. */
const cms = vi.hoisted(() => ({
  carriers: [] as { code: string; defaultLocale: string; supportedLocales: string[] }[],
  uiTexts: new Map<string, Record<string, string>>(),
  reads: [] as string[],
}));
vi.mock("~/content/content.server", () => ({
  getCarriers: async () => cms.carriers,
  getContactReasonOptions: async () => [],
  getUiTexts: async (carrier: { code: string }, locale: string) => {
    cms.reads.push(`${carrier.code}:${locale}`);
    return cms.uiTexts.get(`${carrier.code}:${locale}`) ?? {};
  },
  onContentInvalidated: () => () => undefined,
  onEngineDataChanged: () => () => undefined,
}));

const { partnerApi } = await import("~/lib/api/partner-api.server");
const { carrierTexts } = await import("~/i18n/i18n.server");
const { siteText } = await import("~/lib/api/error-texts.server");

let t: TestEngine;
let api: ApiHarness;
let key: string;
let plainKey: string;
let carrierCode: string;

beforeAll(async () => {
  t = await createTestEngine({ config: { apiRateLimitReads: 1_000_000, apiRateLimitWrites: 1_000_000 } });
  const worded = await newCarrier(t);
  const plain = await newCarrier(t);
  carrierCode = worded.code;
  cms.carriers = [worded, plain].map((carrier) => ({ ...carrier, defaultLocale: "en", supportedLocales: ["en", "de"] }));
  cms.uiTexts.set(`${worded.code}:en`, { "landing.postcodeInvalid": "That postcode is not one we know, sorry." });
  cms.uiTexts.set(`${worded.code}:de`, { "landing.postcodeInvalid": "Diese Postleitzahl kennen wir leider nicht." });
  key = (await t.engine.apiKeys.issue(worded.code, { name: "worded", scopes: ["bookings:write"] })).key;
  plainKey = (await t.engine.apiKeys.issue(plain.code, { name: "plain", scopes: ["bookings:write"] })).key;
  api = await startApi({ routes: apiRoutes, carrier: async (code) => (await partnerApi.carrier(code)) as never, localise: partnerApi.localise }, t);
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

/** A booking of the key's carrier given a postcode that is no postcode: BK04. */
async function badPostcode(apiKey: string, language: string) {
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "accept-language": language };
  const built = await fetch(api.url("/wefix-booking/build"), { method: "POST", headers, body: JSON.stringify({}) });
  expect(built.status).toBe(201);
  const reference = ((await built.json()) as { data: { booking_reference: string } }).data.booking_reference;
  const answer = await fetch(api.url(`/wefix-booking/${reference}/postcode`), { method: "POST", headers, body: JSON.stringify({ postcode: "not a postcode" }) });
  return { status: answer.status, body: (await answer.json()) as { code: string; messages: string[]; fields?: Record<string, string[]> } };
}

describe("a carrier's ui-text overrides in the API's error messages (ADR 187)", () => {
  it("answers with the carrier's own wording, in English and in German", async () => {
    const english = await badPostcode(key, "en");
    expect(english.status).toBe(400);
    // The message and the field's text alike: the pages show that text for both.
    expect(english.body).toMatchObject({
      code: "BK04",
      messages: ["That postcode is not one we know, sorry."],
      fields: { postcode: ["That postcode is not one we know, sorry."] },
    });
    const german = await badPostcode(key, "de");
    expect(german.body).toMatchObject({
      code: "BK04",
      messages: ["Diese Postleitzahl kennen wir leider nicht."],
      fields: { postcode: ["Diese Postleitzahl kennen wir leider nicht."] },
    });
    expect(cms.reads).toEqual(expect.arrayContaining([`${carrierCode}:en`, `${carrierCode}:de`]));
  });

  it("reads as the carrier's pages do: the same texts from the same function", async () => {
    const carrier = cms.carriers.find((entry) => entry.code === carrierCode)!;
    const pages = await carrierTexts(carrier as never, "de");
    expect((await badPostcode(key, "de")).body.messages).toEqual([pages.instance.t("landing.postcodeInvalid")]);
  });

  it("keeps the engine's English and the site's German for a carrier without overrides", async () => {
    const english = await badPostcode(plainKey, "en");
    expect(english.body.code).toBe("BK04");
    expect(english.body.messages).not.toEqual(["That postcode is not one we know, sorry."]);
    expect((await badPostcode(plainKey, "de")).body.messages).toEqual([siteText("de", "landing.postcodeInvalid")]);
  });

  it("does not mix two carriers' wordings or their languages", async () => {
    expect(await partnerApi.localise({ code: "BK04", messages: ["Please enter a valid postcode."], fields: {}, fieldCodes: {} }, "de", "unknown-carrier")).toEqual({
      messages: [siteText("de", "landing.postcodeInvalid")],
      fields: {},
    });
    expect(await partnerApi.localise({ code: "BK04", messages: ["Please enter a valid postcode."], fields: {}, fieldCodes: {} }, "en", null)).toEqual({
      messages: ["Please enter a valid postcode."],
      fields: {},
    });
  });
});
