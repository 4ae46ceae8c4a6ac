/**
 * The job's technician on their own pages (ADR 253): who the tracking page names, from the carrier's
 * seed data, and that technician's phone logged in on the carrier's staff pages with an account made
 * in the CMS as Operations would make one. Shared by the tracking and the every-role specs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { carrierUrl } from "./app";
import { setEngineClock, type BookedOrder } from "./book-through-ui";
import { cmsCreate } from "./cms";

const PASSWORD = "Tracking-e2e-2026!";

export type SeedTechnician = { id: string; name: string; van_registration: string; home_base: { lat: number; lng: number } };
type SeedArea = { code: string; technicians: SeedTechnician[] };

/** The job's technician (named on the tracking page) and their area, from the carrier's seed data. */
export function technicianNamed(code: string, shown: string): { technician: SeedTechnician; area: string } {
  const seed = JSON.parse(readFileSync(path.join(process.cwd(), "tenants", code, "engine.json"), "utf8")) as { service_areas: SeedArea[] };
  for (const area of seed.service_areas) {
    const technician = area.technicians.find((candidate) => shown.includes(candidate.name) && shown.includes(candidate.van_registration));
    if (technician) return { technician, area: area.code };
  }
  throw new Error(`no technician of ${code} in: ${shown}`);
}

/**
 * The job's technician's phone, logged in on the carrier's staff pages at `at` (engine clock), with
 * its location allowed at `position`: an account for that technician, as Operations would make one
 * (its document id is added to `made`, for the caller to delete).
 */
export async function technicianPhone(
  browser: Browser,
  code: string,
  technician: SeedTechnician,
  area: string,
  at: Date,
  position: { latitude: number; longitude: number },
  made: string[],
) {
  const username = `e2e.track.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = await cmsCreate("ops-staff-members", {
    carrierCode: code,
    username,
    name: technician.name,
    role: "technician",
    serviceArea: area,
    technicianCode: technician.id,
    rolePermissions: ["technician.jobs"],
    companyPermissions: [],
    disabled: false,
    password: PASSWORD,
  });
  made.push(account.documentId);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, geolocation: position, permissions: ["geolocation"] });
  const page = await context.newPage();
  await setEngineClock(page, code, at);
  await page.goto(carrierUrl(code, "/store/login"));
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("store-login-submit").click();
  await expect(page).toHaveURL(carrierUrl(code, "/store"));
  return { context, page };
}

/** The technician opens the order's job from their jobs of the day. */
export async function openJob(page: Page, code: string, order: BookedOrder) {
  await page.goto(carrierUrl(code, "/store/jobs"));
  await page.locator(`[data-testid="technician-job"][data-order-ref="${order.orderRef}"]`).getByTestId("open-job").click();
  await expect(page.getByTestId("on-my-way")).toBeVisible();
}

/**
 * Twenty minutes before the window the technician, signed in on a phone at their home base, opens the
 * order's job and presses "on my way". The phone, when it left and where it was.
 */
export async function onMyWayFromHomeBase(
  browser: Browser,
  code: string,
  order: BookedOrder,
  { technician, area, windowStart, made }: { technician: SeedTechnician; area: string; windowStart: number; made: string[] },
) {
  const departure = new Date(windowStart - 20 * 60_000);
  const start = { latitude: technician.home_base.lat, longitude: technician.home_base.lng };
  const tech = await technicianPhone(browser, code, technician, area, departure, start, made);
  await openJob(tech.page, code, order);
  await tech.page.getByTestId("on-my-way").click();
  await expect(tech.page.getByTestId("on-my-way-done")).toBeVisible();
  return { tech, departure, start };
}
