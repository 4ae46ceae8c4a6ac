// @ts-check
// ESLint for the whole tree (ADR 165): typescript-eslint, react-hooks and jsx-a11y, recommended sets.
// Formatting belongs to Prettier (.prettierrc.json); eslint-config-prettier switches off what would fight it.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import prettier from "eslint-config-prettier/flat";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    "**/node_modules/",
    "build/",
    "build-*/",
    "public/build/",
    ".cache/",
    "data/",
    "reports/",
    "reports-*/",
    "test-results/",
    "test-results-*/",
    "playwright-report/",
    "booking/db/migrations/",
    "cms/dist/",
    "cms/.strapi/",
    "cms/.tmp/",
    "cms/build/",
    "cms/types/generated/",
    "cms/public/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore marks a value left out on purpose (an unused parameter of a fixed
      // signature, a field dropped by destructuring `{ secret: _secret, ...rest }`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "cms/src/**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "react-hooks/exhaustive-deps": "error",
      // Option labels hold their text two spans down (a title and a hint line): look that deep.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    files: ["app/**/*.ts", "tests/e2e/**/*.ts", "tests/production/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
