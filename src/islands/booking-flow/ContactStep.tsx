import { Field, inputClass } from '../shared/Field.tsx';
import type { CountryOption } from './countries.ts';
import type { ContactValues, DetailsErrors, FlowLabels } from './types.ts';

interface Props {
  values: ContactValues;
  errors: DetailsErrors;
  labels: FlowLabels;
  countries: CountryOption[];
  onChange: (field: keyof ContactValues, value: string) => void;
}

/** Contact person: who gets the e-mails and whom the agency calls. Field names match the plain form's. */
export function ContactStep({ values, errors, labels, countries, onChange }: Props) {
  const bind = (field: keyof ContactValues) => ({
    name: `contact.${field}`,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      onChange(field, event.currentTarget.value);
    },
  });
  return (
    <fieldset className="grid gap-4">
      <legend className="text-xl font-bold">{labels.contactTitle}</legend>
      <p className="text-sm">{labels.contactHint}</p>
      <Field id="contact-fullName" label={labels.fullName} errors={errors['contact.fullName']}>
        <input className={inputClass} autoComplete="name" required maxLength={100} {...bind('fullName')} />
      </Field>
      <Field id="contact-email" label={labels.email} errors={errors['contact.email']}>
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
        <Field
          id="contact-phone"
          label={labels.phone}
          hint={labels.phoneHint}
          errors={errors['contact.phone']}
        >
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
