/**
 * An iCalendar file (RFC 5545) with one event, written by hand: the format is small, and what calendar apps need
 * of it is exactly what is tested here (escaping, line folding, UTC times, CRLF).
 */

export interface CalendarEvent {
  /** Stable across downloads, so importing the file again updates the event instead of adding a second one. */
  uid: string;
  /** When this file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  /** Lines of text; shown as written, one per line. */
  description?: string[];
  url?: string;
  /** A reminder this many minutes before the start. */
  alarm?: { minutesBefore: number; text: string };
}

const CRLF = '\r\n';
/** RFC 5545 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/** `2026-11-21T23:00:00.000Z` -> `20261121T230000Z` (RFC 5545 3.3.5, form 2: UTC). */
export function utcDateTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Not an instant');
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utf8 = new TextEncoder();

/**
 * One content line folded to at most 75 octets per physical line (RFC 5545 3.1): a break, then a space that the
 * reader drops. Folds fall between characters, never inside a multi-octet UTF-8 sequence (`→`, `é`).
 */
export function foldLine(line: string): string {
  const physical: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8.encode(character).length;
    // Continuation lines start with the space, which counts towards their 75 octets.
    const limit = physical.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      physical.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  physical.push(current);
  return physical.join(`${CRLF} `);
}

/** The whole file: CRLF after every line, the last one included. */
export function calendarFile(event: CalendarEvent, productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description.join('\n'))}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.alarm
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `TRIGGER:-PT${String(event.alarm.minutesBefore)}M`,
          `DESCRIPTION:${escapeText(event.alarm.text)}`,
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
