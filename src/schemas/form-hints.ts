import * as z from 'zod/mini';

/**
 * How a schema's field is posted by a plain form, where that differs from its value: a phone is typed as a national
 * number beside its country (`phone` and `phoneCountry`), and kept as E.164. Registered on the field's schema
 * (`.register(formHints, { kind: 'phone' })`), so every form that reuses the field reads it the same way.
 */
export const formHints = z.registry<{ kind: 'phone' }>();
