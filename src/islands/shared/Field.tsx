import { asSentences } from '../../i18n/sentences.ts';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

export const inputClass =
  'border-base-300 bg-base-100 focus:border-primary focus:outline-primary/30 aria-invalid:border-error h-12 w-full min-w-0 rounded-field border px-3 text-base focus:outline-4';

interface Props {
  id: string;
  label: string;
  hint?: string | undefined;
  errors?: string[] | undefined;
  /** Say the errors as a list under this lead (a new password's missing rules), not as sentences. */
  listLead?: string | undefined;
  children: ReactNode;
}

/** A label, one control and its errors, wired for screen readers (no helper row unless there is an error). */
export function Field({ id, label, hint, errors, listLead, children }: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = Children.only(children);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {hint && (
          <span id={hintId} className="block text-xs font-normal text-base-content/70">
            {hint}
          </span>
        )}
      </label>
      {isValidElement(control)
        ? cloneElement(control as ReactElement<Record<string, unknown>>, {
            id,
            'aria-invalid': errors?.length ? true : undefined,
            'aria-describedby': describedBy,
          })
        : control}
      {errors?.length && listLead ? (
        <div id={errorId} className="text-sm text-error">
          <p>{listLead}</p>
          <ul className="list-disc ps-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : errors?.length ? (
        <p id={errorId} className="text-sm text-error">
          {asSentences(errors)}
        </p>
      ) : null}
    </div>
  );
}
