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
  'ops-controls.area.label': { en: 'Service area', de: 'Servicegebiet' },
  'ops-controls.area.description': { en: "One of the carrier's service areas", de: 'Eines der Servicegebiete des Anbieters' },
  'ops-controls.area.placeholder': { en: 'Choose an area', de: 'Gebiet wählen' },
  'ops-controls.area.no-carrier': {
    en: 'Enter the carrier first: its service areas are listed here.',
    de: 'Geben Sie zuerst den Anbieter ein: Seine Servicegebiete werden hier aufgelistet.',
  },
  'ops-controls.area.none': {
    en: 'Carrier {carrier} has no service area you may edit yet: make one under Ops: service area first.',
    de: 'Anbieter {carrier} hat noch kein Servicegebiet, das Sie bearbeiten dürfen: Legen Sie zuerst eines unter Ops: service area an.',
  },
  'ops-controls.area.missing': { en: '{code} (not an area of this carrier)', de: '{code} (kein Gebiet dieses Anbieters)' },
  'ops-controls.area.failed': { en: 'The service areas could not be loaded; try again.', de: 'Die Servicegebiete konnten nicht geladen werden; bitte erneut versuchen.' },
  'ops-controls.hours.label': { en: 'Opening hours', de: 'Öffnungszeiten' },
  'ops-controls.hours.description': {
    en: 'A week table: opening and closing time per day, or closed',
    de: 'Eine Wochentabelle: Öffnungs- und Schließzeit je Tag oder geschlossen',
  },
  'ops-controls.hours.closed': { en: 'Closed', de: 'Geschlossen' },
  'ops-controls.hours.closed-day': { en: '{day} closed', de: '{day} geschlossen' },
  'ops-controls.hours.opens': { en: '{day} opens', de: '{day} öffnet' },
  'ops-controls.hours.closes': { en: '{day} closes', de: '{day} schließt' },
  'ops-controls.hours.none': {
    en: 'Closed every day: customers see no opening hours. Untick "Closed" on a day to give its hours.',
    de: 'An jedem Tag geschlossen: Kunden sehen keine Öffnungszeiten. Entfernen Sie bei einem Tag den Haken „Geschlossen“, um seine Zeiten anzugeben.',
  },
  'ops-controls.permissions.label': { en: 'Permissions', de: 'Berechtigungen' },
  'ops-controls.permissions.description': { en: 'A box per staff permission the app knows', de: 'Ein Kästchen je Mitarbeiterberechtigung, die die App kennt' },
  'ops-controls.permissions.unknown': {
    en: '{tag} is not a permission the app knows; untick it to remove it.',
    de: '{tag} ist keine Berechtigung, die die App kennt; zum Entfernen den Haken entfernen.',
  },
  'ops-controls.permission.store.booking': { en: 'Book for customers in a store', de: 'Im Geschäft für Kunden buchen' },
  'ops-controls.permission.store.handover': { en: "Hand a booking to the customer's phone", de: 'Eine Buchung auf das Telefon des Kunden übergeben' },
  'ops-controls.permission.technician.jobs': { en: 'Own jobs of the day', de: 'Eigene Aufträge des Tages' },
  'ops-controls.permission.area.staff': { en: 'Staff of the area', de: 'Mitarbeiter des Gebiets' },
  'ops-controls.permission.area.jobs': { en: 'Jobs of the area', de: 'Aufträge des Gebiets' },
  'ops-controls.stores.label': { en: 'Stores', de: 'Geschäfte' },
  'ops-controls.stores.description': { en: 'A box per store of the carrier', de: 'Ein Kästchen je Geschäft des Anbieters' },
  'ops-controls.stores.no-carrier': {
    en: 'Enter the carrier first: its stores are listed here.',
    de: 'Geben Sie zuerst den Anbieter ein: Seine Geschäfte werden hier aufgelistet.',
  },
  'ops-controls.stores.none': {
    en: 'Carrier {carrier} has no store you may edit yet: make one under Ops: store first.',
    de: 'Anbieter {carrier} hat noch kein Geschäft, das Sie bearbeiten dürfen: Legen Sie zuerst eines unter Ops: store an.',
  },
  'ops-controls.stores.missing': {
    en: '{code} is not a store of carrier {carrier}; untick it to remove it.',
    de: '{code} ist kein Geschäft des Anbieters {carrier}; zum Entfernen den Haken entfernen.',
  },
  'ops-controls.stores.failed': { en: 'The stores could not be loaded; try again.', de: 'Die Geschäfte konnten nicht geladen werden; bitte erneut versuchen.' },
  'ops-controls.technician.label': { en: 'Technician', de: 'Techniker' },
  'ops-controls.technician.description': { en: "One of the carrier's technicians", de: 'Einer der Techniker des Anbieters' },
  'ops-controls.technician.placeholder': { en: 'Choose a technician', de: 'Techniker wählen' },
  'ops-controls.technician.clear': { en: 'No technician', de: 'Kein Techniker' },
  'ops-controls.technician.no-carrier': {
    en: 'Enter the carrier first: its technicians are listed here.',
    de: 'Geben Sie zuerst den Anbieter ein: Seine Techniker werden hier aufgelistet.',
  },
  'ops-controls.technician.none': {
    en: 'Carrier {carrier} has no technician you may edit yet: make one under Ops: technician first.',
    de: 'Anbieter {carrier} hat noch keinen Techniker, den Sie bearbeiten dürfen: Legen Sie zuerst einen unter Ops: technician an.',
  },
  'ops-controls.technician.missing': { en: '{code} (not a technician of this carrier)', de: '{code} (kein Techniker dieses Anbieters)' },
  'ops-controls.technician.failed': { en: 'The technicians could not be loaded; try again.', de: 'Die Techniker konnten nicht geladen werden; bitte erneut versuchen.' },
  'ops-controls.exclusions.label': { en: 'Catalogue exclusions', de: 'Katalogausschlüsse' },
  'ops-controls.exclusions.description': {
    en: 'Makes, models or repairs picked from the catalogue by name',
    de: 'Marken, Modelle oder Reparaturen, nach Namen aus dem Katalog gewählt',
  },
  'ops-controls.exclusions.search-makes': { en: 'Search makes to leave out', de: 'Auszuschließende Marken suchen' },
  'ops-controls.exclusions.search-models': { en: 'Search models to leave out', de: 'Auszuschließende Modelle suchen' },
  'ops-controls.exclusions.search-problems': { en: 'Search repairs to leave out', de: 'Auszuschließende Reparaturen suchen' },
  'ops-controls.exclusions.no-match': { en: 'Nothing in the catalogue matches.', de: 'Nichts im Katalog passt.' },
  'ops-controls.exclusions.none': { en: 'None left out: the whole catalogue is offered.', de: 'Nichts ausgeschlossen: Der ganze Katalog wird angeboten.' },
  'ops-controls.exclusions.remove': { en: 'Offer {name} again', de: '{name} wieder anbieten' },
  'ops-controls.exclusions.missing': {
    en: '{code} is not in what this carrier sells; remove it or check the catalogue.',
    de: '{code} gehört nicht zu dem, was dieser Anbieter verkauft; entfernen oder den Katalog prüfen.',
  },
  'ops-controls.exclusions.no-carrier': {
    en: 'Enter the carrier first: what it sells is listed here.',
    de: 'Geben Sie zuerst den Anbieter ein: Was er verkauft, wird hier aufgelistet.',
  },
  'ops-controls.exclusions.failed': {
    en: 'The catalogue of carrier {carrier} could not be loaded: it is not a carrier you operate, or try again.',
    de: 'Der Katalog des Anbieters {carrier} konnte nicht geladen werden: Es ist kein Anbieter, den Sie betreuen, oder bitte erneut versuchen.',
  },
  'ops-controls.catalogue.label': { en: 'Catalogue entries', de: 'Katalogeinträge' },
  'ops-controls.catalogue.description': { en: 'Problems or models picked from the catalogue by name', de: 'Probleme oder Modelle, nach Namen aus dem Katalog gewählt' },
  'ops-controls.catalogue.search-problems': { en: 'Search repairs to add', de: 'Reparaturen zum Hinzufügen suchen' },
  'ops-controls.catalogue.search-models': { en: 'Search models to add', de: 'Modelle zum Hinzufügen suchen' },
  'ops-controls.catalogue.search-makes': { en: 'Search makes to add', de: 'Marken zum Hinzufügen suchen' },
  'ops-controls.catalogue.none': { en: 'None yet.', de: 'Noch keine.' },
  'ops-controls.catalogue.remove': { en: 'Remove {name}', de: '{name} entfernen' },
  'ops-controls.catalogue.failed': { en: 'The catalogue could not be loaded; try again.', de: 'Der Katalog konnte nicht geladen werden; bitte erneut versuchen.' },
  'ops-controls.catalogue.missing-make': {
    en: 'Make id {id} is not in the catalogue; untick it to remove it.',
    de: 'Marken-ID {id} ist nicht im Katalog; zum Entfernen den Haken entfernen.',
  },
  'ops-controls.makes.label': { en: 'Makes', de: 'Marken' },
  'ops-controls.makes.description': { en: 'A box per make of the catalogue', de: 'Ein Kästchen je Marke des Katalogs' },
  'ops-controls.device-types.label': { en: 'Device types', de: 'Gerätearten' },
  'ops-controls.device-types.description': { en: 'A box per kind of device', de: 'Ein Kästchen je Geräteart' },
  'ops-controls.device.phone': { en: 'Phones', de: 'Telefone' },
  'ops-controls.device.tablet': { en: 'Tablets', de: 'Tablets' },
  'ops-controls.device.appliance': { en: 'Home appliances', de: 'Haushaltsgeräte' },
} as const;

export type OpsControlMessageId = keyof typeof OPS_CONTROL_MESSAGES;

/** The admin's translations of one locale (en or de). */
export function opsControlTranslations(locale: 'en' | 'de'): Record<string, string> {
  return Object.fromEntries(Object.entries(OPS_CONTROL_MESSAGES).map(([id, text]) => [id, text[locale]]));
}
