import { Field, inputClass } from '../shared/Field.tsx';
import { bindField, errorsAt } from '../shared/form-state.ts';
import type { ContactValues, StepFields } from './types.ts';

interface Props extends StepFields {
  /** A number typed with "+": the country picker follows it. */
  onPhoneTyped: (typed: string) => void;
}

/** Contact person: who gets the e-mails and whom the agency calls. Field names match the plain form's. */
export function ContactStep({
  form,
  defaults,
  errors,
  text,
  labels,
  countries,
  firstRefused,
  onPhoneTyped,
}: Props) {
  const path = (field: keyof ContactValues) => `contact.${field}` as const;
  const bind = (field: keyof ContactValues) =>
    bindField(
      form,
      path(field),
      defaults.contact[field],
      firstRefused,
      field === 'phone'
        ? {
            onChange: (event: { target: { value: string } }) => {
              onPhoneTyped(event.target.value);
            },
          }
        : {},
    );
  const errorsOf = (field: keyof ContactValues) => errorsAt(errors, path(field), text);
  return (
    <fieldset className="grid gap-4">
      <legend className="text-xl font-bold">{labels.contactTitle}</legend>
      <p className="text-sm">{labels.contactHint}</p>
      <Field id="contact-fullName" label={labels.fullName} errors={errorsOf('fullName')}>
        <input className={inputClass} autoComplete="name" required maxLength={100} {...bind('fullName')} />
      </Field>
      <Field id="contact-email" label={labels.email} errors={errorsOf('email')}>
        <input className={inputClass} type="email" autoComplete="email" required {...bind('email')} />
      </Field>
      <div className="grid grid-cols-[minmax(0,10rem)_1fr] gap-3">
        <Field id="contact-phoneCountry" label={labels.phoneCountry}>
          <select className={inputClass} autoComplete="tel-country-code" {...bind('phoneCountry')}>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name} (+{country.dial})
              </option>
            ))}
          </select>
        </Field>
        <Field id="contact-phone" label={labels.phone} hint={labels.phoneHint} errors={errorsOf('phone')}>
          <input
            className={inputClass}
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            required
            maxLength={250}
            {...bind('phone')}
          />
        </Field>
      </div>
    </fieldset>
  );
}
