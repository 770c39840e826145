import type { UseFormRegister } from 'react-hook-form';
import { Field, inputClass } from '../shared/Field.tsx';
import type { labels } from './messages.ts';
import type { SearchValues } from './types.ts';

interface Props {
  defaults: SearchValues;
  register: UseFormRegister<SearchValues>;
  errorsOf: (field: keyof SearchValues) => string[] | undefined;
  text: ReturnType<typeof labels>;
}

/** Adults, children and infants: number inputs that work without JavaScript. */
export function PassengerFields({ defaults, register, errorsOf, text }: Props) {
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
          errors={errorsOf(field.name)}
        >
          <input
            type="number"
            inputMode="numeric"
            min={field.min}
            max={9}
            step={1}
            className={inputClass}
            defaultValue={defaults[field.name]}
            {...register(field.name)}
          />
        </Field>
      ))}
    </fieldset>
  );
}
