/**
 * The operations fields edited with a control made for their value instead of a JSON editor
 * (ADR 197). Each is a Strapi custom field of type json: the stored value, the engine feed and the
 * save-time rules stay as they were. The server registers the names (src/index.ts), the admin the
 * same names with their inputs (src/operations/admin/register-controls.ts); a schema attribute names one as `global::<name>`.
 */
export const OPS_CUSTOM_FIELDS = {
  /** A roster's working weekdays (1 Monday … 7 Sunday) as one checkbox per day. */
  weekdays: 'ops-weekdays',
  /** A roster's closed dates (YYYY-MM-DD) as a list with a date picker. */
  dates: 'ops-dates',
  /** A service area's postcode prefixes as tags checked against the area's country. */
  postcodePrefixes: 'ops-postcode-prefixes',
  /** A store's opening hours as a week table: open and close time per day, or closed (ADR 200). */
  openingHours: 'ops-opening-hours',
  /** A staff account's role or company permissions: a box per permission tag the app knows (ADR 201). */
  permissions: 'ops-permissions',
  /** A staff account's stores: a box per store of the carrier (ADR 201). */
  storeCodes: 'ops-store-codes',
  /** An offering's excluded makes, models or problems: a searchable picker over what the carrier sells (ADR 202). */
  catalogueExclusions: 'ops-catalogue-exclusions',
  /** A catalogue model's problems or a triage question's models: a searchable picker over the catalogue (ADR 202). */
  catalogueCodes: 'ops-catalogue-codes',
  /** A catalogue model's makes: a box per make, stored as make ids (ADR 202). */
  makeIds: 'ops-make-ids',
  /** A catalogue extra's device types: a box per kind of device (ADR 202). */
  deviceTypes: 'ops-device-types',
  /** A carrier's domains as host-name tags checked by the save's rule (ADR 203). */
  domains: 'ops-domains',
  /** A carrier's supported languages as a multi-select of the site's languages (ADR 203). */
  locales: 'ops-locales',
  /** A carrier's referrer brands (`{ "<referrer code>": <brand catalogue id> }`) as rows (ADR 203). */
  referrerMakes: 'ops-referrer-makes',
  /** A catalogue problem's symptoms (`[{ en, de }]`) as rows of English and German text (ADR 217). */
  symptoms: 'ops-symptoms',
  /** A triage question's answers (`[{ code, label: { en, de } }]`) as rows of code and texts (ADR 217). */
  triageOptions: 'ops-triage-options',
} as const;

/**
 * Links typed as another entry's code, picked from the entries that exist instead (ADR 199): custom
 * fields of type string, the stored value the same code as before.
 */
export const OPS_CODE_PICKERS = {
  /** A technician's or staff account's service area: a select of the carrier's area codes (ADR 218 for staff). */
  serviceArea: 'ops-area-code',
  /** A staff account's technician: a select of the carrier's technicians (ADR 201). */
  technician: 'ops-technician-code',
  /** The carrier of an operations or content entry (`carrierCode`): a select of the carriers the user may edit (ADR 205). */
  carrier: 'ops-carrier-code',
} as const;
