// Staff accounts in the CMS (docs/decisions/095-staff-accounts-in-the-cms.md), against a running
// Strapi: Operations people create, disable and reset the staff accounts of their own carrier only;
// the password is hashed on save and never readable, by the admin, the REST API or the app; the
// app's log-in endpoint answers only for the right carrier, username and password.
//
// Needs CMS_URL (skipped without it), CMS_WRITE_TOKEN, CMS_READ_TOKEN and the super admin's login.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminLogin as login, cmsCall as call, inviteAdminUser } from "../support/cms-admin";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN;
const READ_TOKEN = process.env.CMS_READ_TOKEN ?? "";

const CARRIER = "api::carrier.carrier";
const STAFF = "api::ops-staff-member.ops-staff-member";
const cm = (uid: string, rest = "") => `/content-manager/collection-types/${uid}${rest}`;

async function restCreate(collection: string, data: Record<string, unknown>, status = false): Promise<string> {
  const reply = await call("POST", `/api/${collection}${status ? "?status=published" : ""}`, WRITE_TOKEN, { data });
  expect(reply.status, `create ${collection}: ${JSON.stringify(reply.body)}`).toBe(201);
  return reply.body.data.documentId;
}

const logIn = (carrierCode: string, username: string, password: string) => call("POST", "/api/staff-auth/login", READ_TOKEN, { carrierCode, username, password });

/** Every key anywhere in a JSON answer. */
const keysOf = (value: unknown): string[] => (value && typeof value === "object" ? Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child)]) : []);

describe.skipIf(!CMS_URL)("staff accounts: kept by Operations per carrier, passwords hashed and never readable", () => {
  const suffix = randomBytes(4).toString("hex");
  const codeA = `staff-a-${suffix}`;
  const codeB = `staff-b-${suffix}`;
  const password = `Store-${suffix}-Pass1`;
  let adminToken = "";
  let operatorToken = "";
  const userIds: number[] = [];
  const created: string[] = [];
  let colleagueOfA = "";
  let colleagueOfB = "";

  const colleague = (carrierCode: string, store: string, extra: Record<string, unknown> = {}) => ({
    carrierCode,
    username: `Store.${suffix}`,
    name: "Olivia Store",
    role: "storeColleague",
    storeCodes: [store],
    rolePermissions: ["store.booking"],
    companyPermissions: [],
    disabled: false,
    password,
    ...extra,
  });

  beforeAll(async () => {
    if (!WRITE_TOKEN) throw new Error("CMS_WRITE_TOKEN must be set (and the CMS started with it)");
    for (const code of [codeA, codeB]) {
      await restCreate(
        "carriers",
        {
          code,
          name: `Staff ${code}`,
          domains: [`${code}.localhost`],
          defaultLocale: "en",
          supportedLocales: ["en"],
          currency: "GBP",
          countryCode: "GB",
          allowsInStoreBookings: true,
        },
        true,
      );
      await restCreate("ops-stores", {
        carrierCode: code,
        code: code === codeA ? "A-STORE" : "B-STORE",
        name: "High Street",
        addressLine1: "1 High Street",
        town: "London",
        postcode: "SW1A 1AA",
        latitude: 51.5,
        longitude: -0.14,
        dropOffAvailable: false,
      });
      await restCreate("ops-service-areas", {
        carrierCode: code,
        code: "central",
        name: "Central",
        country: "GB",
        postcodePrefixes: ["SW1A"],
        centreLat: 51.5,
        centreLng: -0.13,
        radiusKm: 5,
      });
    }
    adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const operatorId = await inviteAdminUser(adminToken, "Operations", `staff-operator-${suffix}@repair.localhost`, `Operator-${suffix}-Pass1`);
    userIds.push(operatorId);
    const carrierA = (await call("GET", `/api/carriers?filters[code][$eq]=${codeA}&status=draft`, WRITE_TOKEN)).body.data[0].documentId;
    const attached = await call("PUT", cm(CARRIER, `/${carrierA}`), adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect((await call("POST", cm(CARRIER, `/${carrierA}/actions/publish`), adminToken, {})).status).toBe(200);
    operatorToken = await login(`staff-operator-${suffix}@repair.localhost`, `Operator-${suffix}-Pass1`);
    colleagueOfB = await restCreate("ops-staff-members", colleague(codeB, "B-STORE"));
    created.push(colleagueOfB);
  });

  afterAll(async () => {
    if (!CMS_URL || !WRITE_TOKEN) return;
    for (const id of created) await call("DELETE", `/api/ops-staff-members/${id}`, WRITE_TOKEN);
    for (const id of userIds) await call("DELETE", `/admin/users/${id}`, adminToken);
  });

  it("lets an operator create a staff account of their carrier in the admin, and the answer holds no password", async () => {
    const reply = await call("POST", cm(STAFF), operatorToken, colleague(codeA, "A-STORE"));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    colleagueOfA = reply.body.data.documentId;
    created.push(colleagueOfA);
    expect(reply.body.data.username).toBe(`store.${suffix}`);
    expect(keysOf(reply.body)).not.toContain("password");
    expect(JSON.stringify(reply.body)).not.toContain(password);
  });

  it("never shows the password or its hash: not in the admin, not in the REST API, not to the app", async () => {
    const admin = await call("GET", cm(STAFF, `/${colleagueOfA}`), operatorToken);
    expect(admin.status).toBe(200);
    expect(keysOf(admin.body)).not.toContain("password");
    const rest = await call("GET", `/api/ops-staff-members/${colleagueOfA}`, WRITE_TOKEN);
    expect(rest.status).toBe(200);
    expect(keysOf(rest.body)).not.toContain("password");
    // Asking for the field by name is refused outright.
    const asked = await call("GET", `/api/ops-staff-members/${colleagueOfA}?fields[0]=username&fields[1]=password`, WRITE_TOKEN);
    expect(asked.status).toBe(400);
    expect(keysOf(asked.body)).not.toContain("password");
    const list = await call("GET", `/api/ops-staff-members?filters[carrierCode][$eq]=${codeA}`, READ_TOKEN);
    expect(keysOf(list.body)).not.toContain("password");
    expect(JSON.stringify(list.body)).not.toMatch(/\$2[aby]\$/);
    // A filter on the password cannot probe it either.
    const probe = await call("GET", "/api/ops-staff-members?filters[password][$startsWith]=$2", READ_TOKEN);
    expect(probe.status).toBe(400);
    const app = await logIn(codeA, `store.${suffix}`, password);
    expect(app.status).toBe(200);
    expect(keysOf(app.body)).not.toContain("password");
    expect(JSON.stringify(app.body)).not.toMatch(/\$2[aby]\$/);
  });

  it("keeps the hash, not the password: the right password logs in, any other does not, on this carrier only", async () => {
    expect((await logIn(codeA, `STORE.${suffix}`, password)).body.account).toMatchObject({ id: colleagueOfA, carrierCode: codeA, role: "storeColleague", storeCodes: ["A-STORE"] });
    expect((await logIn(codeA, `store.${suffix}`, `${password}x`)).body).toEqual({ account: null });
    expect((await logIn(codeA, `nobody.${suffix}`, password)).body).toEqual({ account: null });
    // The same username and password on carrier B belong to B's account, not A's.
    expect((await logIn(codeB, `store.${suffix}`, password)).body.account.id).toBe(colleagueOfB);
    expect((await call("POST", "/api/staff-auth/login", undefined, { carrierCode: codeA, username: `store.${suffix}`, password })).status).toBeGreaterThanOrEqual(401);
  });

  it("fences the operator to their carrier's staff", async () => {
    const foreign = await call("POST", cm(STAFF), operatorToken, colleague(codeB, "B-STORE", { username: `other.${suffix}` }));
    expect(foreign.status).toBe(403);
    const move = await call("PUT", cm(STAFF, `/${colleagueOfA}`), operatorToken, { carrierCode: codeB });
    expect(move.status).toBe(403);
    const list = await call("GET", cm(STAFF, `?filters[carrierCode][$in][0]=${codeA}&filters[carrierCode][$in][1]=${codeB}`), operatorToken);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { carrierCode: string }) => r.carrierCode)).toEqual([codeA]);
    const read = await call("GET", cm(STAFF, `/${colleagueOfB}`), operatorToken);
    expect([403, 404]).toContain(read.status);
    const disable = await call("PUT", cm(STAFF, `/${colleagueOfB}`), operatorToken, { disabled: true });
    expect([403, 404]).toContain(disable.status);
  });

  it("refuses what is wrong on save with a message naming the field", async () => {
    const noStore = await call("POST", cm(STAFF), operatorToken, colleague(codeA, "A-STORE", { username: `nostore.${suffix}`, storeCodes: [] }));
    expect(noStore.status).toBe(400);
    expect(noStore.body.error.message).toMatch(/^Stores: a store colleague works in at least one of carrier/);
    const foreignStore = await call("POST", cm(STAFF), operatorToken, colleague(codeA, "B-STORE", { username: `foreign.${suffix}` }));
    expect(foreignStore.body.error.message).toMatch(/Stores: carrier .* has no store B-STORE/);
    const shortPassword = await call("POST", cm(STAFF), operatorToken, colleague(codeA, "A-STORE", { username: `short.${suffix}`, password: "short" }));
    expect(shortPassword.body.error.message).toMatch(/^Password: use at least 12 characters/);
    expect(JSON.stringify(shortPassword.body)).not.toContain('"short"');
    const duplicate = await call("POST", cm(STAFF), operatorToken, colleague(codeA, "A-STORE"));
    expect(duplicate.body.error.message).toMatch(/Username store\.[0-9a-f]+ already exists for carrier/);
  });

  it("lets the operator disable an account (it can no longer log in) and reset its password (the old one stops working)", async () => {
    const before = (await logIn(codeA, `store.${suffix}`, password)).body.account;
    // An unrelated save with an empty password field keeps the password.
    expect((await call("PUT", cm(STAFF, `/${colleagueOfA}`), operatorToken, { name: "Olivia Counter", password: "" })).status).toBe(200);
    expect((await logIn(codeA, `store.${suffix}`, password)).body.account.stamp).toBe(before.stamp);

    expect((await call("PUT", cm(STAFF, `/${colleagueOfA}`), operatorToken, { disabled: true })).status).toBe(200);
    expect((await logIn(codeA, `store.${suffix}`, password)).body).toEqual({ account: null });
    const state = await call("GET", `/api/staff-auth/carriers/${codeA}/accounts/${colleagueOfA}`, READ_TOKEN);
    expect(state.body.account).toMatchObject({ disabled: true });

    const newPassword = `Reset-${suffix}-Pass2`;
    expect((await call("PUT", cm(STAFF, `/${colleagueOfA}`), operatorToken, { disabled: false, password: newPassword })).status).toBe(200);
    expect((await logIn(codeA, `store.${suffix}`, password)).body).toEqual({ account: null });
    const after = (await logIn(codeA, `store.${suffix}`, newPassword)).body.account;
    expect(after.id).toBe(colleagueOfA);
    expect(after.stamp).not.toBe(before.stamp);
  });

  it("answers the app's account read for the carrier the account belongs to only", async () => {
    expect((await call("GET", `/api/staff-auth/carriers/${codeB}/accounts/${colleagueOfA}`, READ_TOKEN)).status).toBe(404);
    const area = await call("GET", `/api/staff-auth/carriers/${codeA}/accounts`, READ_TOKEN);
    expect(area.body.accounts.map((a: { carrierCode: string }) => a.carrierCode)).toEqual([codeA]);
  });
});
