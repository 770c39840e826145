import { useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { CountryOption } from '../booking-flow/countries.ts';
import { Field, inputClass } from '../shared/Field.tsx';
import { errorsAt } from '../shared/form-state.ts';
import { PhoneInput } from '../shared/PhoneInput.tsx';
import { asSentences, firstReason } from '../../i18n/sentences.ts';
import { passwordProblemKeys, type FieldSpec } from '../../schemas/account-fields.ts';

interface Props {
  spec: FieldSpec;
  form: UseFormReturn;
  errors: FieldErrors;
  t: (key: string) => string;
  countries: CountryOption[];
  links: { terms: string; privacy: string };
  /** The field's starting value: the server's HTML shows it (react-hook-form writes no value attribute). */
  value: string;
  country: string;
  autoFocus: boolean;
  /** The schema's longest value for this field, if it says one. */
  limit: number | undefined;
}

/** One field of an account form, by its kind: the label, the control (named as the plain form posts it), errors. */
export function AccountField(props: Props) {
  const { spec, form, errors, t, countries, links, value, country, autoFocus, limit } = props;
  const id = `account-${spec.name}`;
  // The phone input's example follows the picked country (undefined until the form holds one).
  const watchedCountry = useWatch({ control: form.control, name: 'phoneCountry' }) as string | undefined;
  // After a refused plain-form post the page opens on the first field to fix (no script needed to focus it).
  const focus = autoFocus ? { autoFocus: true } : {};
  // One reason per field; the phone input says its example after it, a new password lists the rules it misses.
  const reasons = errorsAt(errors, spec.name, (message) => message, true);
  const errorList = reasons && firstReason(reasons);
  const ruleTexts = new Set(Object.values(passwordProblemKeys).map(t));
  const missingRules =
    spec.kind === 'newPassword' && reasons?.[0] && ruleTexts.has(reasons[0])
      ? reasons.filter((reason) => ruleTexts.has(reason))
      : undefined;
  const bind = (name: string, starting: string, onChange?: (typed: string) => void) => ({
    ...form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.clearErrors(name);
        onChange?.(event.target.value);
      },
    }),
    defaultValue: starting,
  });
  const countryOptions = countries.map((option) => (
    <option key={option.code} value={option.code}>
      {option.name}
    </option>
  ));

  switch (spec.kind) {
    case 'shown':
      return (
        <div className="grid gap-1">
          <span className="text-sm font-semibold">{t(spec.label)}</span>
          <span className="break-all" data-testid={id}>
            {value}
          </span>
        </div>
      );
    case 'phone':
      return (
        <PhoneInput
          ids={{ country: `${id}-country`, phone: id }}
          labels={{
            country: t('flow_phone_country'),
            phone: t(spec.label),
            hint: t('flow_phone_hint'),
            example: t('phone_example'),
          }}
          countries={countries}
          country={watchedCountry ?? country}
          errors={reasons}
          bind={(control, onChange) => ({
            ...(control === 'phone' ? focus : {}),
            ...bind(
              control === 'country' ? 'phoneCountry' : spec.name,
              control === 'country' ? country : value,
              onChange,
            ),
          })}
          setCountry={(code) => {
            form.setValue('phoneCountry', code);
          }}
          autoComplete={spec.autocomplete ?? 'tel-national'}
        />
      );
    case 'gender':
      return (
        <fieldset className="grid gap-1" aria-describedby={errorList ? `${id}-error` : undefined}>
          <legend className="text-sm font-semibold">{t(spec.label)}</legend>
          <div className="flex gap-6 py-2">
            {(['male', 'female'] as const).map((gender) => (
              <label key={gender} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  className="size-5 accent-primary"
                  value={gender}
                  defaultChecked={value === gender}
                  {...form.register(spec.name, {
                    onChange: () => {
                      form.clearErrors(spec.name);
                    },
                  })}
                />
                {t(`account_gender_${gender}`)}
              </label>
            ))}
          </div>
          {errorList && (
            <p id={`${id}-error`} className="text-sm text-error">
              {asSentences(errorList)}
            </p>
          )}
        </fieldset>
      );
    case 'country':
      return (
        <Field id={id} label={t(spec.label)} errors={errorList}>
          <select className={inputClass} required {...focus} {...bind(spec.name, value)}>
            <option value="">{t('account_choose_country')}</option>
            {countryOptions}
          </select>
        </Field>
      );
    // A box to tick: the terms of a sign-up (with links to read them) or a confirmation (delete my account).
    case 'check':
    case 'agree':
      return (
        <div className="grid gap-1">
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary"
              value="on"
              id={id}
              defaultChecked={value === 'on'}
              aria-invalid={errorList ? true : undefined}
              aria-describedby={errorList ? `${id}-error` : undefined}
              {...form.register(spec.name, {
                onChange: () => {
                  form.clearErrors(spec.name);
                },
              })}
            />
            <span>{t(spec.label)}</span>
          </label>
          {spec.kind === 'agree' && (
            <p className="flex flex-wrap gap-x-4 ps-8 text-sm">
              <a className="text-link" href={links.terms} target="_blank" rel="noopener">
                {t('account_agree_terms_link')}
              </a>
              <a className="text-link" href={links.privacy} target="_blank" rel="noopener">
                {t('account_agree_privacy_link')}
              </a>
            </p>
          )}
          {errorList && (
            <p id={`${id}-error`} className="text-sm text-error">
              {asSentences(errorList)}
            </p>
          )}
        </div>
      );
    default: {
      const type = spec.kind === 'newPassword' ? 'password' : spec.kind;
      return (
        <Field
          id={id}
          label={t(spec.label)}
          hint={
            spec.kind === 'newPassword' ? t('account_password_rule') : spec.hint ? t(spec.hint) : undefined
          }
          errors={missingRules ?? errorList}
          listLead={missingRules ? t('account_password_still_needs') : undefined}
        >
          <input
            className={inputClass}
            type={type}
            autoComplete={spec.autocomplete}
            required
            // The schema's limit; a date is ten characters, a password's rule says its own length.
            maxLength={limit ?? (spec.kind === 'date' ? 10 : 1024)}
            {...focus}
            {...bind(spec.name, spec.kind === 'password' || spec.kind === 'newPassword' ? '' : value)}
          />
        </Field>
      );
    }
  }
}
