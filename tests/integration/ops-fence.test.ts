// The operations fence (docs/decisions/078-operations-role.md), against a running Strapi: an admin
// user with the "Operations" role who operates carrier A changes only A's operations data; a
// "Carrier editor" cannot change prices, areas or rosters at all; neither touches the catalogue.
//
// Needs CMS_URL (skipped without it), CMS_WRITE_TOKEN and the super admin's CMS_ADMIN_EMAIL /
// CMS_ADMIN_PASSWORD, like tests/integration/editor-fence.test.ts.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminLogin as login, cmsCall as call, inviteAdminUser } from "../support/cms-admin";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN;

const CARRIER = "api::carrier.carrier";
const AREA = "api::ops-service-area.ops-service-area";
const ROSTER = "api::ops-roster.ops-roster";
const OVERRIDE = "api::ops-price-override.ops-price-override";
const PRICE = "api::catalogue-price.catalogue-price";
const WEBHOOK = "api::ops-webhook-endpoint.ops-webhook-endpoint";
const cm = (uid: string, rest = "") => `/content-manager/collection-types/${uid}${rest}`;

async function restCreate(collection: string, data: Record<string, unknown>, status = false): Promise<string> {
  const reply = await call("POST", `/api/${collection}${status ? "?status=published" : ""}`, WRITE_TOKEN, { data });
  expect(reply.status, `create ${collection}: ${JSON.stringify(reply.body)}`).toBe(201);
  return reply.body.data.documentId;
}

describe.skipIf(!CMS_URL)("operations fence: operations people change their own carrier's operations data only", () => {
  const suffix = randomBytes(4).toString("hex");
  const codeA = `ops-a-${suffix}`;
  const codeB = `ops-b-${suffix}`;
  let adminToken = "";
  let operatorToken = "";
  let editorToken = "";
  const userIds: number[] = [];
  const carriers: Record<string, string> = {};
  const areas: Record<string, string> = {};
  const rosters: Record<string, string> = {};
  const webhooks: Record<string, string> = {};
  const createdByOperator: string[] = [];

  async function invite(roleName: string, email: string, password: string): Promise<number> {
    const id = await inviteAdminUser(adminToken, roleName, email, password);
    userIds.push(id);
    return id;
  }

  beforeAll(async () => {
    if (!WRITE_TOKEN) throw new Error("CMS_WRITE_TOKEN must be set (and the CMS started with it)");
    for (const code of [codeA, codeB]) {
      carriers[code] = await restCreate(
        "carriers",
        { code, name: `Ops ${code}`, domains: [`${code}.localhost`], defaultLocale: "en", supportedLocales: ["en"], currency: "GBP", countryCode: "GB" },
        true,
      );
      areas[code] = await restCreate("ops-service-areas", {
        carrierCode: code,
        code: "central",
        name: "Central",
        country: "GB",
        postcodePrefixes: ["SW1A"],
        centreLat: 51.5,
        centreLng: -0.13,
        radiusKm: 5,
      });
      rosters[code] = await restCreate("ops-rosters", { carrierCode: code, workingWeekdays: [1, 2, 3, 4, 5], slotsPerTechnicianPerDay: 4, closedDates: [] });
      webhooks[code] = await restCreate("ops-webhook-endpoints", { carrierCode: code, url: `https://${code}.partner.example/hooks`, description: `Partner of ${code}` });
    }
    adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const operatorId = await invite("Operations", `operator-${suffix}@repair.localhost`, `Operator-${suffix}-Pass1`);
    const editorId = await invite("Carrier editor", `editor-${suffix}@repair.localhost`, `Editor-${suffix}-Pass1`);

    // Carrier A: the operator operates it, the editor edits it.
    const attached = await call("PUT", cm(CARRIER, `/${carriers[codeA]}`), adminToken, {
      operators: { connect: [{ id: operatorId }] },
      editors: { connect: [{ id: editorId }] },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect((await call("POST", cm(CARRIER, `/${carriers[codeA]}/actions/publish`), adminToken, {})).status).toBe(200);

    operatorToken = await login(`operator-${suffix}@repair.localhost`, `Operator-${suffix}-Pass1`);
    editorToken = await login(`editor-${suffix}@repair.localhost`, `Editor-${suffix}-Pass1`);
  });

  afterAll(async () => {
    if (!CMS_URL || !WRITE_TOKEN) return;
    for (const id of createdByOperator) await call("DELETE", `/api/ops-price-overrides/${id}`, WRITE_TOKEN);
    for (const id of Object.values(webhooks)) await call("DELETE", `/api/ops-webhook-endpoints/${id}`, WRITE_TOKEN);
    for (const code of [codeA, codeB]) {
      if (areas[code]) await call("DELETE", `/api/ops-service-areas/${areas[code]}`, WRITE_TOKEN);
      if (rosters[code]) await call("DELETE", `/api/ops-rosters/${rosters[code]}`, WRITE_TOKEN);
      if (carriers[code]) await call("DELETE", `/api/carriers/${carriers[code]}`, WRITE_TOKEN);
    }
    for (const id of userIds) if (adminToken) await call("DELETE", `/admin/users/${id}`, adminToken);
  });

  it("lists only the service areas of the operator's carrier", async () => {
    const reply = await call("GET", cm(AREA, "?page=1&pageSize=100"), operatorToken);
    expect(reply.status).toBe(200);
    expect(reply.body.results.map((r: { carrierCode: string }) => r.carrierCode)).toEqual([codeA]);
  });

  it("changes the roster of their carrier", async () => {
    const reply = await call("PUT", cm(ROSTER, `/${rosters[codeA]}`), operatorToken, { closedDates: ["2026-12-25"] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.closedDates).toEqual(["2026-12-25"]);
  });

  it("is refused changing another carrier's roster or area", async () => {
    expect([403, 404]).toContain((await call("PUT", cm(ROSTER, `/${rosters[codeB]}`), operatorToken, { closedDates: ["2026-12-25"] })).status);
    expect([403, 404]).toContain((await call("PUT", cm(AREA, `/${areas[codeB]}`), operatorToken, { radiusKm: 50 })).status);
    const check = await call("GET", `/api/ops-rosters/${rosters[codeB]}`, WRITE_TOKEN);
    expect(check.body.data.closedDates).toEqual([]);
  });

  it("creates a price override for their carrier, not for another", async () => {
    const own = await call("POST", cm(OVERRIDE), operatorToken, { carrierCode: codeA, model: "iphone-15", problem: "screen-replacement", price: 19900 });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    createdByOperator.push(own.body.data.documentId);
    const other = await call("POST", cm(OVERRIDE), operatorToken, { carrierCode: codeB, model: "iphone-15", problem: "screen-replacement", price: 100 });
    if (other.body?.data?.documentId) createdByOperator.push(other.body.data.documentId);
    expect(other.status).toBe(403);
  });

  it("cannot move an area of their carrier to another carrier", async () => {
    expect((await call("PUT", cm(AREA, `/${areas[codeA]}`), operatorToken, { carrierCode: codeB })).status).toBe(403);
  });

  it("sees, edits and re-keys only their carrier's webhook endpoints; the secret is the CMS's to make (ADR 179)", async () => {
    const list = await call("GET", cm(WEBHOOK, "?page=1&pageSize=100"), operatorToken);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { carrierCode: string }) => r.carrierCode)).toEqual([codeA]);
    const own = await call("GET", cm(WEBHOOK, `/${webhooks[codeA]}`), operatorToken);
    const secret: string = own.body.data.signingSecret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);

    // The other carrier's endpoint: not readable, not editable.
    expect([403, 404]).toContain((await call("GET", cm(WEBHOOK, `/${webhooks[codeB]}`), operatorToken)).status);
    expect([403, 404]).toContain((await call("PUT", cm(WEBHOOK, `/${webhooks[codeB]}`), operatorToken, { url: "https://attacker.example/" })).status);
    const other = await call("GET", `/api/ops-webhook-endpoints/${webhooks[codeB]}`, WRITE_TOKEN);
    expect(other.body.data.url).toBe(`https://${codeB}.partner.example/hooks`);
    // The content API (the web app's read token, automation) never answers a secret: the feed hands it to the engine.
    expect(other.body.data.signingSecret).toBeUndefined();

    // The side panel's deliveries (ADR 181): the other carrier's endpoint is not there for them; their own is
    // asked of the app (which answers its list when it runs beside this Strapi, as under scripts/test.mjs).
    expect((await call("GET", `/ops-webhook-endpoints/${webhooks[codeB]}/deliveries`, operatorToken)).status).toBe(404);
    expect((await call("POST", `/ops-webhook-endpoints/${webhooks[codeB]}/deliveries/1/redeliver`, operatorToken, {})).status).toBe(404);
    expect((await call("GET", `/ops-webhook-endpoints/${webhooks[codeA]}/deliveries`)).status).toBe(401);
    const deliveries = await call("GET", `/ops-webhook-endpoints/${webhooks[codeA]}/deliveries`, operatorToken);
    if (process.env.APP_URL) expect(deliveries).toMatchObject({ status: 200, body: { deliveries: [] } });
    else expect(deliveries).toMatchObject({ status: 502, body: { error: expect.stringMatching(/could not be reached/) } });

    // A typed-in secret is ignored; "New secret on save" replaces it.
    const typed = await call("PUT", cm(WEBHOOK, `/${webhooks[codeA]}`), operatorToken, { signingSecret: "whsec_chosen", description: "Call centre" });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.data).toMatchObject({ signingSecret: secret, description: "Call centre" });
    const rekeyed = await call("PUT", cm(WEBHOOK, `/${webhooks[codeA]}`), operatorToken, { regenerateSecret: true });
    expect(rekeyed.body.data.signingSecret).toMatch(/^whsec_/);
    expect(rekeyed.body.data.signingSecret).not.toBe(secret);
    expect(rekeyed.body.data.regenerateSecret).toBe(false);

    // The URL is checked on save, with the field named.
    const withPassword = await call("PUT", cm(WEBHOOK, `/${webhooks[codeA]}`), operatorToken, { url: "https://user:pw@partner.example/hooks" });
    expect(withPassword.status).toBe(400);
    expect(JSON.stringify(withPassword.body)).toMatch(/URL: the address must not contain a user name or password/);
    const created = await call("POST", cm(WEBHOOK), operatorToken, { carrierCode: codeB, url: "https://partner.example/hooks" });
    if (created.body?.data?.documentId) await call("DELETE", `/api/ops-webhook-endpoints/${created.body.data.documentId}`, WRITE_TOKEN);
    expect(created.status).toBe(403);
  });

  it("cannot change the catalogue", async () => {
    const list = await call("GET", cm(PRICE, "?page=1&pageSize=1"), operatorToken);
    expect(list.status).toBe(403);
  });

  it("a carrier editor cannot see or change prices, areas or rosters, even of their own carrier", async () => {
    expect((await call("GET", cm(AREA, "?page=1&pageSize=10"), editorToken)).status).toBe(403);
    expect((await call("GET", cm(WEBHOOK, "?page=1&pageSize=10"), editorToken)).status).toBe(403);
    expect((await call("PUT", cm(ROSTER, `/${rosters[codeA]}`), editorToken, { workingWeekdays: [6] })).status).toBe(403);
    expect((await call("POST", cm(OVERRIDE), editorToken, { carrierCode: codeA, model: "iphone-15", problem: "battery-replacement", price: 100 })).status).toBe(403);
    expect((await call("GET", cm(PRICE, "?page=1&pageSize=1"), editorToken)).status).toBe(403);
  });

  it("a carrier editor cannot make themselves an operator", async () => {
    const editorId = userIds[1];
    await call("PUT", cm(CARRIER, `/${carriers[codeA]}`), editorToken, { operators: { connect: [{ id: editorId }] } });
    const operators = await call("GET", `/content-manager/relations/${CARRIER}/${carriers[codeA]}/operators`, adminToken);
    expect(operators.status).toBe(200);
    expect(operators.body.results.map((u: { id: number }) => u.id)).toEqual([userIds[0]]);
  });

  it("an operator onboards a carrier: they become its operator, no one else; its code and people stay out of their reach (ADR 204)", async () => {
    const code = `ops-new-${suffix}`;
    const made = await call("POST", cm(CARRIER), operatorToken, {
      code,
      name: "Onboarded",
      domains: [`${code}.localhost`],
      supportedLocales: ["en"],
      currency: "GBP",
      countryCode: "GB",
      operators: { connect: [{ id: userIds[1] }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const documentId = made.body.data.documentId;
    try {
      // The creator is its one operator (the editor they tried to add is not); an Operations user without a content role is no editor of it.
      const operators = await call("GET", `/content-manager/relations/${CARRIER}/${documentId}/operators`, adminToken);
      expect(operators.body.results.map((u: { id: number }) => u.id)).toEqual([userIds[0]]);
      const editors = await call("GET", `/content-manager/relations/${CARRIER}/${documentId}/editors`, adminToken);
      expect(editors.body.results).toEqual([]);
      // They publish it and change its settings, not its code; another carrier stays out of reach.
      expect((await call("POST", cm(CARRIER, `/${documentId}/actions/publish`), operatorToken, {})).status).toBe(200);
      const renamed = await call("PUT", cm(CARRIER, `/${documentId}`), operatorToken, { name: "Onboarded, renamed", code: "taken-over" });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data).toMatchObject({ name: "Onboarded, renamed", code });
      expect((await call("PUT", cm(CARRIER, `/${carriers[codeB]}`), operatorToken, { name: "Taken" })).status).toBe(403);
      // Their new carrier is among their choices for an operations entry; carrier B is not (ADR 205).
      const choices = await call("GET", `/admin/carrier-choices?uid=${AREA}`, operatorToken);
      expect(choices.body.carriers.map((c: { code: string }) => c.code).sort()).toEqual([codeA, code].sort());
      expect((await call("GET", "/admin/carrier-choices?uid=admin::user", operatorToken)).status).toBe(400);
    } finally {
      await call("DELETE", `/api/carriers/${documentId}`, WRITE_TOKEN);
    }
  });

  it("an operator gets no preview of any carrier's draft content", async () => {
    const faqs = await call("GET", "/api/faq-items?filters[carrierCode][$eq]=patchpoint&locale=en&pagination[pageSize]=1", WRITE_TOKEN);
    const [faq] = faqs.body.data;
    const asOperator = await call("GET", `/content-manager/preview/url/api::faq-item.faq-item?documentId=${faq.documentId}&locale=en&status=draft`, operatorToken);
    expect(asOperator.body?.data?.url).toBeUndefined();
    const asAdmin = await call("GET", `/content-manager/preview/url/api::faq-item.faq-item?documentId=${faq.documentId}&locale=en&status=draft`, adminToken);
    expect(asAdmin.body?.data?.url).toMatch(/\/preview\?/);
  });
});
