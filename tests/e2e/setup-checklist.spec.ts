import { expect, test } from "@playwright/test";
import { cmsCreateNoted, deleteCreated, everyDayRoster, testCarrier, testLandingPage, uniqueCode, westminsterArea, westminsterTechnician, type Created } from "../support/cms";
import { adminLogin, cmsCall, cmsUrl, inviteAdminUser } from "../support/cms-admin";
import { logIntoAdmin, setupItem, untilSetupState } from "../support/cms-admin-ui";

/**
 * Issue 24 items 2 and 4 in the browser (ADR 194–196): an operations user opens "Carrier setup" in
 * Strapi's admin. Their new carrier shows what is missing; once the entries exist the items turn
 * green and the engine says it is bookable; the postcode tester answers by the customers' rules;
 * another carrier's checklist is not there for them.
 */

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const CARRIER = "api::carrier.carrier";

test.use({ actionTimeout: 15_000 });

const item = setupItem;
const untilState = untilSetupState;

test("an operator's new carrier: missing items, then green once set up; the postcode tester; no other carrier", async ({ browser }) => {
  test.setTimeout(240_000);
  const code = uniqueCode("setup");
  const other = uniqueCode("setup-other");
  const suffix = code.split("-").pop();
  const email = `setup-${suffix}@repair.localhost`;
  const password = `Setup-${suffix}-Pass1`;
  const created: Created[] = [];
  const adminToken = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  let operatorId: number | undefined;
  try {
    const carrier = await cmsCreateNoted(created, "carriers", testCarrier(code));
    await cmsCreateNoted(created, "carriers", testCarrier(other));
    operatorId = await inviteAdminUser(adminToken, "Operations", email, password);
    const attached = await cmsCall("PUT", `/content-manager/collection-types/${CARRIER}/${carrier.documentId}`, adminToken, { operators: { connect: [{ id: operatorId }] } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    const page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
    await logIntoAdmin(page, email, password);
    // The page of the main menu's "Carrier setup" link (ADR 194).
    await page.goto(`${cmsUrl()}/admin/carrier-setup`);
    await expect(page.getByRole("heading", { name: "Carrier setup checklist" })).toBeVisible({ timeout: 30_000 });

    // Only their carrier is offered.
    await page.getByRole("combobox", { name: "Carrier" }).click();
    await expect(page.getByRole("option")).toHaveText([`Test Brand ${code} (${code})`]);
    await page.keyboard.press("Escape");

    // A new carrier: published, but nothing else yet.
    await expect(item(page, "carrier")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
    for (const key of ["landing", "faq", "legal", "contact-reasons"]) await expect(item(page, key, "en")).toHaveAttribute("data-state", "missing");
    for (const key of ["areas", "roster", "staff", "engine"]) await expect(item(page, key)).toHaveAttribute("data-state", "missing");
    await expect(item(page, "roster").getByText("None yet.")).toBeVisible();
    // A .localhost name gets no certificate: the TLS ask would refuse it.
    await expect(item(page, "domain")).toHaveAttribute("data-state", "missing");
    await expect(item(page, "domain").getByText(/would get no certificate/)).toBeVisible();
    // Each item links to the place that fixes it.
    await expect(item(page, "roster").getByRole("link", { name: "Open" })).toHaveAttribute("href", /api::ops-roster\.ops-roster\?.*carrierCode.*=.*/);
    await expect(page.getByText(/items are missing/)).toBeVisible();

    // The tester: no area yet.
    await page.getByRole("textbox", { name: "Postcode" }).fill("SW1A 1AA");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await expect(page.getByTestId("postcode-answer")).toHaveAttribute("data-outcome", "not-covered");
    await expect(page.getByTestId("postcode-answer")).toHaveText("No service area covers SW1A 1AA.");

    // Operations add what was missing.
    await cmsCreateNoted(created, "landing-pages", testLandingPage(code, "Fixed today"), { locale: "en" });
    await cmsCreateNoted(created, "ops-service-areas", westminsterArea(code));
    await untilState(page, "areas", "missing");
    await expect(item(page, "areas").getByText("No area has a technician (westminster).")).toBeVisible();
    await cmsCreateNoted(created, "ops-technicians", westminsterTechnician(code));
    await cmsCreateNoted(created, "ops-rosters", everyDayRoster(code, { slotsPerTechnicianPerDay: 6, timeslotIntervalMinutes: 90 }));

    // The items turn green, and the engine has taken the carrier over.
    await untilState(page, "engine", "done");
    await expect(item(page, "landing", "en")).toHaveAttribute("data-state", "done");
    await expect(item(page, "areas")).toHaveAttribute("data-state", "done");
    await expect(item(page, "roster")).toHaveAttribute("data-state", "done");
    await expect(item(page, "engine").getByText(/^Bookable now; last sync .+, revision 20\d\d-/)).toBeVisible();

    await page.getByRole("textbox", { name: "Postcode" }).fill("sw1a 1aa");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await expect(page.getByTestId("postcode-answer")).toHaveAttribute("data-outcome", "served", { timeout: 15_000 });
    await expect(page.getByTestId("postcode-answer")).toHaveText(/^SW1A 1AA is served by Westminster \(westminster\); the next free day is \w+day, /);
    await page.getByRole("textbox", { name: "Postcode" }).fill("12345");
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await expect(page.getByTestId("postcode-answer")).toHaveText("This is not a postcode of the carrier’s country (GB).");

    // A German-speaking operator reads the same page in German.
    await page.evaluate(() => localStorage.setItem("strapi-admin-language", "de"));
    await page.reload();
    await expect(page.getByRole("heading", { name: "Checkliste der Carrier-Einrichtung" })).toBeVisible({ timeout: 30_000 });
    await expect(item(page, "staff").getByText("Fehlt", { exact: true })).toBeVisible();
    await expect(item(page, "engine").getByText(/^Jetzt buchbar; letzter Abgleich .+, Revision 20\d\d-/)).toBeVisible();
    await page.getByRole("textbox", { name: "Postleitzahl" }).fill("M1 1AE");
    await page.getByRole("button", { name: "Testen", exact: true }).click();
    await expect(page.getByTestId("postcode-answer")).toHaveText("Kein Servicegebiet deckt M1 1AE ab.");
    await page.close();

    // The other carrier's checklist is not there for them, nor its postcode tester.
    const operatorToken = await adminLogin(email, password);
    const listed = await cmsCall("GET", "/admin/setup-checklist", operatorToken);
    expect(listed.status).toBe(200);
    expect(listed.body.carriers.map((c: { code: string }) => c.code)).toEqual([code]);
    expect((await cmsCall("GET", `/admin/setup-checklist/${other}`, operatorToken)).status).toBe(404);
    expect((await cmsCall("GET", `/admin/setup-checklist/${other}/postcode?postcode=SW1A%201AA`, operatorToken)).status).toBe(404);
    // Bad input is a 400; no log-in a 401.
    expect((await cmsCall("GET", `/admin/setup-checklist/${code}/postcode?postcode=${"1".repeat(21)}`, operatorToken)).status).toBe(400);
    expect((await fetch(`${cmsUrl()}/admin/setup-checklist/${code}`)).status).toBe(401);
  } finally {
    if (operatorId !== undefined) await cmsCall("DELETE", `/admin/users/${operatorId}`, adminToken);
    await deleteCreated(created);
  }
});
