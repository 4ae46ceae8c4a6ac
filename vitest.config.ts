import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

// Two projects: `unit` (beside the code, or in tests/unit for the repo's root files; no outside process) and `integration`
// (tests/integration, needs the services scripts/test.mjs starts: Strapi, Postgres).
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    // One test file per core (Vitest's default is one fewer than the cores: a single fork on this
    // 2-core machine, while its main process mostly waits). The integration project keeps its single fork.
    maxWorkers: availableParallelism(),
    // Every in-memory engine database starts from one migrated template (ADR 285).
    globalSetup: ["tests/support/pglite-template.setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "packages/**/*.test.ts", "app/**/*.test.tsx", "tenants/**/*.test.ts", "cms/src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The engine's unit tests (ADR 286): the unit suite's other half (`npm run test:unit` and
          // scripts/test.mjs run both). Its files share each fork's modules instead of importing the
          // engine afresh for each file: nothing under booking/ keeps state in a module but keyed caches,
          // and no engine test mocks a module.
          name: "unit-engine",
          include: ["booking/**/*.test.ts"],
          isolate: false,
          environment: "node",
          testTimeout: 30_000,
          // Engine suites start an in-memory PGlite in beforeAll: slow on a busy 2-core machine.
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Strapi and one app serve every integration file: run the files one at a time.
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
