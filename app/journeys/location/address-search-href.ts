/**
 * The address-search page's links (spec §4 "Address selection"). A module of its own: the page's
 * browser code needs only this, not the address forms' zod schemas (ADR 098).
 */
/** The address-search URL for a search, or for the children of a container result. */
export function addressSearchHref(text: string, container?: { id: string; label: string }): string {
  const params = new URLSearchParams({ text });
  if (container) {
    params.set("container", container.id);
    params.set("within", container.label);
  }
  return `/booking/address-search?${params}`;
}
