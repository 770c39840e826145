import { describe, expect, it } from 'vitest';
import {
  calendarFile,
  escapeText,
  foldLine,
  utcDateTime,
  type CalendarEvent,
} from '../../../src/server/documents/calendar.ts';

const octets = (line: string) => new TextEncoder().encode(line).length;
/** RFC 5545 3.1: a break followed by one space is removed when reading. */
const unfold = (text: string) => text.replaceAll('\r\n ', '');

const event: CalendarEvent = {
  uid: 'K7M4QX-leg-1@segaraferry.example',
  stamp: new Date('2026-11-20T03:12:00Z'),
  start: new Date('2026-11-21T23:00:00Z'),
  end: new Date('2026-11-22T00:00:00Z'),
  summary: 'Ferry Batam Centre → HarbourFront Centre (K7M4QX)',
  location: 'Batam Centre, Counter 7, departure hall level 1; Jl. Duyung',
  description: ['Booking code: K7M4QX', 'Check-in closes: 05:00 WIB'],
  url: 'https://segaraferry.example/booking/check-order',
  alarm: { minutesBefore: 120, text: 'Check-in closes at 05:00 WIB' },
};

describe('iCalendar text values', () => {
  it('escapes backslashes first, then semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
    expect(escapeText('plain text')).toBe('plain text');
  });

  it('states instants in UTC, to the second', () => {
    expect(utcDateTime(new Date('2026-11-21T23:00:00.000Z'))).toBe('20261121T230000Z');
    expect(utcDateTime(new Date('2027-01-01T00:00:59.999Z'))).toBe('20270101T000059Z');
    expect(() => utcDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('line folding', () => {
  it('leaves a line of exactly 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets, the leading space included, and unfolds to the original', () => {
    const line = `DESCRIPTION:${'Pelabuhan Feri Internasional Batam Centre → '.repeat(6)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a multi-octet character', () => {
    // 74 ASCII octets, then a 3-octet arrow: it would straddle the 75th octet, so it opens the next line.
    const folded = foldLine(`${'a'.repeat(74)}→b`);
    expect(folded).toBe(`${'a'.repeat(74)}\r\n →b`);
    const emoji = foldLine('🚢'.repeat(40)); // 4 octets each, and two UTF-16 units
    expect(unfold(emoji)).toBe('🚢'.repeat(40));
    for (const physical of emoji.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
  });
});

describe('the calendar file', () => {
  const file = calendarFile(event, '-//Segara Ferry//Trip card//EN');

  it('is one VEVENT in a VCALENDAR, every line ended by CRLF', () => {
    expect(
      file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Segara Ferry//Trip card//EN\r\n'),
    ).toBe(true);
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(file.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('carries the uid, the times in UTC, the escaped text and a reminder', () => {
    const lines = unfold(file).split('\r\n');
    expect(lines).toContain('UID:K7M4QX-leg-1@segaraferry.example');
    expect(lines).toContain('DTSTAMP:20261120T031200Z');
    expect(lines).toContain('DTSTART:20261121T230000Z');
    expect(lines).toContain('DTEND:20261122T000000Z');
    expect(lines).toContain('SUMMARY:Ferry Batam Centre → HarbourFront Centre (K7M4QX)');
    expect(lines).toContain('LOCATION:Batam Centre\\, Counter 7\\, departure hall level 1\\; Jl. Duyung');
    expect(lines).toContain('DESCRIPTION:Booking code: K7M4QX\\nCheck-in closes: 05:00 WIB');
    expect(lines).toContain('URL:https://segaraferry.example/booking/check-order');
    const alarm = lines.slice(lines.indexOf('BEGIN:VALARM'), lines.indexOf('END:VALARM') + 1);
    expect(alarm).toEqual([
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT120M',
      'DESCRIPTION:Check-in closes at 05:00 WIB',
      'END:VALARM',
    ]);
  });

  it('leaves out what an event does not have', () => {
    const bare = calendarFile(
      { uid: 'u@x', stamp: event.stamp, start: event.start, end: event.end, summary: 'S' },
      '-//x//y//EN',
    );
    expect(bare).not.toMatch(/LOCATION|DESCRIPTION|URL|VALARM/);
  });
});
