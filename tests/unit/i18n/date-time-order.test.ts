import { describe, expect, it } from 'vitest';
import { formatDate, formatShortDate } from '../../../src/i18n/format.ts';
import * as m from '../../../src/paraglide/messages.js';

/**
 * A message that says when something happens takes the date, the time and the zone as separate parts, so each
 * language puts them in its own order: Indonesian reads the date first, then "pukul" and the time.
 */
describe('a date with a time of day', () => {
  const deadline = {
    date: formatDate('2026-11-24', 'id'),
    time: '14:30',
    zone: 'WIB',
  };

  it('is written date first, then "pukul" and the time, in Indonesian', () => {
    expect(m.payment_deadline(deadline, { locale: 'id' })).toMatch(
      /^Bayar sebelum 24 November 2026, pukul 14:30 WIB\. /,
    );
    const opens = { date: formatShortDate('2026-11-23', 'id'), time: '13:55', zone: 'WIB' };
    expect(m.checkin_opens(opens, { locale: 'id' })).toBe(
      'Check-in online dibuka Sen, 23 Nov, pukul 13:55 WIB.',
    );
  });

  it('keeps its own order in English', () => {
    const date = formatDate('2026-11-24', 'en');
    expect(m.payment_deadline({ ...deadline, date }, { locale: 'en' })).toMatch(
      /^Pay before 14:30 WIB, 24 November 2026\. /,
    );
    const opens = { date: formatShortDate('2026-11-23', 'en'), time: '13:55', zone: 'WIB' };
    expect(m.checkin_opens(opens, { locale: 'en' })).toBe('Online check-in opens 13:55 WIB, Mon 23 Nov.');
  });
});
