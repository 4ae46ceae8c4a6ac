/** `engine.operations` (operations/): what the CMS asks of the engine's operations data (issue 9 item 7, ADR 195). */
import { read } from "../door";
import { countAffectedBookings } from "./bookings-count";
import { carrierSetupView, testPostcode } from "./setup-view";

export const operationsDoor = {
  /** Orders a service area's removal or closed dates would touch (issue 9 item 7: the CMS warns with it). */
  countAffectedBookings: read((k) => k.op(countAffectedBookings)),
  /** The engine's view of a carrier for the CMS's setup checklist: synced, when, which revision, bookable now (ADR 195). */
  carrierSetupView: read((k) => k.op(carrierSetupView)),
  /** The postcode tester: the area serving a postcode and its next free day, or why none (ADR 195). */
  testPostcode: read((k) => k.op(testPostcode)),
};
