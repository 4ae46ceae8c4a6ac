import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { OPS_UIDS } from '../lib/content-model';
import { signedAppGet } from '../app-channel/app-signed-fetch';

/**
 * Issue 9, item 7 (docs/decisions/079-booking-count-warning.md): deleting a service area (or its
 * last technician), closing a day or taking a weekday out of the working week when bookings are
 * already there must not happen silently. The CMS cannot see bookings, so it asks
 * the app (`GET /api/ops/bookings-count`, /work/ops-contract.md) and, when there are some, refuses the
 * admin's first attempt with the count; the same change repeated within two minutes goes through.
 * The bookings stay valid either way. API tokens (automation) and an unreachable app are not held up.
 */

export type BookingQuery = { carrier: string; area: string; lastTechnician?: string } | { carrier: string; dates: string[]; weekdays?: number[] };

/** How far ahead a removed working weekday is checked for bookings. */
const WEEKDAY_HORIZON_DAYS = 180;
const WEEKDAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const CONFIRM_WINDOW_MS = 2 * 60_000;

/** Closed dates in `after` that `before` did not have. */
export function addedClosedDates(before: unknown, after: unknown): string[] {
  const had = new Set(Array.isArray(before) ? before : []);
  return Array.isArray(after) ? [...new Set(after.filter((d): d is string => typeof d === 'string' && !had.has(d)))] : [];
}

/** Working weekdays (1 Monday … 7 Sunday) in `before` that `after` no longer has. */
export function removedWeekdays(before: unknown, after: unknown): number[] {
  const keeps = new Set(Array.isArray(after) ? after : []);
  return Array.isArray(before) ? [...new Set(before.filter((d): d is number => Number.isInteger(d) && !keeps.has(d)))].sort((a, b) => a - b) : [];
}

/** The dates from `today` (YYYY-MM-DD) over the horizon that fall on these weekdays. */
export function datesOnWeekdays(weekdays: number[], today: string, days = WEEKDAY_HORIZON_DAYS): string[] {
  const start = Date.parse(`${today}T00:00:00Z`);
  const dates: string[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(start + i * 86_400_000);
    if (weekdays.includes(day.getUTCDay() === 0 ? 7 : day.getUTCDay())) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

export type ChangeContext = {
  /** Technicians of the same carrier left in the technician's area after this change. */
  otherTechniciansInArea?: number;
  /** Today, YYYY-MM-DD. */
  today?: string;
};

/** What to count for a change, or null when the change cannot drop a booking. */
export function bookingQueryFor(
  uid: string,
  action: string,
  before: Record<string, unknown> | null,
  data: Record<string, unknown>,
  context: ChangeContext = {},
): BookingQuery | null {
  if (!before || typeof before.carrierCode !== 'string') return null;
  if (uid === OPS_UIDS.serviceArea && action === 'delete' && typeof before.code === 'string') {
    return { carrier: before.carrierCode, area: before.code };
  }
  // An area without a technician takes no bookings (the feed leaves it out): its last one leaving
  // (deleted, or moved to another area) is like deleting the area.
  if (uid === OPS_UIDS.technician && typeof before.serviceArea === 'string' && context.otherTechniciansInArea === 0) {
    const leaves = action === 'delete' || (action === 'update' && 'serviceArea' in data && data.serviceArea !== before.serviceArea);
    if (leaves) return { carrier: before.carrierCode, area: before.serviceArea, lastTechnician: String(before.name ?? before.technicianId ?? '') };
  }
  if (uid === OPS_UIDS.roster && action === 'update' && 'closedDates' in data) {
    const dates = addedClosedDates(before.closedDates, data.closedDates);
    if (dates.length) return { carrier: before.carrierCode, dates };
  }
  if (uid === OPS_UIDS.roster && action === 'update' && 'workingWeekdays' in data && context.today) {
    const weekdays = removedWeekdays(before.workingWeekdays, data.workingWeekdays);
    if (weekdays.length) return { carrier: before.carrierCode, dates: datesOnWeekdays(weekdays, context.today), weekdays };
  }
  return null;
}

export function warningMessage(query: BookingQuery, count: number): string {
  const bookings = count === 1 ? '1 booking' : `${count} bookings`;
  if ('area' in query && query.lastTechnician !== undefined) {
    return `${query.lastTechnician || 'This technician'} is the last technician of service area ${query.area}, which has ${bookings} still to come. Without a technician the area takes no new bookings; its bookings stay valid. Save or delete again within 2 minutes to confirm.`;
  }
  if ('weekdays' in query && query.weekdays) {
    const days = query.weekdays.map((d) => WEEKDAY_NAMES[d]).join(', ');
    return `${bookings} still to come ${count === 1 ? 'falls' : 'fall'} on ${days}. Taking the day out of the working week does not cancel or move them: they stay valid. Save again within 2 minutes to confirm.`;
  }
  if ('area' in query) {
    return `Service area ${query.area} has ${bookings} still to come. Deleting the area does not cancel or move them: they stay valid and the technicians keep them. Delete again within 2 minutes to confirm.`;
  }
  return `${bookings} already ${count === 1 ? 'falls' : 'fall'} on ${query.dates.join(', ')}. Closing the day does not cancel or move them: they stay valid. Save again within 2 minutes to confirm.`;
}

/** Changes an admin was warned about, so repeating the same change confirms it. */
export class Confirmations {
  private pending = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  /** True when this change was warned about within the window (and consumes it); else remembers it. */
  confirm(key: string): boolean {
    const at = this.pending.get(key);
    for (const [k, t] of this.pending) if (this.now() - t > CONFIRM_WINDOW_MS) this.pending.delete(k);
    if (at !== undefined && this.now() - at <= CONFIRM_WINDOW_MS) {
      this.pending.delete(key);
      return true;
    }
    this.pending.set(key, this.now());
    return false;
  }
}

/** The app's count, or null when it cannot answer (down, not yet offering the endpoint): the change is then not held up. */
async function countBookings(strapi: Core.Strapi, query: BookingQuery): Promise<number | null> {
  const params: Record<string, string> = { carrier: query.carrier };
  if ('area' in query) params.area = query.area;
  else params.dates = query.dates.join(',');
  const answer = (await signedAppGet(strapi, '/api/ops/bookings-count', params, 'bookings-count')) as { count?: unknown } | null;
  return typeof answer?.count === 'number' ? answer.count : null;
}

export function registerBookingWarning(strapi: Core.Strapi): void {
  const confirmations = new Confirmations();
  strapi.documents.use(async (ctx, next) => {
    const checked =
      (ctx.uid === OPS_UIDS.serviceArea && ctx.action === 'delete') ||
      (ctx.uid === OPS_UIDS.technician && (ctx.action === 'delete' || ctx.action === 'update')) ||
      (ctx.uid === OPS_UIDS.roster && ctx.action === 'update');
    if (!checked) return next();
    const request = strapi.requestContext.get() as { state?: { user?: { id: number }; auth?: { strategy?: { name?: string } } } } | undefined;
    const user = request?.state?.user;
    if (!user || request?.state?.auth?.strategy?.name !== 'admin') return next();
    const params = ctx.params as { documentId?: string; data?: Record<string, unknown> };
    if (!params.documentId) return next();
    const before = (await strapi.db.query(ctx.uid as never).findOne({ where: { documentId: params.documentId } } as never)) as Record<string, unknown> | null;
    const context: ChangeContext = { today: new Date().toISOString().slice(0, 10) };
    const data = params.data ?? {};
    const leavesArea = ctx.action === 'delete' || ('serviceArea' in data && data.serviceArea !== before?.serviceArea);
    // Counted only when the technician leaves their area: most technician saves change nothing of it.
    if (ctx.uid === OPS_UIDS.technician && leavesArea && before && typeof before.serviceArea === 'string') {
      context.otherTechniciansInArea = (await strapi.db.query(OPS_UIDS.technician as never).count({
        where: { carrierCode: before.carrierCode, serviceArea: before.serviceArea, documentId: { $ne: params.documentId } },
      } as never)) as number;
    }
    const query = bookingQueryFor(ctx.uid, ctx.action, before, data, context);
    if (!query) return next();
    const count = await countBookings(strapi, query);
    if (!count) return next();
    const key = `${user.id}|${ctx.uid}|${params.documentId}|${JSON.stringify(query)}`;
    if (confirmations.confirm(key)) return next();
    throw new errors.ValidationError(warningMessage(query, count));
  });
}
