// "Duplicate" in the admin (the content manager's clone, with or without overrides) creates an entry
// like a save does, so it meets the same save-time rules (ADR 077, 087): a duplicated discount code
// is refused as one that already exists, an override that breaks a rule is refused, a good one is
// kept; a duplicated FAQ answer with an unknown placeholder is refused.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminLogin, cmsCall as call } from "../support/cms-admin";

const CMS_URL = process.env.CMS_URL?.replace(/\/$/, "");
const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN ?? "";
const DISCOUNT = "api::ops-discount-code.ops-discount-code";
const FAQ = "api::faq-item.faq-item";
const clone = (uid: string, documentId: string, token: string, data: Record<string, unknown>, locale?: string) =>
  call("POST", `/content-manager/collection-types/${uid}/clone/${documentId}${locale ? `?locale=${locale}` : ""}`, token, data);

describe.skipIf(!CMS_URL)("duplicating an entry meets the save-time rules", () => {
  const suffix = randomBytes(3).toString("hex").toUpperCase();
  const created: [string, string][] = [];
  let adminToken = "";
  let discountId = "";

  beforeAll(async () => {
    adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
    const discount = await call("POST", "/api/ops-discount-codes", WRITE_TOKEN, {
      data: { carrierCode: "patchpoint", code: `DUP${suffix}`, kind: "fixed", value: 500, singleUse: false },
    });
    expect(discount.status, JSON.stringify(discount.body)).toBe(201);
    discountId = discount.body.data.documentId;
    created.push(["ops-discount-codes", discountId]);
  });

  afterAll(async () => {
    const left = await call("GET", `/api/ops-discount-codes?filters[code][$startsWith]=DUP${suffix}`, WRITE_TOKEN);
    for (const entry of left.body?.data ?? []) await call("DELETE", `/api/ops-discount-codes/${entry.documentId}`, WRITE_TOKEN);
  });

  it("refuses a plain duplicate of a discount code as a code the carrier already has", async () => {
    const reply = await clone(DISCOUNT, discountId, adminToken, {});
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.error.message).toMatch(new RegExp(`DUP${suffix} already exists for carrier patchpoint`));
  });

  it("refuses an override that breaks a rule, and keeps a good one", async () => {
    const percentOver = await clone(DISCOUNT, discountId, adminToken, { code: `DUP${suffix}-B`, kind: "percent", value: 500 });
    expect(percentOver.status, JSON.stringify(percentOver.body)).toBe(400);
    const good = await clone(DISCOUNT, discountId, adminToken, { code: `DUP${suffix}-C` });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const stored = await call("GET", `/api/ops-discount-codes?filters[code][$eq]=DUP${suffix}-C`, WRITE_TOKEN);
    expect(stored.body.data.map((entry: { code: string; value: number; carrierCode: string }) => [entry.code, entry.value, entry.carrierCode])).toEqual([
      [`DUP${suffix}-C`, 500, "patchpoint"],
    ]);
  });

  it("refuses a duplicated FAQ answer with a placeholder the site does not fill in", async () => {
    const faqs = await call("GET", "/api/faq-items?filters[carrierCode][$eq]=patchpoint&locale=en&pagination[pageSize]=1", WRITE_TOKEN);
    const [faq] = faqs.body.data;
    const reply = await clone(FAQ, faq.documentId, adminToken, { answer: "Call {{phone}}." }, "en");
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.error.message).toMatch(/contains \{\{phone\}\}, which the site does not fill in/);
  });
});
