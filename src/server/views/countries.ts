import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY } from '../../domain/phone-country.ts';
import { toE164 } from '../../schemas/phone.ts';
import { intlTags, type Locale } from '../../i18n/locales.ts';

/** One country as pickers list it: ISO code, calling code, name in the reader's language. */
export interface Country {
  code: string;
  dial: string;
  name: string;
}

const countryCache = new Map<Locale, Country[]>();

/** Every country with its name in `locale` and calling code: Indonesia (the default), Singapore, Malaysia first. */
export function countryList(locale: Locale): Country[] {
  const cached = countryCache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([intlTags[locale]], { type: 'region' });
  const first = [DEFAULT_PHONE_COUNTRY, 'SG', 'MY'];
  const list = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dial: getCountryCallingCode(code) }))
    .sort((a, b) => {
      const rank = (code: string) => (first.includes(code) ? first.indexOf(code) : first.length);
      return rank(a.code) - rank(b.code) || a.name.localeCompare(b.name, intlTags[locale]);
    });
  countryCache.set(locale, list);
  return list;
}

/** The same list packed for an island prop (`code\tdial\tname` per line): a third of the JSON's size. */
export function countries(locale: Locale): string {
  return countryList(locale)
    .map((country) => `${country.code}\t${country.dial}\t${country.name}`)
    .join('\n');
}

/** A plain form's phone (its `phoneCountry` and `phone` fields) as the schemas take it. */
export const phoneFromForm = toE164;

/** A stored E.164 number as a plain form shows it: its country and the national number. */
export function phoneForForm(e164: string): { country: string; national: string } {
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return parsed
    ? { country: parsed.country ?? DEFAULT_PHONE_COUNTRY, national: parsed.formatNational() }
    : { country: DEFAULT_PHONE_COUNTRY, national: e164 };
}
