/**
 * An engine file as the feed sends it: the contract's optional additions filled in with their
 * defaults (/work/ops-contract.md). Used by the tests that compare the feed with tenants/.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed engine.json, validated by booking/catalogue/seed-schema.ts
type EngineFileLike = Record<string, any>;

export function withEngineDefaults(file: EngineFileLike): EngineFileLike {
  const roster = file.roster ?? {};
  return {
    ...file,
    roster: {
      first_timeslot: '08:00',
      timeslot_minutes: 60,
      timeslot_interval_minutes: 90,
      same_day_booking_until: null,
      same_day_lead_minutes: 60,
      closed_dates: [],
      ...roster,
    },
    stores: (file.stores ?? []).map((s: EngineFileLike) => ({ opening_hours: [], ...s, address: { line_2: '', ...s.address } })),
    discount_codes: (file.discount_codes ?? []).map((d: EngineFileLike) => ({
      starts_at: null,
      usage_limit: d.single_use ? 1 : null,
      ...d,
    })),
    price_overrides: file.price_overrides ?? [],
    offering: { excluded_makes: [], excluded_models: [], excluded_problems: [], ...file.offering },
  };
}
