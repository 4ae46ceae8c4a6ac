/**
 * The purchase date field (spec §5: "Date field format is DD/MM/YYYY"). The web checks the format
 * and that the day exists; whether it is in the future or out of warranty is the engine's call.
 */
export type PurchaseDateResult = { ok: true; iso: string } | { ok: false; reason: "missing" | "format" | "invalid" };

export function parsePurchaseDate(raw: unknown): PurchaseDateResult {
  const value = typeof raw === "string" ? raw.trim() : "";
  if (!value) return { ok: false, reason: "missing" };
  // People type 1/2/2025 or 01.02.2025 as often as 01/02/2025.
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!match) return { ok: false, reason: "format" };
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return { ok: false, reason: "invalid" };
  return { ok: true, iso: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}` };
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' for showing a stored date back in the field. */
export function formatPurchaseDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}
