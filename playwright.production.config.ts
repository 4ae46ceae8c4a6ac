import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "./tests/support/chromium";

/**
 * The production suite (issue 22, ADR 155): runs against the native production shape that
 * scripts/test.mjs starts (scripts/lib/production-shape.mjs): Caddy over TLS on the carriers' own
 * domains, two app replicas, Strapi and the engine on Postgres, SMTP. One worker: the tests share the
 * shape and break parts of it on purpose, one fault at a time.
 */
export default defineConfig({
  testDir: "tests/production",
  timeout: 300_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json"]],
  outputDir: process.env.TEST_INSTANCE ? `test-results-production-${process.env.TEST_INSTANCE}` : "test-results-production",
  use: {
    trace: "off",
    screenshot: "only-on-failure",
    // Caddy's certificates come from its own CA; the TLS test checks them against that CA's root.
    ignoreHTTPSErrors: true,
    launchOptions: {
      ...chromiumLaunch,
      args: [
        ...chromiumLaunch.args,
        // The carriers' domains are not in any DNS: every name is this host, where Caddy listens.
        "--host-resolver-rules=MAP * 127.0.0.1",
        // Contexts a helper opens itself get the same (ignoreHTTPSErrors above is per context).
        "--ignore-certificate-errors",
      ],
    },
  },
});
