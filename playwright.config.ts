import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "./tests/support/chromium";

const appPort = process.env.APP_PORT ?? "3100";

/** Runs against the app and Strapi that scripts/test.mjs starts; Debian's Chromium, never a download. */
export default defineConfig({
  testDir: "tests/e2e",
  // Whole bookings take ~40 s on a busy 2-core machine (Strapi, the app and Chromium share it).
  timeout: 90_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json"]],
  outputDir: process.env.TEST_INSTANCE ? `test-results-${process.env.TEST_INSTANCE}` : "test-results",
  use: {
    baseURL: `http://patchpoint.localhost:${appPort}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: "chromium" },
    // Issue 4's booking journeys again on a 390-pixel-wide phone screen (the other specs run once).
    { name: "mobile", testMatch: "booking-journeys.spec.ts", use: { viewport: { width: 390, height: 844 } } },
  ],
});
