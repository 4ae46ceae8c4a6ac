/**
 * Pages served without the framework's hydration (ADR 206): a route opts in with
 * `export const handle = { hydrate: false, enhance: ["carousel"] }`. Such a page carries none of
 * Remix's scripts, only the small modules in this folder: `page` on every one of them (toasts, the
 * live-chat launcher, the `data-enhanced` mark) and the ones its routes name.
 */
export const ENHANCEMENTS = ["page", "carousel", "forms"] as const;
export type Enhancement = (typeof ENHANCEMENTS)[number];

export interface EnhanceHandle {
  hydrate?: boolean;
  enhance?: readonly Enhancement[];
}

/**
 * The modules a page of these matched routes' handles loads instead of hydrating, in order; null
 * when it hydrates. A flag on a layout (`routes/faqs`) holds for its children, unless one of the
 * matched routes asks for hydration with `hydrate: true`.
 */
export function pageEnhancements(handles: readonly unknown[]): Enhancement[] | null {
  const typed = handles.map((handle) => (handle && typeof handle === "object" ? (handle as EnhanceHandle) : {}));
  if (!typed.some((handle) => handle.hydrate === false) || typed.some((handle) => handle.hydrate === true)) return null;
  const names = new Set<Enhancement>(["page"]);
  for (const handle of typed) for (const name of handle.enhance ?? []) names.add(name);
  return ENHANCEMENTS.filter((name) => names.has(name));
}
