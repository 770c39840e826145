import { categoryOnTravelDate, type PassengerCategory } from '../../domain/passengers.ts';
import { Field, inputClass } from '../shared/Field.tsx';
import { bindField, errorsAt } from '../shared/form-state.ts';
import type { PassengerValues, StepFields } from './types.ts';

interface Props extends StepFields {
  party: PassengerCategory[];
  today: string;
  /** The first sailing's date: a saved passenger is offered for the slots of the category they travel in then. */
  travelDate: string;
  twoWay: boolean;
  /** A logged-in holder's Passenger list (after hydration: picking needs script); empty for guests. */
  saved: (PassengerValues & { id: string })[];
  /**
   * A logged-in holder: each passenger may join their Passenger list (`saveToList.N`). Unticked at first (a ticked
   * default would be read back from the page each time the step shows again, undoing an untick).
   */
  offerSaving: boolean;
}

const passengerFields = [
  'fullName',
  'dateOfBirth',
  'passportNumber',
  'passportIssued',
  'passportExpiry',
  'passportCountry',
] as const;

/** One card per passenger, as on the passport. A passenger belongs to the booking: typed once, on both legs. */
export function PassengerStep({
  form,
  defaults,
  errors,
  text,
  labels,
  countries,
  firstRefused,
  party,
  today,
  travelDate,
  twoWay,
  saved,
  offerSaving,
}: Props) {
  return (
    <div className="grid gap-4">
      {twoWay && <p className="rounded-box bg-base-200 p-3 text-sm">{labels.bothLegs}</p>}
      {defaults.passengers.map((passenger, index) => {
        const key = `passengers.${String(index)}` as `passengers.${number}`;
        const bind = (field: keyof PassengerValues) =>
          bindField(form, `${key}.${field}`, passenger[field], firstRefused);
        const errorsOf = (field: keyof PassengerValues) => errorsAt(errors, `${key}.${field}`, text);
        const id = (field: string) => `passenger-${String(index)}-${field}`;
        const category = party[index] ?? 'adult';
        // Only who travels in this slot's category (an infant's card offers no adult); a date of birth not saved yet
        // says nothing against anyone.
        const fitting = saved.filter(
          (entry) => !entry.dateOfBirth || categoryOnTravelDate(entry.dateOfBirth, travelDate) === category,
        );
        return (
          <fieldset key={key} className="grid gap-3 rounded-box border border-base-300 p-4 sm:grid-cols-2">
            <legend className="px-1 text-lg font-bold">
              {labels.passengerTitle.replace('{number}', String(index + 1))} · {labels.categories[category]}
            </legend>
            {fitting.length > 0 && (
              <div className="sm:col-span-2">
                <Field id={id('saved')} label={labels.pickSaved}>
                  <select
                    className={inputClass}
                    defaultValue=""
                    data-testid={id('saved')}
                    onChange={(event) => {
                      const chosen = fitting.find((entry) => entry.id === event.target.value);
                      if (!chosen) return;
                      for (const field of passengerFields) {
                        form.setValue(`${key}.${field}`, chosen[field], { shouldDirty: true });
                        form.clearErrors(`${key}.${field}`);
                      }
                    }}
                  >
                    <option value="">{labels.pickSavedNone}</option>
                    {fitting.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.fullName}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
            )}
            <div className="sm:col-span-2">
              <Field
                id={id('fullName')}
                label={labels.fullName}
                hint={labels.fullNameHint}
                errors={errorsOf('fullName')}
              >
                <input
                  className={inputClass}
                  autoComplete="off"
                  required
                  maxLength={100}
                  {...bind('fullName')}
                />
              </Field>
            </div>
            <Field id={id('dateOfBirth')} label={labels.birthDate} errors={errorsOf('dateOfBirth')}>
              <input className={inputClass} type="date" max={today} required {...bind('dateOfBirth')} />
            </Field>
            <Field
              id={id('passportNumber')}
              label={labels.passportNumber}
              errors={errorsOf('passportNumber')}
            >
              <input
                className={`${inputClass} font-mono uppercase`}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                maxLength={20}
                {...bind('passportNumber')}
              />
            </Field>
            <Field
              id={id('passportCountry')}
              label={labels.passportCountry}
              errors={errorsOf('passportCountry')}
            >
              <select className={inputClass} required {...bind('passportCountry')}>
                <option value="">{labels.chooseCountry}</option>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id={id('passportIssued')}
              label={labels.passportIssued}
              errors={errorsOf('passportIssued')}
            >
              <input className={inputClass} type="date" max={today} required {...bind('passportIssued')} />
            </Field>
            <Field
              id={id('passportExpiry')}
              label={labels.passportExpiry}
              hint={labels.passportExpiryHint}
              errors={errorsOf('passportExpiry')}
            >
              <input className={inputClass} type="date" min={today} required {...bind('passportExpiry')} />
            </Field>
            {offerSaving && (
              <label className="flex min-h-11 items-center gap-3 sm:col-span-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary"
                  data-testid={id('save-to-list')}
                  {...form.register(`saveToList.${index}`)}
                />
                {labels.saveToList}
              </label>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
