/**
 * Texts of the operations controls (ADR 197, 198), English as the default messages and German for
 * the admin's `de` locale. Ids are prefixed `ops-controls.`. The rule messages under a control are
 * the server's own (lib/ops-rules.ts), as the save would answer.
 */
export const OPS_CONTROL_MESSAGES = {
  'ops-controls.weekdays.label': { en: 'Weekdays', de: 'Wochentage' },
  'ops-controls.weekdays.description': { en: 'Working weekdays', de: 'Arbeitstage der Woche' },
  'ops-controls.dates.label': { en: 'Dates', de: 'Daten' },
  'ops-controls.dates.description': { en: 'A list of dates picked from a calendar', de: 'Eine Liste von Tagen aus einem Kalender' },
  'ops-controls.dates.pick': { en: 'Add a date', de: 'Tag hinzufügen' },
  'ops-controls.dates.calendar': { en: 'Calendar', de: 'Kalender' },
  'ops-controls.dates.none': { en: 'No dates yet.', de: 'Noch keine Tage.' },
  'ops-controls.dates.remove': { en: 'Remove {date}', de: '{date} entfernen' },
  'ops-controls.prefixes.label': { en: 'Postcode prefixes', de: 'Postleitzahl-Anfänge' },
  'ops-controls.prefixes.description': { en: 'Postcode starts checked against the country', de: 'Postleitzahl-Anfänge, geprüft nach dem Land' },
  'ops-controls.prefixes.input': { en: 'Add postcode prefixes', de: 'Postleitzahl-Anfänge hinzufügen' },
  'ops-controls.prefixes.placeholder': { en: 'Type one or more and press Enter', de: 'Einen oder mehrere eingeben und Enter drücken' },
  'ops-controls.prefixes.add': { en: 'Add', de: 'Hinzufügen' },
  'ops-controls.prefixes.none': { en: 'No prefixes yet.', de: 'Noch keine Anfänge.' },
  'ops-controls.prefixes.remove': { en: 'Remove {prefix}', de: '{prefix} entfernen' },
  'ops-controls.prefixes.format': { en: 'Format for {country}: {format}.', de: 'Format für {country}: {format}.' },
  'ops-controls.prefixes.no-country': {
    en: "Choose the area's country first: prefixes are checked against its postcode format.",
    de: 'Wählen Sie zuerst das Land des Gebiets: Die Anfänge werden nach seinem Postleitzahlformat geprüft.',
  },
  'ops-controls.domains.label': { en: 'Domains', de: 'Domains' },
  'ops-controls.domains.description': { en: 'Host names as tags, checked as the save checks them', de: 'Hostnamen als Tags, geprüft wie beim Speichern' },
  'ops-controls.domains.input': { en: 'Add domains', de: 'Domains hinzufügen' },
  'ops-controls.domains.placeholder': { en: 'e.g. repair.fixly.example, then Enter', de: 'z. B. repair.fixly.example, dann Enter' },
  'ops-controls.domains.none': { en: 'No domains yet.', de: 'Noch keine Domains.' },
  'ops-controls.domains.remove': { en: 'Remove {domain}', de: '{domain} entfernen' },
  'ops-controls.locales.label': { en: 'Languages', de: 'Sprachen' },
  'ops-controls.locales.description': { en: "The site's languages as tags", de: 'Die Sprachen der Website als Tags' },
  'ops-controls.locales.placeholder': { en: 'Choose languages', de: 'Sprachen wählen' },
  'ops-controls.referrers.label': { en: 'Referrer brands', de: 'Marken je Vermittler' },
  'ops-controls.referrers.description': {
    en: 'A referrer code and the one brand its visitors are offered',
    de: 'Ein Vermittlercode und die eine Marke, die seinen Besuchern angeboten wird',
  },
  'ops-controls.referrers.code': { en: 'Referrer code', de: 'Vermittlercode' },
  'ops-controls.referrers.make': { en: 'Brand catalogue id', de: 'Katalog-ID der Marke' },
  'ops-controls.referrers.none': { en: 'No referrer has a brand of its own.', de: 'Kein Vermittler hat eine eigene Marke.' },
  'ops-controls.referrers.row': { en: '{code} → brand {make}', de: '{code} → Marke {make}' },
  'ops-controls.referrers.remove': { en: 'Remove {row}', de: '{row} entfernen' },
  'ops-controls.carrier.label': { en: 'Carrier', de: 'Anbieter' },
  'ops-controls.carrier.description': { en: 'One of the carriers you may edit', de: 'Einer der Anbieter, die Sie bearbeiten dürfen' },
  'ops-controls.carrier.placeholder': { en: 'Choose a carrier', de: 'Anbieter wählen' },
  'ops-controls.carrier.none': {
    en: 'There is no carrier you may make entries of this type for.',
    de: 'Es gibt keinen Anbieter, für den Sie Einträge dieser Art anlegen dürfen.',
  },
  'ops-controls.carrier.missing': { en: '{code} (not a carrier you may edit)', de: '{code} (kein Anbieter, den Sie bearbeiten dürfen)' },
  'ops-controls.carrier.failed': { en: 'The carriers could not be loaded; try again.', de: 'Die Anbieter konnten nicht geladen werden; bitte erneut versuchen.' },
  'ops-controls.area.label': { en: 'Service area', de: 'Servicegebiet' },
  'ops-controls.area.description': { en: "One of the carrier's service areas", de: 'Eines der Servicegebiete des Anbieters' },
  'ops-controls.area.placeholder': { en: 'Choose an area', de: 'Gebiet wählen' },
  'ops-controls.area.no-carrier': {
    en: 'Choose the carrier first: its service areas are listed here.',
    de: 'Wählen Sie zuerst den Anbieter: Seine Servicegebiete werden hier aufgelistet.',
  },
  'ops-controls.area.none': {
    en: 'Carrier {carrier} has no service area you may edit yet: make one under Ops: service area first.',
    de: 'Anbieter {carrier} hat noch kein Servicegebiet, das Sie bearbeiten dürfen: Legen Sie zuerst eines unter Ops: service area an.',
  },
  'ops-controls.area.missing': { en: '{code} (not an area of this carrier)', de: '{code} (kein Gebiet dieses Anbieters)' },
  'ops-controls.area.failed': { en: 'The service areas could not be loaded; try again.', de: 'Die Servicegebiete konnten nicht geladen werden; bitte erneut versuchen.' },
} as const;

export type OpsControlMessageId = keyof typeof OPS_CONTROL_MESSAGES;

/** The admin's translations of one locale (en or de). */
export function opsControlTranslations(locale: 'en' | 'de'): Record<string, string> {
  return Object.fromEntries(Object.entries(OPS_CONTROL_MESSAGES).map(([id, text]) => [id, text[locale]]));
}
