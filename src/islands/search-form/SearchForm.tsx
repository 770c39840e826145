import { useEffect, useMemo, useState, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { loadWithRecovery } from '../shared/load-failure.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import {
  errorsAt,
  keepDraftOnLanguageSwitch,
  nestedErrors,
  showStartingValues,
  startingValues,
} from '../shared/form-state.ts';
import { agencyToday } from '../../domain/agency.ts';
import type { Locale } from '../../i18n/locales.ts';
import { errorText, labels } from './messages.ts';
import { Field, inputClass } from '../shared/Field.tsx';
import { PassengerFields } from './PassengerFields.tsx';
import { swapRoute } from './swap-route.ts';
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
const FORM_ID = 'search-form';
const loadRules = () => loadWithRecovery(() => import('./validate.ts'));

/**
 * The schedule search. Server-rendered as a working GET form; once hydrated, react-hook-form holds the fields
 * (adopting what was typed before), narrows destinations and checks the query with the shared schema.
 */
export default function SearchForm({ locale, action, terminals, initial, today, serverErrors }: Props) {
  const text = labels(locale);
  // Before hydration every field is on the page, so the plain GET form works for any trip type.
  const hydrated = useHydrated();
  // A pre-rendered page's `today` may be days old: once in the browser, today is read from its clock.
  const minDate = hydrated ? agencyToday(new Date()) : today;
  const [defaults] = useState(() => startingValues(FORM_ID, initial, 'search'));
  const [refused] = useState(() => nestedErrors(serverErrors));
  const resolver = useMemo<Resolver<SearchValues>>(
    () => async (values, context, options) => {
      const result = await (await loadRules()).schemaResolver(values, context, options);
      // The one rule that needs a clock: the browser's today at the departure terminals.
      if (values.trip === 'open' || !values.date || values.date >= minDate || result.errors.date)
        return result;
      return {
        values: {},
        errors: { ...result.errors, date: { type: 'past', message: 'search_error_date_past' } },
      };
    },
    [minDate],
  );
  const { control, register, setValue, getValues, trigger, formState } = useForm<SearchValues>({
    defaultValues: defaults,
    resolver,
    ...(refused ? { errors: refused } : {}),
  });
  useEffect(() => {
    // Fetched while the traveller fills the form, so "Search" does not wait for it (a failure shows on submit).
    import('./validate.ts').catch(() => undefined);
  }, []);
  useEffect(() => {
    showStartingValues(defaults, (path, value) => {
      setValue(path as keyof SearchValues, value);
    });
    return keepDraftOnLanguageSwitch('search', getValues);
  }, [defaults, getValues, setValue]);
  const errorsOf = (field: keyof SearchValues) =>
    errorsAt(formState.errors, field, (message) => errorText(message, locale));

  const watched = useWatch({ control, name: ['trip', 'from', 'date'] });
  // The hydration render draws what the server drew (a different list of options would make React redo the
  // island from scratch); the next render shows the adopted values.
  const [trip, from, date] = hydrated ? watched : [initial.trip, initial.from, initial.date];
  const origin = terminals.find((t) => t.code === from);
  const destinations = origin ? terminals.filter((t) => origin.destinations.includes(t.code)) : terminals;
  const open = trip === 'open' && hydrated;
  const showReturn = trip === 'two_way' || !hydrated;

  // The To list follows From: render the new origin's destinations first, then choose among them.
  const swap = () => {
    const next = swapRoute(terminals, getValues('from'), getValues('to'));
    const check = { shouldValidate: Boolean(formState.errors.from ?? formState.errors.to) };
    flushSync(() => {
      setValue('from', next.from, check);
    });
    setValue('to', next.to, check);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault();
    const element = event.currentTarget;
    // Valid: the browser sends the form as it would have without JavaScript (only the fields on screen).
    void trigger(undefined, { shouldFocus: true }).then((valid) => {
      if (valid) element.submit();
    });
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
      id={FORM_ID}
      method="get"
      action={action}
      noValidate
      onSubmit={hydrated ? onSubmit : undefined}
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
              value={value}
              defaultChecked={defaults.trip === value}
              className="sr-only"
              {...register('trip')}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {trip === 'open' && <p className="-mt-2 text-sm text-base-content/80">{text.openHint}</p>}

      {/* One under the other, full width: a phone shows whole terminal names. */}
      <div className="grid gap-3">
        <Field id="search-from" label={text.from} errors={errorsOf('from')}>
          <select
            className={inputClass}
            defaultValue={defaults.from}
            {...register('from', {
              onChange: (event: { target: { value: string } }) => {
                const chosen = terminals.find((t) => t.code === event.target.value);
                if (chosen && !chosen.destinations.includes(getValues('to'))) setValue('to', '');
              },
            })}
          >
            <option value="">{text.chooseTerminal}</option>
            {terminalOptions(terminals)}
          </select>
        </Field>
        <div className="relative">
          <Field id="search-to" label={text.to} errors={errorsOf('to')}>
            <select className={inputClass} defaultValue={defaults.to} {...register('to')}>
              <option value="">{text.chooseTerminal}</option>
              {terminalOptions(destinations)}
            </select>
          </Field>
          {/* In the free corner between From and To (no layout shift when it appears); a plain form has no use for it. */}
          {hydrated && (
            <button
              type="button"
              onClick={swap}
              aria-label={text.swap}
              title={text.swap}
              data-testid="search-swap"
              className="btn absolute end-2 -top-3 btn-circle size-9 border-base-300 bg-base-100 shadow-none btn-sm"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M8 20V4M4 8l4-4 4 4M16 4v16M12 16l4 4 4-4" />
              </svg>
            </button>
          )}
        </div>
      </div>

      {!open && (
        <div className="grid grid-cols-2 gap-3">
          <Field id="search-date" label={text.date} errors={errorsOf('date')}>
            <input
              type="date"
              min={minDate}
              className={inputClass}
              defaultValue={defaults.date}
              {...register('date', {
                onChange: (event: { target: { value: string } }) => {
                  const back = getValues('returnDate');
                  if (back && back < event.target.value) setValue('returnDate', event.target.value);
                },
              })}
            />
          </Field>
          {showReturn && (
            <Field id="search-return" label={text.returnDate} errors={errorsOf('returnDate')}>
              <input
                type="date"
                min={date || minDate}
                className={inputClass}
                defaultValue={defaults.returnDate}
                {...register('returnDate')}
              />
            </Field>
          )}
        </div>
      )}

      <PassengerFields defaults={defaults} register={register} errorsOf={errorsOf} text={text} />

      <button type="submit" className="btn w-full rounded-full shadow-none btn-lg btn-primary">
        {text.submit}
      </button>
    </form>
  );
}
