import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { carrierUrl } from "../support/app";
import { cmsCreateNoted, cmsDelete, cmsList, deleteCreated, testCarrier, testLandingPage, uniqueCode, westminsterAreaWithTechnician, type Created } from "../support/cms";
import { adminLogin, cmsCall, inviteAdminUser } from "../support/cms-admin";
import { dismissAnnouncements, editView, logIntoAdmin, saveDraft, pickCarrier } from "../support/cms-admin-ui";

/**
 * Issue 24 item 1 in the browser (ADR 197, 198): an operations user fills the roster's working
 * weekdays by ticking days and its closed dates with the date picker, and a service area's
 * postcode prefixes as typed tags checked against the country's format, with no JSON typed. What
 * the admin saves is what the engine feed serves, and the booking site takes a postcode of the
 * prefix added. A technician's service area is picked from the carrier's areas, never typed.
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const READ_TOKEN = process.env.CMS_READ_TOKEN ?? "";
const REPORTS_DIR = process.env.REPORTS_DIR ?? "reports";
const CARRIER = "api::carrier.carrier";
const ROSTER = "api::ops-roster.ops-roster";
const AREA = "api::ops-service-area.ops-service-area";
const TECHNICIAN = "api::ops-technician.ops-technician";

test.use({ actionTimeout: 15_000 });

/** The engine feed of the carrier as the app reads it (404 until the carrier has a roster and a staffed area). */
const engineFile = async (code: string) => {
  const reply = await cmsCall("GET", `/api/engine-feed/carriers/${code}`, READ_TOKEN);
  return reply.status === 200 ? reply.body.engine : null;
};

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** A calendar cell's name in the design system's date picker (English admin). */
const cellName = (date: Date) => new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(date);

/** Opens the picker and clicks the day, as a person would. */
async function pickDate(cms: Page, date: Date): Promise<void> {
  await cms.getByRole("combobox", { name: "Add a date" }).click();
  await cms.getByRole("gridcell", { name: cellName(date), exact: true }).click();
}

test("an operator fills weekdays, closed dates and postcode prefixes with controls; the engine feed serves what was saved", async ({ browser }) => {
  test.setTimeout(240_000);
  const code = uniqueCode("ctl");
  const suffix = code.split("-").pop();
  const email = `controls-${suffix}@repair.localhost`;
  const password = `Controls-${suffix}-Pass1`;
  const created: Created[] = [];
  // Two days of the month the calendar opens on: today and another.
  const today = new Date();
  const other = new Date(today.getFullYear(), today.getMonth(), today.getDate() === 1 ? 2 : 1);
  const closed = [iso(today), iso(other)].sort();

  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  let operatorId: number | undefined;
  try {
    const carrier = await cmsCreateNoted(created, "carriers", testCarrier(code));
    await cmsCreateNoted(created, "landing-pages", testLandingPage(code, "Controls, not JSON"), { locale: "en" });
    const area = await westminsterAreaWithTechnician(code, created);
    operatorId = await inviteAdminUser(adminToken, "Operations", email, password);
    const attached = await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${carrier.documentId}`, adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    const cms = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
    await logIntoAdmin(cms, email, password);

    // A new roster: days ticked, dates picked.
    await cms.goto(editView(ROSTER, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    await dismissAnnouncements(cms);
    await pickCarrier(cms, code);
    // Nothing ticked yet: the save rule's own words, before any save.
    await expect(cms.getByText(/the roster has no working day; tick at least one/)).toBeVisible();
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) await cms.getByRole("checkbox", { name: day, exact: true }).click();
    await expect(cms.getByText(/the roster has no working day/)).toHaveCount(0);
    await cms.getByRole("textbox", { name: "Appointments per technician per day", exact: true }).fill("6");
    await pickDate(cms, today);
    await pickDate(cms, other);
    // The same day picked a second time stays one date.
    await pickDate(cms, today);
    await expect(cms.getByTestId("ops-date")).toHaveCount(2);
    expect(await cms.getByTestId("ops-date").evaluateAll((items) => items.map((item) => item.getAttribute("data-date")))).toEqual(closed);
    mkdirSync(REPORTS_DIR, { recursive: true });
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-roster-controls.png"), fullPage: true });
    await saveDraft(cms);

    await expect.poll(async () => (await engineFile(code))?.roster, { timeout: 15_000 }).toMatchObject({ working_weekdays: [1, 2, 3, 4, 5], closed_dates: closed });

    // The saved roster opens with the same ticks and dates; a date removed with its cross is gone from the feed.
    await cms.reload();
    await expect(cms.getByRole("checkbox", { name: "Monday", exact: true })).toBeChecked({ timeout: 30_000 });
    await expect(cms.getByRole("checkbox", { name: "Saturday", exact: true })).not.toBeChecked();
    await cms.getByRole("checkbox", { name: "Saturday", exact: true }).click();
    await cms.locator(`[data-testid="ops-date"][data-date="${closed[0]}"]`).getByRole("button").click();
    await expect(cms.getByTestId("ops-date")).toHaveCount(1);
    await saveDraft(cms);
    await expect.poll(async () => (await engineFile(code))?.roster, { timeout: 15_000 }).toMatchObject({ working_weekdays: [1, 2, 3, 4, 5, 6], closed_dates: [closed[1]] });

    // The service area's prefixes: the country's format shown, typed tags, a wrong one flagged in the save rule's words and removed.
    await cms.goto(editView(AREA, area.documentId));
    await expect(cms.getByTestId("ops-postcode-format")).toHaveText("Format for GB: a postcode area or district such as 'SW' or 'SW1A'.", { timeout: 30_000 });
    const typed = cms.getByRole("textbox", { name: "Add postcode prefixes" });
    await typed.fill("e1 n1, 101");
    await typed.press("Enter");
    await expect(typed).toHaveValue("");
    expect(await cms.getByTestId("ops-postcode-prefix").evaluateAll((items) => items.map((item) => item.getAttribute("data-prefix")))).toEqual(["SW1A", "E1", "N1", "101"]);
    await expect(cms.getByTestId("ops-postcode-prefix-problem")).toHaveText(
      "Postcode prefixes: '101' is not a GB postcode prefix; use a postcode area or district such as 'SW' or 'SW1A' (upper case, no spaces).",
    );
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-postcode-prefix-tags.png"), fullPage: true });
    await cms.getByRole("button", { name: "Remove 101" }).click();
    await expect(cms.getByTestId("ops-postcode-prefix-problem")).toHaveCount(0);
    await saveDraft(cms);
    await expect
      .poll(async () => (await engineFile(code))?.service_areas?.find((a: { code: string }) => a.code === "westminster")?.postcode_prefixes, { timeout: 15_000 })
      .toEqual(["SW1A", "E1", "N1"]);

    // A technician's service area is picked from the carrier's areas, and only from carriers the operator may edit.
    await cms.goto(editView(TECHNICIAN, "create"));
    await expect(cms.getByRole("combobox", { name: "Carrier", exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(cms.getByTestId("ops-area-code-note")).toHaveText("Choose the carrier first: its service areas are listed here.");
    // The carrier picker lists only the carriers the operator may edit (ADR 205).
    await cms.getByRole("combobox", { name: "Carrier", exact: true }).click();
    await expect(cms.getByRole("option")).toHaveText([`Test Brand ${code} (${code})`]);
    await cms.keyboard.press("Escape");
    await pickCarrier(cms, code);
    await expect(cms.getByTestId("ops-area-code-note")).toHaveCount(0);
    await cms.getByRole("textbox", { name: "Technician code", exact: true }).fill(`${code}-tech-2`);
    await cms.getByRole("textbox", { name: "Name", exact: true }).fill("Ada");
    await cms.getByRole("textbox", { name: "Van registration", exact: true }).fill("LN24 ADA");
    await cms.getByRole("textbox", { name: "Home base latitude", exact: true }).fill("51.5");
    await cms.getByRole("textbox", { name: "Home base longitude", exact: true }).fill("-0.12");
    await cms.getByRole("combobox", { name: "Service area" }).click();
    await expect(cms.getByRole("option")).toHaveText(["Westminster (westminster)"]);
    await cms.screenshot({ path: path.join(REPORTS_DIR, "cms-technician-area-picker.png"), fullPage: true });
    await cms.getByRole("option", { name: "Westminster (westminster)" }).click();
    await saveDraft(cms);
    await expect
      .poll(async () => (await engineFile(code))?.service_areas?.find((a: { code: string }) => a.code === "westminster")?.technicians.map((t: { id: string }) => t.id), {
        timeout: 15_000,
      })
      .toEqual([`${code}-tech-1`, `${code}-tech-2`]);
    await cms.close();

    // The engine took it over: a postcode of the new prefix is served.
    const site = await browser.newPage();
    await expect
      .poll(
        async () => {
          await site.goto(carrierUrl(code, `/booking/postcode-search?postcode=${encodeURIComponent("E1 6AN")}`));
          return /\/booking\/device\//.test(site.url());
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await site.close();
  } finally {
    for (const technician of await cmsList("ops-technicians", { "filters[carrierCode][$eq]": code }).catch(() => [])) {
      await cmsDelete("ops-technicians", technician.documentId).catch(() => undefined);
    }
    for (const roster of await cmsList("ops-rosters", { "filters[carrierCode][$eq]": code }).catch(() => []))
      await cmsDelete("ops-rosters", roster.documentId).catch(() => undefined);
    await deleteCreated(created);
    if (operatorId !== undefined) await cmsCall("DELETE", `/admin/users/${operatorId}`, adminToken);
  }
});
