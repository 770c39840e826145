import { useState, type SyntheticEvent } from 'react';
import { useHydrated } from '../shared/use-hydrated.ts';
import { toLocal } from '../../domain/port-time.ts';
import type { Locale } from '../../i18n/locales.ts';
import { searchQuerySchema } from '../../schemas/search.ts';
import { errorText, labels } from './messages.ts';
import { Field, inputClass } from '../shared/Field.tsx';
import { PassengerFields } from './PassengerFields.tsx';
import type { FieldErrors, SearchValues, TerminalOption } from './types.ts';

interface Props {
  locale: Locale;
  /** Localized URL of the results page the form is sent to (a plain GET, so it works before hydration). */
  action: string;
  terminals: TerminalOption[];
  initial: SearchValues;
  /** Earliest date to offer (the departure terminals' local today), `YYYY-MM-DD`. */
  today: string;
  /** Errors the server found in the submitted query, already localized. */
  serverErrors?: FieldErrors;
}

const countryOrder = ['ID', 'SG', 'MY'] as const;

/** The schedule search. Server-rendered as a working form; once hydrated it narrows destinations and checks input. */
export default function SearchForm({ locale, action, terminals, initial, today, serverErrors = {} }: Props) {
  const text = labels(locale);
  const [values, setValues] = useState<SearchValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>(serverErrors);
  // Before hydration every field is on the page, so the plain GET form works for any trip type.
  const hydrated = useHydrated();
  // A pre-rendered page's `today` may be days old: once in the browser, today is read from its clock.
  const minDate = hydrated ? toLocal(new Date(), 'Asia/Jakarta').date : today;
  const set = (field: keyof SearchValues) => (value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      const origin = terminals.find((t) => t.code === next.from);
      if (field === 'from' && origin && !origin.destinations.includes(next.to)) next.to = '';
      if (field === 'date' && next.returnDate && next.returnDate < value) next.returnDate = value;
      return next;
    });
  };

  const origin = terminals.find((t) => t.code === values.from);
  const destinations = origin ? terminals.filter((t) => origin.destinations.includes(t.code)) : terminals;
  const open = values.trip === 'open' && hydrated;
  const showReturn = values.trip === 'two_way' || !hydrated;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    const parsed = searchQuerySchema.safeParse(values);
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof SearchValues;
        (found[field] ??= []).push(errorText(issue.message, locale));
      }
    }
    if (values.date && values.date < minDate && !open)
      (found.date ??= []).push(errorText('search_error_date_past', locale));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    }
  };

  const terminalOptions = (list: TerminalOption[]) =>
    countryOrder.map((country) => {
      const group = list.filter((t) => t.country === country);
      return group.length === 0 ? null : (
        <optgroup key={country} label={text.countries[country]}>
          {group.map((t) => (
            <option key={t.code} value={t.code}>
              {t.name}
            </option>
          ))}
        </optgroup>
      );
    });

  return (
    <form
      method="get"
      action={action}
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={text.title}
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{text.trip}</legend>
        {(
          [
            ['one_way', text.oneWay],
            ['two_way', text.twoWay],
            ['open', text.open],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className="cursor-pointer rounded-full border border-base-300 px-4 py-2 text-sm font-semibold has-checked:border-primary has-checked:bg-primary has-checked:text-primary-content has-focus-visible:outline-2 has-focus-visible:outline-primary"
          >
            <input
              type="radio"
              name="trip"
              value={value}
              checked={values.trip === value}
              onChange={() => {
                set('trip')(value);
              }}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {values.trip === 'open' && <p className="-mt-2 text-sm text-base-content/80">{text.openHint}</p>}

      <div className="grid grid-cols-2 gap-3">
        <Field id="search-from" label={text.from} errors={errors.from}>
          <select
            name="from"
            className={inputClass}
            value={values.from}
            onChange={(e) => {
              set('from')(e.target.value);
            }}
          >
            <option value="">{text.chooseTerminal}</option>
            {terminalOptions(terminals)}
          </select>
        </Field>
        <Field id="search-to" label={text.to} errors={errors.to}>
          <select
            name="to"
            className={inputClass}
            value={values.to}
            onChange={(e) => {
              set('to')(e.target.value);
            }}
          >
            <option value="">{text.chooseTerminal}</option>
            {terminalOptions(destinations)}
          </select>
        </Field>
      </div>

      {!open && (
        <div className="grid grid-cols-2 gap-3">
          <Field id="search-date" label={text.date} errors={errors.date}>
            <input
              type="date"
              name="date"
              min={minDate}
              className={inputClass}
              value={values.date}
              onChange={(e) => {
                set('date')(e.target.value);
              }}
            />
          </Field>
          {showReturn && (
            <Field id="search-return" label={text.returnDate} errors={errors.returnDate}>
              <input
                type="date"
                name="returnDate"
                min={values.date || minDate}
                className={inputClass}
                value={values.returnDate}
                onChange={(e) => {
                  set('returnDate')(e.target.value);
                }}
              />
            </Field>
          )}
        </div>
      )}

      <PassengerFields values={values} errors={errors} text={text} onChange={set} />

      <button type="submit" className="btn w-full rounded-full shadow-none btn-lg btn-primary">
        {text.submit}
      </button>
    </form>
  );
}
