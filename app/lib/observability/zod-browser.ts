import { z } from "zod";

/**
 * zod compiles object parsers with `new Function` after probing for it when a schema is defined;
 * the CSP refuses eval (ADR 050) and the probe alone raises a reported violation. Imported first
 * by app/root.tsx, so it runs before any route module defines a schema in the browser.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
