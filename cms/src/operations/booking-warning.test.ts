// Issue 9, item 7: a change that would strand bookings is not made silently.
import { describe, expect, it } from 'vitest';
import { Confirmations, addedClosedDates, bookingQueryFor, datesOnWeekdays, removedWeekdays, warningMessage } from './booking-warning';
import { OPS_UIDS } from '../lib/content-model';

describe('which changes are checked for bookings', () => {
  it('deleting a service area counts the bookings in that area', () => {
    expect(bookingQueryFor(OPS_UIDS.serviceArea, 'delete', { carrierCode: 'patchpoint', code: 'london-east' }, {})).toEqual({
      carrier: 'patchpoint',
      area: 'london-east',
    });
  });

  it('closing days counts the bookings on the newly closed days only', () => {
    const before = { carrierCode: 'patchpoint', closedDates: ['2026-12-25'] };
    expect(bookingQueryFor(OPS_UIDS.roster, 'update', before, { closedDates: ['2026-12-25', '2026-12-24'] })).toEqual({
      carrier: 'patchpoint',
      dates: ['2026-12-24'],
    });
  });

  it('reopening a day or changing other fields checks nothing', () => {
    const before = { carrierCode: 'patchpoint', closedDates: ['2026-12-25', '2026-12-24'] };
    expect(bookingQueryFor(OPS_UIDS.roster, 'update', before, { closedDates: ['2026-12-25'] })).toBeNull();
    expect(bookingQueryFor(OPS_UIDS.roster, 'update', before, { slotsPerTechnicianPerDay: 5 })).toBeNull();
    expect(bookingQueryFor(OPS_UIDS.serviceArea, 'update', { carrierCode: 'patchpoint', code: 'x' }, { radiusKm: 3 })).toBeNull();
  });

  it("deleting an area's last technician, or moving them to another area, counts the area's bookings", () => {
    const sam = { carrierCode: 'patchpoint', name: 'Sam', serviceArea: 'london-east' };
    expect(bookingQueryFor(OPS_UIDS.technician, 'delete', sam, {}, { otherTechniciansInArea: 0 })).toEqual({ carrier: 'patchpoint', area: 'london-east', lastTechnician: 'Sam' });
    expect(bookingQueryFor(OPS_UIDS.technician, 'update', sam, { serviceArea: 'london-west' }, { otherTechniciansInArea: 0 })).toMatchObject({ area: 'london-east' });
    // Others still work there, or the technician stays in the area: nothing to check.
    expect(bookingQueryFor(OPS_UIDS.technician, 'delete', sam, {}, { otherTechniciansInArea: 1 })).toBeNull();
    expect(bookingQueryFor(OPS_UIDS.technician, 'update', sam, { vanRegistration: 'LX21 ABC' }, { otherTechniciansInArea: 0 })).toBeNull();
  });

  it('taking weekdays out of the working week counts the bookings on those weekdays ahead', () => {
    const before = { carrierCode: 'patchpoint', workingWeekdays: [1, 2, 3, 4, 5, 6] };
    const query = bookingQueryFor(OPS_UIDS.roster, 'update', before, { workingWeekdays: [1, 2, 3, 4, 5] }, { today: '2026-11-24' });
    expect(query).toMatchObject({ carrier: 'patchpoint', weekdays: [6] });
    expect(query && 'dates' in query ? query.dates.slice(0, 2) : []).toEqual(['2026-11-28', '2026-12-05']);
    expect(bookingQueryFor(OPS_UIDS.roster, 'update', before, { workingWeekdays: [1, 2, 3, 4, 5, 6, 7] }, { today: '2026-11-24' })).toBeNull();
  });

  it('finds removed weekdays and their dates', () => {
    expect(removedWeekdays([5, 1, 3], [1])).toEqual([3, 5]);
    expect(datesOnWeekdays([7], '2026-11-24', 14)).toEqual(['2026-11-29', '2026-12-06']);
  });

  it('lists each added date once', () => {
    expect(addedClosedDates(null, ['2026-12-24', '2026-12-24'])).toEqual(['2026-12-24']);
  });
});

describe('the warning', () => {
  it('gives the count, says the bookings stay valid and how to confirm', () => {
    expect(warningMessage({ carrier: 'patchpoint', area: 'london-east' }, 3)).toBe(
      'Service area london-east has 3 bookings still to come. Deleting the area does not cancel or move them: they stay valid and the technicians keep them. Delete again within 2 minutes to confirm.',
    );
    expect(warningMessage({ carrier: 'patchpoint', dates: ['2026-12-24'] }, 1)).toMatch(/^1 booking already falls on 2026-12-24\. Closing the day does not cancel or move them/);
  });

  it('names the last technician and the weekdays', () => {
    expect(warningMessage({ carrier: 'patchpoint', area: 'london-east', lastTechnician: 'Sam' }, 2)).toMatch(
      /^Sam is the last technician of service area london-east, which has 2 bookings still to come\. Without a technician the area takes no new bookings; its bookings stay valid\./,
    );
    expect(warningMessage({ carrier: 'patchpoint', dates: ['2026-11-28'], weekdays: [6] }, 1)).toMatch(
      /^1 booking still to come falls on Saturday\. Taking the day out of the working week/,
    );
  });

  it('lets the same change through when repeated within two minutes, not later', () => {
    let now = 0;
    const confirmations = new Confirmations(() => now);
    expect(confirmations.confirm('a')).toBe(false);
    now = 60_000;
    expect(confirmations.confirm('a')).toBe(true);
    expect(confirmations.confirm('a')).toBe(false);
    now = 60_000 + 121_000;
    expect(confirmations.confirm('a')).toBe(false);
  });
});
