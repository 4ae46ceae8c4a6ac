/**
 * A store's opening hours (issue 9, ADR 088): entries of weekdays (1 Monday … 7 Sunday) sharing
 * opening and closing times; a day in at most one entry; kept in the order the carrier entered
 * them, which is how the site groups them. A day not listed is closed; empty or missing: the store
 * gives no hours. The CMS checks them on save (cms/src/operations/ops-rules.ts), the engine on import
 * (booking/catalogue/seed-schema.ts), both with this function.
 */

const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const HOURS_EXAMPLE = '[{ "days": [1, 2, 3, 4, 5], "opens": "09:00", "closes": "18:00" }]';

const shown = (value) => JSON.stringify(value) ?? String(value);

/** What is wrong with opening hours, in words an operations person understands; paths start at 'openingHours'. */
export function openingHoursProblems(value) {
  if (value == null) return [];
  const at = (index, field) => ["openingHours", ...(index < 0 ? [] : [String(index)]), ...(field ? [field] : [])];
  if (!Array.isArray(value)) return [{ path: at(-1), message: `Opening hours must be a list like ${HOURS_EXAMPLE} (got ${shown(value)}).` }];
  const problems = [];
  const seen = new Set();
  value.forEach((entry, index) => {
    const label = `Opening hours, entry ${index + 1}`;
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
      problems.push({ path: at(index), message: `${label} must look like { "days": [1, 2, 3, 4, 5], "opens": "09:00", "closes": "18:00" } (got ${shown(entry)}).` });
      return;
    }
    const days = entry.days;
    if (!Array.isArray(days) || days.length === 0 || days.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) {
      problems.push({ path: at(index, "days"), message: `${label}: days must be a list of weekdays from 1 (Monday) to 7 (Sunday), e.g. [1, 2, 3, 4, 5] (got ${shown(days)}).` });
    } else {
      const twice = days.filter((d, i) => seen.has(d) || days.indexOf(d) !== i);
      if (twice.length)
        problems.push({ path: at(index, "days"), message: `${label}: day ${[...new Set(twice)].join(", ")} is already listed; each day belongs in one entry only.` });
      days.forEach((d) => seen.add(d));
    }
    const times = ["opens", "closes"].filter((field) => {
      const ok = typeof entry[field] === "string" && CLOCK.test(entry[field]);
      if (!ok) problems.push({ path: at(index, field), message: `${label}: ${field} must be a time as HH:MM (24-hour clock), e.g. "09:00" (got ${shown(entry[field])}).` });
      return ok;
    });
    if (times.length === 2 && entry.closes <= entry.opens) {
      problems.push({ path: at(index, "closes"), message: `${label}: closes (${String(entry.closes)}) must be after opens (${String(entry.opens)}).` });
    }
  });
  return problems;
}
