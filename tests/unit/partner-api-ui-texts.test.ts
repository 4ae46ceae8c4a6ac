/**
 * A carrier's own wording of a §8 text (its CMS ui-text override) reaches the partner API's error
 * messages as it reaches its pages (ADR 187): the same carrierTexts, same carrier, same language.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_PREFIX, apiRoutes, createApiRouter } from "../../booking/http/index";
import { createTestEngine, newCarrier, type TestEngine } from "../../booking/testing/engine";

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
let server: Server;
let origin: string;
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
  const app = express();
  app.use(
    API_PREFIX,
    createApiRouter({
      routes: apiRoutes,
      engine: async () => t.engine,
      authenticate: (secret) => t.engine.apiKeys.verify(secret),
      carrier: async (code) => (await partnerApi.carrier(code)) as never,
      localise: partnerApi.localise,
    }),
  );
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_PREFIX}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A booking of the key's carrier given a postcode that is no postcode: BK04. */
async function badPostcode(apiKey: string, language: string) {
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "accept-language": language };
  const built = await fetch(`${origin}/wefix-booking/build`, { method: "POST", headers, body: JSON.stringify({}) });
  expect(built.status).toBe(201);
  const reference = ((await built.json()) as { data: { booking_reference: string } }).data.booking_reference;
  const answer = await fetch(`${origin}/wefix-booking/${reference}/postcode`, { method: "POST", headers, body: JSON.stringify({ postcode: "not a postcode" }) });
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
