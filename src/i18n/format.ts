import { indicativeCurrencies, type IndicativeCurrency } from '../domain/indicative-price.ts';
import { intlTags, type Locale } from './locales.ts';

/** A calendar date as people read it: `21 November 2026` / `21 November 2026`. */
export function formatLongDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTags[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A calendar date `YYYY-MM-DD` (a sailing's, a due date, an expiry) in the same long style: `21 November 2026`. */
export function formatDate(date: string, locale: Locale): string {
  return formatLongDate(new Date(`${date}T00:00:00Z`), locale);
}

/** A calendar date `YYYY-MM-DD` with its weekday: `Tuesday, 1 December 2026` / `Selasa, 1 Desember 2026`. */
export function formatDayDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTags[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A date in a row of days: `Thu 26 Nov` / `Kam 26 Nov`. */
export function formatShortDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTags[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

const groupers = { en: new Intl.NumberFormat('en-GB'), id: new Intl.NumberFormat('id-ID') };

/** Integer rupiah as travellers read it: `IDR 485,000` (en) / `Rp 485.000` (id). */
export function formatRupiah(amount: number, locale: Locale): string {
  const digits = groupers[locale].format(amount);
  return locale === 'id' ? `Rp ${digits}` : `IDR ${digits}`;
}

/** The signs travellers in Singapore and Malaysia read on their own prices (Intl's `SGD` and `MYR` in en-GB). */
const indicativeSigns: Record<IndicativeCurrency, string> = { SGD: 'S$', MYR: 'RM' };
const indicativeFormats = Object.fromEntries(
  indicativeCurrencies.map((currency) => [
    currency,
    {
      en: new Intl.NumberFormat(intlTags.en, { style: 'currency', currency }),
      id: new Intl.NumberFormat(intlTags.id, { style: 'currency', currency }),
    },
  ]),
) as Record<IndicativeCurrency, Record<Locale, Intl.NumberFormat>>;

/**
 * An indicative amount in cents as the page's language writes money, with its sign: `4198` SGD -> `S$ 41.98` (en) /
 * `S$ 41,98` (id); MYR -> `RM 41.98`. Intl places the number and the sign; the sign is the one travellers know.
 */
export function formatIndicative(cents: number, currency: IndicativeCurrency, locale: Locale): string {
  return indicativeFormats[currency][locale]
    .formatToParts(cents / 100)
    .map((part) => (part.type === 'currency' ? indicativeSigns[currency] : part.value))
    .join('');
}

type DurationUnit = 'hour' | 'minute';
const unitFormat = (tag: string, unit: DurationUnit, unitDisplay: 'long' | 'short' | 'narrow') =>
  new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay });

/**
 * The unit words of a duration as the product writes them (docs/glossary.md), each taken from Intl. Indonesian
 * writes both in full. English writes `h` and `min`: the narrow hour (the short one is `hr`) and the short minute
 * of `en`, which stays `min` in the plural where en-GB's becomes `mins`.
 */
const durationUnits: Record<Locale, Record<DurationUnit, Intl.NumberFormat>> = {
  en: { hour: unitFormat('en', 'hour', 'narrow'), minute: unitFormat('en', 'minute', 'short') },
  id: { hour: unitFormat(intlTags.id, 'hour', 'long'), minute: unitFormat(intlTags.id, 'minute', 'long') },
};

/** `35` minutes -> `35 menit`: Intl's number and unit word with one plain space (a narrow form has none). */
function formatUnit(value: number, unit: DurationUnit, locale: Locale): string {
  const parts = durationUnits[locale][unit].formatToParts(value);
  const number = parts.filter((p) => p.type !== 'unit' && p.type !== 'literal').map((p) => p.value);
  const word = parts.find((p) => p.type === 'unit')?.value ?? '';
  return `${number.join('')} ${word}`;
}

/**
 * `95` -> `1 h 35 min` / `1 jam 35 menit`: the copy review's forms, a full word beside a full word in Indonesian and
 * no comma between the units (Intl.DurationFormat puts one there: `1 jam, 35 menit`, `1 hr, 35 mins`).
 */
export function formatDuration(minutes: number, locale: Locale): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return formatUnit(rest, 'minute', locale);
  const h = formatUnit(hours, 'hour', locale);
  return rest === 0 ? h : `${h} ${formatUnit(rest, 'minute', locale)}`;
}

const weekdayNames = {
  en: new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }),
  id: new Intl.DateTimeFormat('id-ID', { weekday: 'short', timeZone: 'UTC' }),
};
/** ISO weekday (1 = Monday) -> `Mon` / `Sen`. 2024-01-01 was a Monday. */
function weekdayName(day: number, locale: Locale): string {
  return weekdayNames[locale].format(new Date(Date.UTC(2024, 0, day)));
}

/** Runs of ISO weekdays as people read them: `Fri–Sun`, `Mon, Wed–Thu` / `Jum–Min`. */
export function formatWeekdayRuns(runs: readonly (readonly [number, number])[], locale: Locale): string {
  return runs
    .map(([first, last]) =>
      first === last
        ? weekdayName(first, locale)
        : `${weekdayName(first, locale)}–${weekdayName(last, locale)}`,
    )
    .join(', ');
}

/** `45, 45` -> `45 min`; `55, 60` -> `55 min – 1 h`. */
export function formatDurationRange(min: number, max: number, locale: Locale): string {
  return min === max
    ? formatDuration(min, locale)
    : `${formatDuration(min, locale)} – ${formatDuration(max, locale)}`;
}

/** The e-ticket's short dates, weekday first. */
const dateFormats = Object.fromEntries(
  (['en', 'id'] as const).map((locale) => [
    locale,
    new Intl.DateTimeFormat(intlTags[locale], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;

/** `2026-11-21` -> `Sat 21 Nov 2026` / `Sab 21 Nov 2026`. */
export function formatTicketDate(date: string, locale: Locale): string {
  const parts = Object.fromEntries(
    dateFormats[locale].formatToParts(new Date(`${date}T00:00:00Z`)).map((p) => [p.type, p.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  return [parts.weekday, parts.day, parts.month, parts.year].filter(Boolean).join(' ');
}

/** A port-local time as the terminal's clock shows it: `Sat 21 Nov 2026, 08:30 WIB`. */
export function formatPortTime(time: { date: string; time: string; zone: string }, locale: Locale): string {
  return `${formatTicketDate(time.date, locale)}, ${time.time} ${time.zone}`;
}
