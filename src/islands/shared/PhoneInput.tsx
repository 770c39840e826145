import { useEffect, useState } from 'react';
import type { CountryOption } from '../booking-flow/countries.ts';
import { firstReason } from '../../i18n/sentences.ts';
import { Field, inputClass } from './Field.tsx';

/** How the form holding the input registers a control (react-hook-form's `register`, its name and start value). */
export type BindControl = (
  control: 'country' | 'phone',
  onChange?: (value: string) => void,
) => Record<string, unknown>;

interface Props {
  ids: { country: string; phone: string };
  labels: { country: string; phone: string; hint: string; example: string };
  countries: CountryOption[];
  /** The country picked now, as the form holds it (watched by the caller): the example is that country's. */
  country: string;
  errors: string[] | undefined;
  bind: BindControl;
  /** Moves the form's country picker (a number typed with `+` names its own country). */
  setCountry: (code: string) => void;
  autoComplete: string;
}

/**
 * The one phone input (docs/product-rules.md, Interface) of the booking flow and the account forms: a country
 * picker and the number as people write it, posted as two fields (the server makes the E.164 value). Typing
 * `+` and a code moves the picker to that country; a refused number shows an example of the picked country's
 * numbers. The phone rules (libphonenumber-js, schemas/phone.ts) load only when needed: on `+`, or with an
 * error to explain.
 */
export function PhoneInput(props: Props) {
  const { ids, labels, countries, errors, bind, country } = props;
  const [example, setExample] = useState<string>();
  const hasErrors = (errors?.length ?? 0) > 0;

  // Niceties, both: a module that fails to load is passed over (a reload would lose what was typed).
  useEffect(() => {
    if (!hasErrors) return;
    let current = true;
    import('../../schemas/phone-example.ts')
      .then(({ phoneExample }) => {
        if (current) setExample(phoneExample(country));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [hasErrors, country]);

  const typed = (value: string) => {
    if (!value.trim().startsWith('+')) return;
    import('../../schemas/phone.ts')
      .then(({ countryOfTyped }) => {
        const named = countryOfTyped(value);
        if (named) props.setCountry(named);
      })
      .catch(() => undefined);
  };
  const shownErrors = withExample(errors, labels.example, example);

  return (
    <div className="grid grid-cols-[minmax(0,10rem)_1fr] gap-3">
      <Field id={ids.country} label={labels.country}>
        <select className={inputClass} autoComplete="tel-country-code" {...bind('country')}>
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} (+{option.dial})
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.phone} label={labels.phone} hint={labels.hint} errors={shownErrors}>
        <input
          className={inputClass}
          type="tel"
          inputMode="tel"
          autoComplete={props.autoComplete}
          maxLength={250}
          required
          {...bind('phone', typed)}
        />
      </Field>
    </div>
  );
}

/**
 * The field's one reason with an example said after it: the picked country's once known, else the one a refused
 * plain post ends with (the server adds it for pages without script, with the country posted). `template` is the
 * "For example: {example}" line in the page's language.
 */
export function withExample(
  errors: string[] | undefined,
  template: string,
  example: string | undefined,
): string[] | undefined {
  const at = template.indexOf('{example}');
  if (!errors?.length || at <= 0) return errors && firstReason(errors); // a catalogue without its lead: the reason
  const lead = template.slice(0, at);
  const isExample = (line: string) => line.startsWith(lead);
  const line = example ? template.replace('{example}', example) : errors.find(isExample);
  return [...firstReason(errors.filter((reason) => !isExample(reason))), ...(line ? [line] : [])];
}
