/** Strapi's admin panel in Chromium, as editors and operations staff use it. */
import { expect, type Page } from "@playwright/test";
import { cmsUrl } from "./cms-admin";

export async function logIntoAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${cmsUrl()}/admin/auth/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/auth\/login/, { timeout: 30_000 });
}

/** The content manager's edit view of one entry (`create` for a new one). */
export const editView = (uid: string, documentId: string, locale?: string): string =>
  `${cmsUrl()}/admin/content-manager/collection-types/${uid}/${documentId}${locale ? `?plugins[i18n][locale]=${locale}` : ""}`;

/** Strapi's own "what's new" banner would cover the screenshots. */
export async function dismissAnnouncements(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: /close|dismiss/i }).first();
  if (await close.isVisible().catch(() => false)) await close.click().catch(() => undefined);
}

export async function saveDraft(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/Saved( document)?/).first()).toBeVisible({ timeout: 15_000 });
}

/**
 * Picks the entry's carrier in the Carrier picker (ADR 205), as a person would: the option of the
 * carrier's code among the carriers the user may edit.
 */
export async function pickCarrier(page: Page, code: string): Promise<void> {
  await page.getByRole("combobox", { name: "Carrier", exact: true }).click();
  await page.getByRole("option", { name: new RegExp(`(^|\\()${code}\\)?$`) }).click();
}

/** One requirement of the Carrier setup page (ADR 194), by its key and, for content, its locale. */
export const setupItem = (page: Page, key: string, locale = "") => page.locator(`[data-testid="setup-item"][data-key="${key}"][data-locale="${locale}"]`);

/** Presses "Check again" until the setup item has the state (the engine takes a save over within seconds). */
export async function untilSetupState(page: Page, key: string, state: string, locale = ""): Promise<void> {
  await expect(async () => {
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(setupItem(page, key, locale)).toHaveAttribute("data-state", state, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}
