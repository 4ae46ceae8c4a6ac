/**
 * How long an abandoned draft booking and the personal data on it are kept (issue 25, ADR 193): the
 * carrier's `draftRetentionDays` in days since the draft last changed. The app's content schema and
 * the engine's carrier read the range here; the CMS's carrier schema states the same min and max.
 */
export const DRAFT_RETENTION_DAYS = { default: 30, min: 1, max: 365 };
