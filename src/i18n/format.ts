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

/** `95` -> `1 h 35 min` / `1 jam 35 menit` (a full word beside a full word: docs/glossary.md). */
export function formatDuration(minutes: number, locale: Locale): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const [h, m] = locale === 'id' ? ['jam', 'menit'] : ['h', 'min'];
  if (hours === 0) return `${rest} ${m}`;
  return rest === 0 ? `${hours} ${h}` : `${hours} ${h} ${rest} ${m}`;
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
