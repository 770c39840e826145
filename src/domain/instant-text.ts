/** Seconds whose text is kept; past that many, forgotten all at once (the ones in use are written again at once). */
const SECONDS_KEPT = 10_000;
/** The last instant `toISOString` writes with a four-digit year; before 1970 and after this, it is asked itself. */
const LAST_PLAIN_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const secondsText = new Map<number, string>();

/**
 * An instant as `Date.prototype.toISOString` writes it (`2026-11-28T05:00:00.000Z`), the text of its second
 * remembered. V8 writes an ISO instant through a general formatter, about 1 µs each (a tenth of a search's own work
 * in `npm run bench:lean`'s profile): a search writes seven (its statements' day bounds and clock, the wall clock,
 * the access line's time), nearly all in a second already written.
 */
export function instantText(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  // Before 1970, past year 9999, a fraction of a millisecond, not a time: as toISOString has it (or throws).
  if (!(ms >= 0 && ms <= LAST_PLAIN_INSTANT && Number.isInteger(ms))) return new Date(ms).toISOString();
  const second = Math.floor(ms / 1000);
  let text = secondsText.get(second);
  if (text === undefined) {
    text = new Date(second * 1000).toISOString().slice(0, 19);
    if (secondsText.size >= SECONDS_KEPT) secondsText.clear();
    secondsText.set(second, text);
  }
  const milli = ms - second * 1000;
  return `${text}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${String(milli)}Z`;
}
