// Issue 9, item 7: a change that would strand bookings is not made silently.
import { describe, expect, it } from 'vitest';
import { Confirmations, addedClosedDates, bookingQueryFor, warningMessage } from './booking-warning';
import { OPS_UIDS } from './content-model';

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
