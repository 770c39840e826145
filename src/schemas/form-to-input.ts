import type * as z from 'zod/mini';
import { formHints } from './form-hints.ts';
import { toE164 } from './phone.ts';
import { DEFAULT_PHONE_COUNTRY } from '../domain/phone-country.ts';

/** More rows than any form has (a party is at most 9): a hostile post cannot make the mapping loop long. */
const MAX_ROWS = 20;

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
}
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Def;

/** The schema inside wrappers that change nothing a form posts (optional, default, nullable, readonly). */
function unwrapped(schema: z.ZodMiniType): { schema: z.ZodMiniType; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (
      ['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch'].includes(def.type) &&
      def.innerType
    ) {
      optional ||= def.type !== 'readonly';
      current = def.innerType;
    } else return { schema: current, optional };
  }
}

const isNumber = (schema: z.ZodMiniType): boolean => {
  const inner = defOf(unwrapped(schema).schema);
  return inner.type === 'number' || (inner.type === 'pipe' && inner.in !== undefined && isNumber(inner.in));
};

/** The row numbers a form posts under `prefix` (`passengers.0.fullName` → 0), in order. */
function rowsUnder(form: URLSearchParams, prefix: string): number[] {
  const rows = new Set<number>();
  for (const key of form.keys()) {
    const row = new RegExp(`^${prefix.replace(/\./g, '\\.')}\\.(\\d{1,2})(?:\\.|$)`).exec(key)?.[1];
    if (row !== undefined && Number(row) < MAX_ROWS) rows.add(Number(row));
  }
  return [...rows].sort((a, b) => a - b);
}

function valueAt(schema: z.ZodMiniType, form: URLSearchParams, name: string): unknown {
  const { schema: inner, optional } = unwrapped(schema);
  const def = defOf(inner);
  if (def.type === 'object' && def.shape) {
    const prefix = name === '' ? '' : `${name}.`;
    return Object.fromEntries(
      Object.entries(def.shape).flatMap(([field, fieldSchema]) => {
        const value = valueAt(fieldSchema, form, `${prefix}${field}`);
        return value === undefined ? [] : [[field, value]];
      }),
    );
  }
  if (def.type === 'array' && def.element) {
    const element = def.element;
    const repeated = form.getAll(name);
    if (repeated.length > 0) return repeated.slice(0, MAX_ROWS);
    const rows = rowsUnder(form, name);
    // A list of positions (`saveToList.2` ticked): the positions whose box was posted (an unticked box is not).
    if (isNumber(element)) return rows.length === 0 && optional ? undefined : rows;
    if (rows.length === 0) return optional ? undefined : [];
    return rows.map((row) => valueAt(element, form, `${name}.${String(row)}`));
  }
  if (formHints.get(inner)?.kind === 'phone' || formHints.get(schema)?.kind === 'phone') {
    const typed = form.get(name) ?? '';
    if (typed === '' && optional) return undefined;
    // No country posted (or an empty picker): the form's default.
    const country = form.get(`${name}Country`);
    return toE164(country === null || country === '' ? DEFAULT_PHONE_COUNTRY : country, typed);
  }
  const posted = form.get(name);
  // A field the schema reads itself (a ticked box through `agreement`, a code it normalizes): as posted, absent when
  // not; the schema says what a blank one means.
  if (def.type === 'pipe' || def.type === 'transform') return posted ?? undefined;
  if (def.type === 'boolean') return posted === null ? undefined : posted === 'on' || posted === 'true';
  // Nothing typed in an optional field is the field left out; a required one hears its own "required" message.
  if (posted === null || posted === '') return optional ? undefined : '';
  return posted;
}

/**
 * A plain form's post as the use case's input, read through its schema: field names are the schema's paths
 * (`contact.fullName`, `passengers.0.passportNumber`), a repeated field is a list (`tickets`), rows of a list of
 * objects are numbered, a ticked box is `on` (the schema's `agreement` reads it), an empty optional field is left
 * out, and a phone is read with its country. The schema then checks and converts it as it does a JSON body, so the
 * two doors cannot read a field differently. Replaces the hand-written mapping beside each form.
 */
export function formToInput(schema: z.ZodMiniType, form: URLSearchParams): unknown {
  return valueAt(schema, form, '');
}

/**
 * The longest value each top-level field of a form's schema takes (its `maxLength` check): what the form's inputs
 * say as `maxlength`, so the limits a person meets in the browser are the schema's own.
 */
export function maxLengthsOf(schema: z.ZodMiniType): Record<string, number> {
  const shape = defOf(unwrapped(schema).schema).shape ?? {};
  return Object.fromEntries(
    Object.entries(shape).flatMap(([field, fieldSchema]) => {
      const checks = defOf(unwrapped(fieldSchema).schema).checks ?? [];
      const most = checks.flatMap((check) =>
        check._zod.def.check === 'max_length' && check._zod.def.maximum !== undefined
          ? [check._zod.def.maximum]
          : [],
      );
      return most.length > 0 ? [[field, Math.min(...most)]] : [];
    }),
  );
}
