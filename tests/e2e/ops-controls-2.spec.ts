import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { cmsDelete, cmsList, deleteCreated, onboardWestminsterCarrier, uniqueCode, type Created } from "../support/cms";
import { adminLogin, cmsCall, inviteAdminUser } from "../support/cms-admin";
import { dismissAnnouncements, editView, logIntoAdmin, pickCarrier, saveDraft } from "../support/cms-admin-ui";

/**
 * Issue 24 item 1, the next fields (ADR 200): an operations user fills a store's opening hours in a
 * week table, unticking "Closed" and picking times as a person would, with no JSON typed. The save
 * rule's message shows beside the day before the save; what the admin saves is what the engine feed
 * serves, in the engine's shape (open days with equal times grouped). A staff account's permissions
 * are ticked from the permissions the app knows, its stores from the carrier's stores and its
 * technician picked from the carrier's technicians (ADR 201); the app's staff accounts route serves
 * the same lists and code. An offering's exclusions are searched by name in the catalogue and
 * stored as the codes and slugs the engine compares (ADR 202).
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const READ_TOKEN = process.env.CMS_READ_TOKEN ?? "";
const REPORTS_DIR = process.env.REPORTS_DIR ?? "reports";
const CARRIER = "api::carrier.carrier";
const STORE = "api::ops-store.ops-store";
const STAFF = "api::ops-staff-member.ops-staff-member";
const OFFERING = "api::ops-offering.ops-offering";

test.use({ actionTimeout: 15_000 });

/** The engine feed of the carrier as the app reads it (404 until the carrier has a roster and a staffed area). */
const engineFile = async (code: string) => {
  const reply = await cmsCall("GET", `/api/engine-feed/carriers/${code}`, READ_TOKEN);
  return reply.status === 200 ? reply.body.engine : null;
};

/** Types a time into a day's picker and picks it from the list, as a person would. */
async function pickTime(cms: Page, name: string, time: string): Promise<void> {
  const box = cms.getByRole("combobox", { name, exact: true });
  await box.click();
  await box.fill(time);
  await cms.getByRole("option", { name: time, exact: true }).click();
  await expect(box).toHaveValue(time);
}

test("an operator fills a store's opening hours in a week table; the engine feed serves the grouped hours", async ({ browser }) => {
  test.setTimeout(240_000);
  const code = uniqueCode("hrs");
  const suffix = code.split("-").pop();
  const email = `hours-${suffix}@repair.localhost`;
  const password = `Hours-${suffix}-Pass1`;
  const storeCode = `HRS-${String(suffix).toUpperCase()}`;
  const created: Created[] = [];

  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  let operatorId: number | undefined;
  try {
    const { carrier } = await onboardWestminsterCarrier(code, created, { heroTitle: "Opening hours, not JSON", roster: { slotsPerTechnicianPerDay: 6 } });
    operatorId = await inviteAdminUser(adminToken, "Operations", email, password);
    const attached = await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${carrier.documentId}`, adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    const cms = await browser.newPage({ viewport: { width: 1440, height: 1400 } });
    await logIntoAdmin(cms, email, password);
    await cms.goto(editView(STORE, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    await dismissAnnouncements(cms);
    await pickCarrier(cms, code);
    await cms.getByRole("textbox", { name: "Store code", exact: true }).fill(storeCode);
    await cms.getByRole("textbox", { name: "Name", exact: true }).fill("Victoria Street");
    await cms.getByRole("textbox", { name: "Address line 1", exact: true }).fill("12 Victoria Street");
    await cms.getByRole("textbox", { name: "Town", exact: true }).fill("London");
    await cms.getByRole("textbox", { name: "Postcode", exact: true }).fill("SW1A 1AA");
    await cms.getByRole("textbox", { name: "Latitude", exact: true }).fill("51.4975");
    await cms.getByRole("textbox", { name: "Longitude", exact: true }).fill("-0.1357");

    // A new store is closed every day: no times to fill, and the table says what that means.
    await expect(cms.getByTestId("ops-hours-none")).toBeVisible();
    for (const day of ["Monday", "Sunday"]) await expect(cms.getByRole("checkbox", { name: `${day} closed`, exact: true })).toBeChecked();
    await expect(cms.getByRole("combobox", { name: "Monday opens" })).toHaveCount(0);

    // Monday opened gets 09:00–17:00; its opening time moved to 08:30; Tuesday to Friday opened copy Monday's hours.
    await cms.getByRole("checkbox", { name: "Monday closed", exact: true }).click();
    await expect(cms.getByRole("combobox", { name: "Monday opens", exact: true })).toHaveValue("09:00");
    await expect(cms.getByRole("combobox", { name: "Monday closes", exact: true })).toHaveValue("17:00");
    await pickTime(cms, "Monday opens", "08:30");
    for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) await cms.getByRole("checkbox", { name: `${day} closed`, exact: true }).click();
    await expect(cms.getByRole("combobox", { name: "Friday opens", exact: true })).toHaveValue("08:30");
    await expect(cms.getByTestId("ops-hours-none")).toHaveCount(0);

    // Saturday closing before it opens: the save rule's words beside Saturday, before any save.
    await pickTime(cms, "Saturday closes", "08:00");
    await expect(cms.getByTestId("ops-hours-problem")).toHaveText("Opening hours, entry 2: closes (08:00) must be after opens (08:30).");
    await expect(cms.locator('[data-testid="ops-hours-day"][data-day="6"]').getByTestId("ops-hours-problem")).toHaveCount(1);
    await pickTime(cms, "Saturday closes", "13:00");
    await expect(cms.getByTestId("ops-hours-problem")).toHaveCount(0);
    mkdirSync(REPORTS_DIR, { recursive: true });
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-store-opening-hours.png"), fullPage: true });
    await saveDraft(cms);

    const storeHours = async () => (await engineFile(code))?.stores?.find((s: { code: string }) => s.code === storeCode)?.opening_hours;
    await expect.poll(storeHours, { timeout: 15_000 }).toEqual([
      { days: [1, 2, 3, 4, 5], opens: "08:30", closes: "17:00" },
      { days: [6], opens: "08:30", closes: "13:00" },
    ]);

    // The saved store opens with the same table; Friday closed and Sunday opened (it takes Saturday's hours) are what the feed serves next.
    await cms.reload();
    await expect(cms.getByRole("combobox", { name: "Monday opens", exact: true })).toHaveValue("08:30", { timeout: 30_000 });
    await expect(cms.getByRole("checkbox", { name: "Sunday closed", exact: true })).toBeChecked();
    await cms.getByRole("checkbox", { name: "Friday closed", exact: true }).click();
    await expect(cms.getByRole("combobox", { name: "Friday opens" })).toHaveCount(0);
    await cms.getByRole("checkbox", { name: "Sunday closed", exact: true }).click();
    await expect(cms.getByRole("combobox", { name: "Sunday closes", exact: true })).toHaveValue("13:00");
    await saveDraft(cms);
    await expect.poll(storeHours, { timeout: 15_000 }).toEqual([
      { days: [1, 2, 3, 4], opens: "08:30", closes: "17:00" },
      { days: [6, 7], opens: "08:30", closes: "13:00" },
    ]);

    // A staff account: permissions ticked by what they open, the store ticked, the technician picked; nothing typed but names.
    await cms.goto(editView(STAFF, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(cms.getByTestId("ops-store-codes-note")).toHaveText("Choose the carrier first: its stores are listed here.");
    await pickCarrier(cms, code);
    await expect(cms.getByTestId("ops-store-codes-note")).toHaveCount(0);
    await cms.getByRole("textbox", { name: "Username", exact: true }).fill("grace");
    await cms.getByRole("textbox", { name: "Name", exact: true }).fill("Grace Hopper");
    await cms.getByLabel("New password", { exact: true }).fill(`Staff-${suffix}-Password1`);
    await cms.getByRole("combobox", { name: "Role", exact: true }).click();
    await cms.getByRole("option", { name: "technician", exact: true }).click();
    const rolePermissions = cms.getByRole("group", { name: "Role permissions" });
    await expect(rolePermissions.getByRole("checkbox")).toHaveCount(5);
    await rolePermissions.getByRole("checkbox", { name: "Own jobs of the day (technician.jobs)" }).click();
    await cms.getByRole("group", { name: "Company permissions" }).getByRole("checkbox", { name: "Book for customers in a store (store.booking)" }).click();
    await cms.getByRole("group", { name: "Company permissions" }).getByRole("checkbox", { name: "Hand a booking to the customer's phone (store.handover)" }).click();
    await cms
      .getByRole("group", { name: "Stores", exact: true })
      .getByRole("checkbox", { name: `Victoria Street (${storeCode})` })
      .click();
    await cms.getByRole("combobox", { name: "Service area", exact: true }).click();
    await cms.getByRole("option", { name: "Westminster (westminster)" }).click();
    await cms.getByRole("combobox", { name: "Technician" }).click();
    await expect(cms.getByRole("option")).toHaveText([`Grace Hopper (${code}-tech-1)`]);
    await cms.getByRole("option", { name: `Grace Hopper (${code}-tech-1)` }).click();
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-staff-permissions-stores-technician.png"), fullPage: true });
    await saveDraft(cms);

    const account = async () => {
      const reply = await cmsCall("GET", `/api/staff-auth/carriers/${code}/accounts`, READ_TOKEN);
      return (reply.body?.accounts ?? []).find((a: { username: string }) => a.username === "grace");
    };
    await expect.poll(account, { timeout: 15_000 }).toMatchObject({
      role: "technician",
      rolePermissions: ["technician.jobs"],
      companyPermissions: ["store.booking", "store.handover"],
      storeCodes: [storeCode],
      technicianCode: `${code}-tech-1`,
    });

    // Reopened: the same boxes ticked; a company permission unticked and the technician cleared are what the app reads next.
    await cms.reload();
    const companyBooking = cms.getByRole("group", { name: "Company permissions" }).getByRole("checkbox", { name: "Book for customers in a store (store.booking)" });
    await expect(companyBooking).toBeChecked({ timeout: 30_000 });
    await companyBooking.click();
    await cms.getByRole("button", { name: "No technician" }).click();
    await saveDraft(cms);
    await expect.poll(account, { timeout: 15_000 }).toMatchObject({ companyPermissions: ["store.handover"], technicianCode: null });

    // The offering: makes, models and repairs searched by name and picked; the feed serves their codes and slugs.
    await cms.goto(editView(OFFERING, "create"));
    const offeringCarrier = cms.getByRole("combobox", { name: "Carrier", exact: true });
    await expect(offeringCarrier).toBeVisible({ timeout: 30_000 });
    // Another carrier is not offered to this operator, so neither is its catalogue.
    await offeringCarrier.click();
    await expect(cms.getByRole("option", { name: new RegExp(`\\(${code}\\)$`) })).toBeVisible();
    await expect(cms.getByRole("option", { name: /\(patchpoint\)$/ })).toHaveCount(0);
    await cms.getByRole("option", { name: new RegExp(`\\(${code}\\)$`) }).click();
    await expect(cms.getByTestId("ops-exclusions-note")).toHaveCount(0);
    const pick = async (search: string, typed: string, option: string) => {
      const box = cms.getByRole("combobox", { name: search, exact: true });
      await box.click();
      await box.fill(typed);
      await cms.getByRole("option", { name: option, exact: true }).click();
    };
    await pick("Search makes to leave out", "sams", "Samsung");
    await pick("Search models to leave out", "pixel 8", "Pixel 8 (Google)");
    await pick("Search models to leave out", "google", "Pixel 9 (Google)");
    await pick("Search repairs to leave out", "frame", "Frame replacement");
    await expect(cms.getByTestId("ops-exclusion")).toHaveText(["Samsung", "Pixel 8 (Google)", "Pixel 9 (Google)", "Frame replacement"]);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-offering-exclusion-pickers.png"), fullPage: true });
    await saveDraft(cms);
    const offering = async () => (await engineFile(code))?.offering;
    await expect.poll(offering, { timeout: 15_000 }).toEqual({ excluded_makes: ["samsung"], excluded_models: ["pixel-8", "pixel-9"], excluded_problems: ["frame-replacement"] });

    // Reopened with the names; one model offered again with its cross.
    await cms.reload();
    await expect(cms.getByRole("button", { name: "Offer Pixel 8 (Google) again" })).toBeVisible({ timeout: 30_000 });
    await cms.getByRole("button", { name: "Offer Pixel 8 (Google) again" }).click();
    await saveDraft(cms);
    await expect.poll(offering, { timeout: 15_000 }).toEqual({ excluded_makes: ["samsung"], excluded_models: ["pixel-9"], excluded_problems: ["frame-replacement"] });
    await cms.close();
  } finally {
    for (const member of await cmsList("ops-staff-members", { "filters[carrierCode][$eq]": code }).catch(() => []))
      await cmsDelete("ops-staff-members", member.documentId).catch(() => undefined);
    for (const offering of await cmsList("ops-offerings", { "filters[carrierCode][$eq]": code }).catch(() => []))
      await cmsDelete("ops-offerings", offering.documentId).catch(() => undefined);
    for (const store of await cmsList("ops-stores", { "filters[carrierCode][$eq]": code }).catch(() => [])) await cmsDelete("ops-stores", store.documentId).catch(() => undefined);
    await deleteCreated(created);
    if (operatorId !== undefined) await cmsCall("DELETE", `/admin/users/${operatorId}`, adminToken);
  }
});

const MODEL = "api::catalogue-model.catalogue-model";
const EXTRA = "api::catalogue-extra.catalogue-extra";
const QUESTION = "api::catalogue-triage-question.catalogue-triage-question";

/** The catalogue as the engine reads it. */
const catalogueFeed = async () => (await cmsCall("GET", "/api/engine-feed/catalogue", READ_TOKEN)).body?.catalogue;

test("a super admin edits a model's makes and repairs, an extra's device types and a question's models with controls; the catalogue feed serves them", async ({ browser }) => {
  test.setTimeout(240_000);
  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  const entry = async (uid: string, field: string, value: string) => {
    const reply = await cmsCall("GET", `/content-manager/collection-types/${uid}?filters[${field}][$eq]=${value}`, adminToken);
    return reply.body.results[0] as Record<string, unknown> & { documentId: string };
  };
  const model = await entry(MODEL, "slug", "washing-machine");
  const extra = await entry(EXTRA, "code", "screen-protector");
  const question = await entry(QUESTION, "code", "switches-on");
  const restore: [string, string, Record<string, unknown>][] = [
    [MODEL, model.documentId, { makeIds: model.makeIds, problems: model.problems }],
    [EXTRA, extra.documentId, { deviceTypes: extra.deviceTypes }],
    [QUESTION, question.documentId, { models: question.models }],
  ];
  const problems = model.problems as string[];
  try {
    const cms = await browser.newPage({ viewport: { width: 1440, height: 1400 } });
    await logIntoAdmin(cms, ADMIN_EMAIL, ADMIN_PASSWORD);

    // The model: its makes ticked by name, Beko unticked; a repair removed and added back by searching its name.
    await cms.goto(editView(MODEL, model.documentId));
    const makes = cms.getByRole("group", { name: "Makes", exact: true });
    await expect(makes.getByRole("checkbox", { name: "Bosch", exact: true })).toBeChecked({ timeout: 30_000 });
    await expect(makes.getByRole("checkbox", { name: "Apple", exact: true })).not.toBeChecked();
    await dismissAnnouncements(cms);
    await makes.getByRole("checkbox", { name: "Beko", exact: true }).click();
    await expect(cms.getByTestId("ops-exclusion")).toHaveCount(problems.length);
    await cms.getByRole("button", { name: "Remove Leaking water" }).click();
    await expect(cms.getByTestId("ops-exclusion")).toHaveCount(problems.length - 1);
    const search = cms.getByRole("combobox", { name: "Search repairs to add", exact: true });
    await search.click();
    await search.fill("leak");
    await cms.getByRole("option", { name: "Leaking water", exact: true }).click();
    await expect(cms.getByTestId("ops-exclusion")).toHaveCount(problems.length);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-catalogue-model-makes-problems.png"), fullPage: true });
    await saveDraft(cms);
    const feedModel = async () => (await catalogueFeed())?.models?.find((m: { slug: string }) => m.slug === "washing-machine");
    await expect.poll(feedModel, { timeout: 15_000 }).toMatchObject({ make_ids: [10, 11], problems: [...problems.filter((p) => p !== "appliance-leaking"), "appliance-leaking"] });

    // The extra: with no box ticked the save's words show at once; ticked again, one kind fewer is what the feed serves.
    await cms.goto(editView(EXTRA, extra.documentId));
    const kinds = cms.getByRole("group", { name: "Device types", exact: true });
    await expect(kinds.getByRole("checkbox", { name: "Phones", exact: true })).toBeChecked({ timeout: 30_000 });
    await kinds.getByRole("checkbox", { name: "Phones", exact: true }).click();
    await kinds.getByRole("checkbox", { name: "Tablets", exact: true }).click();
    await expect(cms.getByText('Device types must list at least one of "phone", "tablet", "appliance".')).toBeVisible();
    await kinds.getByRole("checkbox", { name: "Phones", exact: true }).click();
    await saveDraft(cms);
    await expect
      .poll(async () => (await catalogueFeed())?.extras?.find((e: { code: string }) => e.code === "screen-protector")?.device_types, { timeout: 15_000 })
      .toEqual(["phone"]);

    // The triage question: its models as named tags; one removed, the feed serves the rest.
    await cms.goto(editView(QUESTION, question.documentId));
    await expect(cms.getByTestId("ops-exclusion")).toHaveCount((question.models as string[]).length, { timeout: 30_000 });
    await cms.locator('[data-testid="ops-exclusion"][data-code="oven"]').getByRole("button").click();
    await saveDraft(cms);
    await expect
      .poll(async () => (await catalogueFeed())?.triage_questions?.find((q: { code: string }) => q.code === "switches-on")?.models, { timeout: 15_000 })
      .toEqual((question.models as string[]).filter((m) => m !== "oven"));
    await cms.close();
  } finally {
    for (const [uid, documentId, data] of restore) await cmsCall("PUT", `/content-manager/collection-types/${uid}/${documentId}`, adminToken, data);
  }
});
