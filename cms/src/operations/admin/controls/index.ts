/**
 * The operations controls (ADR 197, 198), one module each over the shared bases beside them (the
 * frame, tags, selects, boxes, catalogue pickers and localized rows): each edits a JSON value of a
 * custom field with a control made for it and stores exactly the JSON the engine feed serves. Under
 * the control: the server's own message for what the save would refuse (the same rule functions),
 * and after a refused save the message the save gave. register-controls.ts names each one's field.
 */
export { WeekdaysInput } from './weekdays';
export { DatesInput } from './dates';
export { PostcodePrefixesInput } from './postcode-prefixes';
export { ServiceAreaCodeInput } from './service-area-code';
export { DomainsInput } from './domains';
export { LocalesInput } from './locales';
export { CarrierCodeInput } from './carrier-code';
export { ReferrerMakesInput } from './referrer-makes';
export { OpeningHoursInput } from './opening-hours';
export { PermissionsInput } from './permissions';
export { StoreCodesInput } from './store-codes';
export { TechnicianCodeInput } from './technician-code';
export { CatalogueExclusionsInput } from './catalogue-exclusions';
export { CatalogueCodesInput } from './catalogue-codes';
export { MakeIdsInput } from './make-ids';
export { DeviceTypesInput } from './device-types';
export { SymptomsInput } from './symptoms';
export { TriageOptionsInput } from './triage-options';
