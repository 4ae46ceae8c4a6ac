// The setup checklist's admin routes against a running Strapi (issue 24 item 2, ADR 194): each admin
// user sees the checklists of the carriers the content manager lets them read — an operator their
// operated carriers, an editor their edited ones, the super admin all — another carrier's is a 404,
// bad input a 400, no log-in a 401. The items are the entries' real state.
//
// Needs CMS_URL (skipped without it), CMS_WRITE_TOKEN and the super admin's log-in, like ops-fence.test.ts.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everyDayRoster, westminsterArea } from "../support/cms";
import { adminLogin as login, cmsCall as call, inviteAdminUser } from "../support/cms-admin";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN;
const CARRIER = "api::carrier.carrier";

type Item = { key: string; state: string; reason: string; values: Record<string, unknown>; locale?: string; link: string };

describe.skipIf(!CMS_URL)("the setup checklist's admin routes", () => {
  const suffix = randomBytes(4).toString("hex");
  const codeA = `setup-a-${suffix}`;
  const codeB = `setup-b-${suffix}`;
  const created: [string, string][] = [];
  const userIds: number[] = [];
  let adminToken = "";
  let operatorToken = "";
  let editorToken = "";

  async function restCreate(collection: string, data: Record<string, unknown>, query = ""): Promise<string> {
    const reply = await call("POST", `/api/${collection}${query}`, WRITE_TOKEN, { data });
    expect(reply.status, `create ${collection}: ${JSON.stringify(reply.body)}`).toBe(201);
    created.push([collection, reply.body.data.documentId]);
    return reply.body.data.documentId;
  }

  beforeAll(async () => {
    if (!WRITE_TOKEN) throw new Error("CMS_WRITE_TOKEN must be set (and the CMS started with it)");
    const carrier = (code: string) => ({
      code,
      name: `Setup ${code}`,
      domains: [`${code}.localhost`],
      defaultLocale: "en",
      supportedLocales: ["en", "de"],
      currency: "GBP",
      countryCode: "GB",
    });
    const documentA = await restCreate("carriers", carrier(codeA), "?status=published");
    // B stays a draft (the REST API publishes unless told otherwise).
    await restCreate("carriers", carrier(codeB), "?status=draft");
    await restCreate("landing-pages", { carrierCode: codeA, heroTitle: "Fixed today" }, "?status=published&locale=de");
    await restCreate("ops-service-areas", westminsterArea(codeA));
    await restCreate("ops-rosters", everyDayRoster(codeA, { slotsPerTechnicianPerDay: 4, timeslotIntervalMinutes: 90 }));

    adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const operatorId = await inviteAdminUser(adminToken, "Operations", `setup-op-${suffix}@repair.localhost`, `SetupOp-${suffix}-Pass1`);
    const editorId = await inviteAdminUser(adminToken, "Carrier editor", `setup-ed-${suffix}@repair.localhost`, `SetupEd-${suffix}-Pass1`);
    userIds.push(operatorId, editorId);
    // The operator operates A; the editor edits B.
    expect((await call("PUT", `/content-manager/collection-types/${CARRIER}/${documentA}`, adminToken, { operators: { connect: [{ id: operatorId }] } })).status).toBe(200);
    expect((await call("POST", `/content-manager/collection-types/${CARRIER}/${documentA}/actions/publish`, adminToken, {})).status).toBe(200);
    const documentB = created.find(([collection], index) => collection === "carriers" && index === 1)![1];
    expect((await call("PUT", `/content-manager/collection-types/${CARRIER}/${documentB}`, adminToken, { editors: { connect: [{ id: editorId }] } })).status).toBe(200);
    operatorToken = await login(`setup-op-${suffix}@repair.localhost`, `SetupOp-${suffix}-Pass1`);
    editorToken = await login(`setup-ed-${suffix}@repair.localhost`, `SetupEd-${suffix}-Pass1`);
  });

  afterAll(async () => {
    if (!CMS_URL || !WRITE_TOKEN) return;
    for (const [collection, id] of created.reverse()) await call("DELETE", `/api/${collection}/${id}${collection === "landing-pages" ? "?locale=de" : ""}`, WRITE_TOKEN);
    for (const id of userIds) if (adminToken) await call("DELETE", `/admin/users/${id}`, adminToken);
  });

  const codes = (reply: { body: { carriers: { code: string }[] } }) => reply.body.carriers.map((c) => c.code).filter((c) => c.endsWith(suffix));

  it("lists each user's carriers only: the operator A, the editor B, the super admin both", async () => {
    expect(codes(await call("GET", "/admin/setup-checklist", operatorToken))).toEqual([codeA]);
    expect((await call("GET", "/admin/setup-checklist", operatorToken)).body.carriers).toHaveLength(1);
    expect(codes(await call("GET", "/admin/setup-checklist", editorToken))).toEqual([codeB]);
    expect(codes(await call("GET", "/admin/setup-checklist", adminToken))).toEqual([codeA, codeB]);
  });

  it("answers the operator's carrier with the entries' state, per locale", async () => {
    const reply = await call("GET", `/admin/setup-checklist/${codeA}`, operatorToken);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const items: Item[] = reply.body.items;
    const state = (key: string, locale?: string) => items.find((i) => i.key === key && i.locale === locale);
    expect(state("carrier")).toMatchObject({ state: "done" });
    expect(state("landing", "de")).toMatchObject({ state: "done" });
    expect(state("landing", "en")).toMatchObject({ state: "missing" });
    expect(state("areas")).toMatchObject({ state: "missing", reason: "no-technician", values: { areas: "westminster" } });
    expect(state("roster")).toMatchObject({ state: "done" });
    expect(state("staff")).toMatchObject({ state: "missing" });
    expect(state("domain")).toMatchObject({ state: expect.stringMatching(/missing|warning/) });
    expect(state("roster")!.link).toMatch(/^\/admin\/content-manager\/collection-types\/api::ops-roster\.ops-roster\?/);
  });

  it("says a draft carrier is not published", async () => {
    const reply = await call("GET", `/admin/setup-checklist/${codeB}`, editorToken);
    expect(reply.status).toBe(200);
    expect(reply.body.items.find((i: Item) => i.key === "carrier")).toMatchObject({ state: "missing", reason: "not-published" });
  });

  it("answers 404 for another carrier's checklist and postcode tester", async () => {
    expect((await call("GET", `/admin/setup-checklist/${codeB}`, operatorToken)).status).toBe(404);
    expect((await call("GET", `/admin/setup-checklist/${codeB}/postcode?postcode=SW1A%201AA`, operatorToken)).status).toBe(404);
    expect((await call("GET", `/admin/setup-checklist/${codeA}`, editorToken)).status).toBe(404);
    expect((await call("GET", `/admin/setup-checklist/no-such-carrier-${suffix}`, adminToken)).status).toBe(404);
  });

  it("answers 400 for bad input and 401 without a log-in", async () => {
    expect((await call("GET", `/admin/setup-checklist/${codeA}/postcode?postcode=${"1".repeat(21)}`, operatorToken)).status).toBe(400);
    expect((await call("GET", `/admin/setup-checklist/${codeA}/postcode`, operatorToken)).status).toBe(400);
    expect((await call("GET", "/admin/setup-checklist/Not%20A%20Code", operatorToken)).status).toBe(400);
    expect((await call("GET", `/admin/setup-checklist/${codeA}`)).status).toBe(401);
    expect((await call("GET", "/admin/setup-checklist")).status).toBe(401);
  });
});
