import { describe, expect, it } from 'vitest';
import { bookingWindow, windowDates } from '../../../src/domain/booking-window.ts';

describe('the booking window', () => {
  it('runs from today for the horizon, both ends included', () => {
    const window = bookingWindow('2026-11-22', 120);
    expect(window).toEqual({ first: '2026-11-22', last: '2027-03-21' });
    const dates = windowDates(window);
    expect(dates).toHaveLength(120);
    expect([dates[0], dates.at(-1)]).toEqual(['2026-11-22', '2027-03-21']);
    expect(bookingWindow('2026-11-22', 1)).toEqual({ first: '2026-11-22', last: '2026-11-22' });
  });
});
