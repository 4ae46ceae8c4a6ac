import type { Enhancement } from "./names";

export interface EnhancementScript {
  url: string;
  /** The shared modules it imports, preloaded beside it. */
  imports: string[];
}

/**
 * The built file of each enhancement module. This file is what the browser build and the unit tests see
 * (no URLs: a hydrated page loads none); the Vite plugin in `vite-plugin.ts` replaces it in the
 * server build with the built, hashed files and on the dev server with the sources.
 */
export const ENHANCEMENT_SCRIPTS: Partial<Record<Enhancement, EnhancementScript>> = {};
