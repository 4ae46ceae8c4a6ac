/**
 * zod compiles object parsers with `new Function` after probing for it when a schema is defined;
 * the CSP refuses eval (ADR 050) and the probe alone raises a reported violation. Imported first
 * by app/root.tsx, so it runs before any route module defines a schema in the browser.
 *
 * It sets zod's global configuration object (what `z.config({ jitless: true })` writes to; zod
 * creates it only when it is missing, so every copy of zod shares it) instead of importing zod:
 * a page whose routes define no schema in the browser then downloads no zod at all (ADR 089).
 * `zod-browser.test.ts` holds zod to that contract.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

export function makeZodJitless(scope: ZodGlobal = globalThis): void {
  (scope.__zod_globalConfig ??= {}).jitless = true;
}

if (typeof document !== "undefined") makeZodJitless();
