import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { cmsCreate, cmsDelete, testCarrier, uniqueCode } from "../support/cms";
import { adminLogin, cmsCall, inviteAdminUser } from "../support/cms-admin";
import { dismissAnnouncements, editView, logIntoAdmin, pickCarrier } from "../support/cms-admin-ui";

/**
 * Issues 9 and 15 in the browser: a member of the operations team, fenced to one carrier, works in
 * Strapi's admin. The discount-code view speaks plain language (labels, help with examples, money in
 * pence/cents), a code that already exists for the carrier is refused on save with a message that
 * says so, and the list shows only the operator's own carrier.
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const WRITE_TOKEN = process.env.CMS_WRITE_TOKEN ?? "";
const REPORTS_DIR = process.env.REPORTS_DIR ?? "reports";
const CARRIER = "api::carrier.carrier";
const DISCOUNT = "api::ops-discount-code.ops-discount-code";

test.use({ actionTimeout: 15_000 });

test("an operator creates a discount code in the admin: plain labels, a duplicate refused in words, only their carrier listed", async ({ browser }) => {
  test.setTimeout(180_000);
  const code = uniqueCode("ops-ui");
  const suffix = code.split("-").pop();
  const email = `operator-${suffix}@repair.localhost`;
  const password = `Operator-${suffix}-Pass1`;
  const taken = `WELCOME${suffix!.toUpperCase().replace(/[^A-Z0-9]/g, "")}`;
  const fresh = `${taken}-B`;

  const carrier = await cmsCreate("carriers", testCarrier(code));
  const existing = await cmsCall("POST", "/api/ops-discount-codes", WRITE_TOKEN, { data: { carrierCode: code, code: taken, kind: "fixed", value: 500, singleUse: false } });
  expect(existing.status, JSON.stringify(existing.body)).toBe(201);
  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  let operatorId: number | undefined;
  try {
    operatorId = await inviteAdminUser(adminToken, "Operations", email, password);
    const attached = await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${carrier.documentId}`, adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    const cms = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
    await logIntoAdmin(cms, email, password);
    await cms.goto(editView(DISCOUNT, "create"));
    await expect(cms.getByRole("textbox", { name: "Code customers type", exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(cms.getByText(/Fixed code: pence\/cents \(500 = 5\.00\)/)).toBeVisible();
    await expect(cms.getByRole("textbox", { name: "How many bookings may use it", exact: true })).toBeVisible();
    await dismissAnnouncements(cms);

    await pickCarrier(cms, code);
    await cms.getByRole("textbox", { name: "Code customers type", exact: true }).fill(taken);
    await cms.getByRole("combobox", { name: "Kind" }).click();
    await cms.getByRole("option", { name: "fixed" }).click();
    await cms.getByRole("textbox", { name: "Value", exact: true }).fill("500");
    await cms.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      cms
        .getByText(`Code customers type ${taken} already exists for carrier ${code}.`)
        .or(cms.getByText(new RegExp(`${taken} already exists for carrier ${code}`)))
        .first(),
    ).toBeVisible({
      timeout: 15_000,
    });
    mkdirSync(REPORTS_DIR, { recursive: true });
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-discount-code-refused.png"), fullPage: true });

    await cms.getByRole("textbox", { name: "Code customers type", exact: true }).fill(fresh);
    await cms.getByRole("button", { name: "Save", exact: true }).click();
    await expect(cms.getByText(/Saved( document)?/).first()).toBeVisible({ timeout: 15_000 });
    const saved = await cmsCall("GET", `/api/ops-discount-codes?filters[carrierCode][$eq]=${code}&sort=code:asc`, WRITE_TOKEN);
    expect(saved.body.data.map((entry: { code: string; value: number }) => [entry.code, entry.value])).toEqual([
      [taken, 500],
      [fresh, 500],
    ]);

    // The list holds this carrier's codes only, not the demo carriers' (ADR 078).
    await cms.goto(`${editView(DISCOUNT, "").replace(/\/$/, "")}?page=1&pageSize=100`);
    await expect(
      cms
        .getByRole("gridcell", { name: fresh })
        .or(cms.getByText(fresh, { exact: true }))
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    const carriersListed = await cms.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.textContent ?? ""));
    expect(carriersListed.length).toBe(2);
    for (const row of carriersListed) expect(row).toContain(code);
    await cms.close();
  } finally {
    const left = await cmsCall("GET", `/api/ops-discount-codes?filters[carrierCode][$eq]=${code}`, WRITE_TOKEN);
    for (const entry of left.body?.data ?? []) await cmsCall("DELETE", `/api/ops-discount-codes/${entry.documentId}`, WRITE_TOKEN);
    if (operatorId !== undefined) await cmsCall("DELETE", `/admin/users/${operatorId}`, adminToken);
    await cmsDelete("carriers", carrier.documentId);
  }
});
