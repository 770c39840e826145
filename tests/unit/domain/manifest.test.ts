import { describe, expect, it } from 'vitest';
import {
  MANIFEST_COLUMNS,
  manifestCsv,
  manifestGaps,
  manifestOrder,
  manifestStates,
  type ManifestPassenger,
} from '../../../src/domain/manifest.ts';
import { delayedArrival, delayRefusal } from '../../../src/domain/sailing-delay.ts';
import { capacityRefusal, freeSeats, loadFactor } from '../../../src/domain/sailing-load.ts';

const passenger = (overrides: Partial<ManifestPassenger>): ManifestPassenger => ({
  fullName: 'Siti Rahmawati',
  category: 'adult',
  nationality: 'ID',
  sex: 'F',
  dateOfBirth: '1990-05-14',
  passportNumber: 'C1234567',
  passportCountry: 'ID',
  passportExpiry: '2031-03-01',
  ticketNumber: 'TK-K7M4QX-1A',
  eTicketNumber: 'ET26110100012',
  bookingCode: 'K7M4QX',
  ticketStatus: 'active',
  checkedInAt: null,
  ...overrides,
});

describe('the passenger manifest', () => {
  it('names what the harbour master still needs', () => {
    expect(manifestGaps(passenger({}))).toEqual([]);
    expect(manifestGaps(passenger({ nationality: null, sex: null, dateOfBirth: null }))).toEqual([
      'nationality',
      'sex',
      'date_of_birth',
    ]);
  });

  it('reads check-in and boarding from the ticket', () => {
    expect(manifestStates('active')).toEqual({ checkedIn: false, boarded: false });
    expect(manifestStates('checked_in')).toEqual({ checkedIn: true, boarded: false });
    expect(manifestStates('boarded')).toEqual({ checkedIn: true, boarded: true });
  });

  it('lists passengers by name whatever their case, then by ticket, so a second export is the same file', () => {
    const rows = [
      passenger({ fullName: 'wong mei ling', ticketNumber: 'TK-2' }),
      passenger({ fullName: 'Ahmad Fauzi', ticketNumber: 'TK-3' }),
      passenger({ fullName: 'Wong Mei Ling', ticketNumber: 'TK-1' }),
    ];
    expect(manifestOrder(rows).map((row) => row.ticketNumber)).toEqual(['TK-3', 'TK-1', 'TK-2']);
  });

  it('writes a CSV with the documented columns, codes and ISO dates, gaps named, formulas defused', () => {
    const csv = manifestCsv([
      passenger({ ticketStatus: 'checked_in', checkedInAt: new Date() }),
      passenger({
        fullName: '=HYPERLINK("x"), Budi',
        nationality: null,
        sex: null,
        category: 'infant',
        ticketNumber: 'TK-K7M4QX-2A',
        eTicketNumber: null,
      }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(MANIFEST_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'no,full_name,nationality,sex,date_of_birth,passport_number,passport_country,passport_expiry,ticket_number,e_ticket_number,category,booking_code,check_in,boarding,missing',
    );
    expect(lines[1]).toBe(
      `1,"'=HYPERLINK(""x""), Budi",,,1990-05-14,C1234567,ID,2031-03-01,TK-K7M4QX-2A,,infant,K7M4QX,no,no,nationality sex`,
    );
    expect(lines[2]).toBe(
      '2,Siti Rahmawati,ID,F,1990-05-14,C1234567,ID,2031-03-01,TK-K7M4QX-1A,ET26110100012,adult,K7M4QX,yes,no,',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
});

describe('a sailing’s seats', () => {
  it('counts free seats and the load factor, never below zero or above what was sold', () => {
    expect(freeSeats({ capacity: 200, sold: 150, held: 20 })).toBe(30);
    expect(freeSeats({ capacity: 100, sold: 90, held: 20 })).toBe(0);
    expect(loadFactor({ capacity: 200, sold: 199 })).toBe(99);
    expect(loadFactor({ capacity: 200, sold: 200 })).toBe(100);
    expect(loadFactor({ capacity: 0, sold: 0 })).toBe(0);
  });

  it('refuses a capacity below the seats sold and held, a cancelled sailing, and a number that is no vessel', () => {
    const seats = { capacity: 200, sold: 120, held: 10, cancelled: false };
    expect(capacityRefusal(seats, 130)).toBeUndefined();
    expect(capacityRefusal(seats, 129)).toBe('capacity_below_sold');
    expect(capacityRefusal(seats, 0)).toBe('capacity_not_whole');
    expect(capacityRefusal(seats, 150.5)).toBe('capacity_not_whole');
    expect(capacityRefusal(seats, 6000)).toBe('capacity_not_whole');
    expect(capacityRefusal({ ...seats, cancelled: true }, 300)).toBe('sailing_cancelled');
  });
});

describe('an operator’s delay', () => {
  const departsAt = new Date('2026-12-06T01:00:00Z');
  const sailing = { departsAt, arrivesAt: new Date('2026-12-06T02:00:00Z'), cancelled: false };
  const now = new Date('2026-12-05T10:00:00Z');
  const hours = (count: number) => new Date(departsAt.getTime() + count * 3_600_000);

  it('takes a later time, up to a day later, before the sailing leaves and unless it was cancelled', () => {
    expect(delayRefusal(sailing, hours(1.5), now)).toBeUndefined();
    expect(delayRefusal(sailing, hours(24), now)).toBeUndefined();
    expect(delayRefusal(sailing, hours(24.1), now)).toBe('too_long');
    expect(delayRefusal(sailing, hours(0), now)).toBe('not_later');
    expect(delayRefusal(sailing, hours(-1), now)).toBe('not_later');
    expect(delayRefusal(sailing, hours(2), departsAt)).toBe('departed');
    expect(delayRefusal({ ...sailing, cancelled: true }, hours(2), now)).toBe('sailing_cancelled');
    // A second delay counts the day from the departure first published.
    const again = { ...sailing, departsAt: hours(20), scheduledDepartsAt: departsAt };
    expect(delayRefusal(again, hours(24), now)).toBeUndefined();
    expect(delayRefusal(again, hours(25), now)).toBe('too_long');
  });

  it('moves the arrival by as much as the departure', () => {
    expect(delayedArrival(sailing, hours(2)).toISOString()).toBe('2026-12-06T04:00:00.000Z');
  });
});
