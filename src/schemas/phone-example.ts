import { getExampleNumber, isSupportedCountry } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/examples.mobile.json';

/**
 * A mobile number of `country` as its people write it (`0812-345-678`): the example a refused phone number shows.
 * Its own module, so the examples load only with an error to explain (the phone input imports it then). Any other
 * text (a plain form's field can hold anything, `constructor` included) has no example.
 */
export function phoneExample(country: string): string | undefined {
  if (!isSupportedCountry(country)) return undefined;
  return getExampleNumber(country, examples)?.formatNational();
}
