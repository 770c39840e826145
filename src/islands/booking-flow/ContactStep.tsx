import { useWatch } from 'react-hook-form';
import { Field, inputClass } from '../shared/Field.tsx';
import { bindField, errorsAt } from '../shared/form-state.ts';
import { PhoneInput } from '../shared/PhoneInput.tsx';
import type { ContactValues, StepFields } from './types.ts';

/** Contact person: who gets the e-mails and whom the agency calls. Field names match the plain form's. */
export function ContactStep({ form, defaults, errors, text, labels, countries, firstRefused }: StepFields) {
  const path = (field: keyof ContactValues) => `contact.${field}` as const;
  const bind = (field: keyof ContactValues, onChange?: (value: string) => void) =>
    bindField(form, path(field), defaults.contact[field], firstRefused, {
      onChange: (event: { target: { value: string } }) => {
        onChange?.(event.target.value);
      },
    });
  const errorsOf = (field: keyof ContactValues) => errorsAt(errors, path(field), text);
  const phoneCountry = useWatch({ control: form.control, name: 'contact.phoneCountry' });
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
      <PhoneInput
        ids={{ country: 'contact-phoneCountry', phone: 'contact-phone' }}
        labels={{
          country: labels.phoneCountry,
          phone: labels.phone,
          hint: labels.phoneHint,
          example: labels.phoneExample,
        }}
        countries={countries}
        country={phoneCountry}
        errors={errorsAt(errors, path('phone'), text, true)}
        bind={(control, onChange) => bind(control === 'country' ? 'phoneCountry' : 'phone', onChange)}
        setCountry={(code) => {
          form.setValue('contact.phoneCountry', code);
        }}
        autoComplete="tel-national"
      />
    </fieldset>
  );
}
