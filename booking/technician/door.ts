/**
 * `engine.staff` (technician/ and the staff log-in throttle): technicians and area managers (issue 11
 * items 7–9, ADR 097, ADR 099); the caller passes the logged-in staff member's ids.
 */
import { read, write, type CarrierArg } from "../door";
import { withStaffLoginThrottle, type StaffLoginSubject } from "../throttle/staff-login-throttle";
import * as areaManager from "./area";
import * as onMyWay from "./on-my-way";
import * as technician from "./technician";

export const staffDoor = {
  /** A technician's jobs of a day (today by default) in route order, with their steps. */
  technicianJobs: read((k) => k.op(technician.technicianJobs)),
  /** One of the technician's own jobs; JOB_FORBIDDEN (403) for anyone else's. */
  technicianJob: read((k) => k.op(technician.technicianJob)),
  /** Saves one repair step at once (spec §2 repair.*). */
  recordJobStep: write((k) => k.sends(k.op(technician.recordJobStep))),
  /** A before or after picture, checked like a proof of purchase. */
  uploadJobPicture: write((k) => k.op(technician.uploadJobPicture)),
  /** 'On my way' and the van's position for the customer's tracking page. */
  reportOnMyWay: write((k) => k.sends(k.op(onMyWay.reportOnMyWay))),
  /** The position the technician's page sends by itself while on the way (ADR 115); answered, kept only under the tracker's rules. */
  reportVanPosition: write((k) => k.op(onMyWay.reportVanPosition)),
  /** The area's jobs of a day with each technician's free slots. */
  areaJobs: read((k) => k.op(areaManager.areaJobs)),
  /** The area's capacity per day. */
  areaCapacity: read((k) => k.op(areaManager.areaCapacity)),
  /** Moves a job to another technician of its area at the same slot. */
  reassignJob: write((k) => k.op(areaManager.reassignJob)),
  /** A staff log-in attempt behind the lock-out (ADR 097): `null` is a failure; TOO_MANY_ATTEMPTS while locked. */
  withStaffLoginThrottle: write(
    ({ ctx, carrierOf, staffLoginConfig }) =>
      async <T>(carrier: CarrierArg, subject: StaffLoginSubject, attempt: () => Promise<T | null>) =>
        withStaffLoginThrottle(ctx.db, carrierOf(carrier), subject, () => ctx.clock.now(), staffLoginConfig, attempt),
  ),
};
