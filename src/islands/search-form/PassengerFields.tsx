import { Field, inputClass } from '../shared/Field.tsx';
import type { labels } from './messages.ts';
import type { FieldErrors, SearchValues } from './types.ts';

interface Props {
  values: SearchValues;
  errors: FieldErrors;
  text: ReturnType<typeof labels>;
  onChange: (field: keyof SearchValues) => (value: string) => void;
}

/** Adults, children and infants: number inputs that work without JavaScript. */
export function PassengerFields({ values, errors, text, onChange }: Props) {
  const fields = [
    { name: 'adults', label: text.adults, hint: text.adultsHint, min: 1 },
    { name: 'children', label: text.children, hint: text.childrenHint, min: 0 },
    { name: 'infants', label: text.infants, hint: text.infantsHint, min: 0 },
  ] as const;
  return (
    <fieldset className="grid grid-cols-3 items-end gap-3">
      <legend className="mb-1 text-sm font-semibold">{text.passengers}</legend>
      {fields.map((field) => (
        <Field
          key={field.name}
          id={`search-${field.name}`}
          label={field.label}
          hint={field.hint}
          errors={errors[field.name]}
        >
          <input
            type="number"
            inputMode="numeric"
            name={field.name}
            min={field.min}
            max={9}
            step={1}
            className={inputClass}
            value={values[field.name]}
            onChange={(e) => {
              onChange(field.name)(e.target.value);
            }}
          />
        </Field>
      ))}
    </fieldset>
  );
}
