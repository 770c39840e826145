// Requests shaped by the app's own zod schemas (through their JSON Schema): mostly plausible, with hostile values
// swapped in at any depth, missing and unknown keys, and whole wrong types, so the fuzzer reaches past the first
// check of every route.
import fc from 'fast-check';
import * as z from 'zod/mini';
import { hostileDate, hostileJson, hostileNumber, hostileString, hostileValue } from './hostile.ts';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
}

function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, valueFor(value)]),
      );
      return fc.record(shape, { requiredKeys: [] });
    }
    case 'array':
      return fc.array(valueFor(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 20, 20) + 2 });
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer({ min: -2, max: 12 }), hostileNumber);
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'))
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ maxLength: 30 });
    default:
      return hostileValue;
  }
}

/** A value for a schema: plausible most of the time, hostile (any type) sometimes. */
export function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const hostile =
    schema.type === 'string' ? fc.oneof(hostileString, hostileDate, hostileValue) : hostileValue;
  return fc.oneof({ weight: 3, arbitrary: plausible(schema) }, { weight: 1, arbitrary: hostile });
}

/** A payload for a zod schema (as its input), or now and then something else entirely. */
export function payloadFor(schema: z.ZodMiniType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileJson;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 });
  const shaped = fc
    .tuple(valueFor(json), extra)
    .map(([value, more]) =>
      typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...more, ...value } : value,
    );
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson });
}

/** Query parameters for a schema: the same values written as strings, keys sometimes repeated. */
export function queryFor(schema: z.ZodMiniType | undefined): fc.Arbitrary<string> {
  return payloadFor(schema).map((value) => {
    const query = new URLSearchParams();
    if (typeof value === 'object' && value !== null)
      for (const [key, v] of Object.entries(value)) {
        const text = typeof v === 'string' ? v : ((JSON.stringify(v) as string | undefined) ?? '');
        query.append(key, text.slice(0, 2000));
        if (text.length % 7 === 0) query.append(key, 'again');
      }
    return query.toString();
  });
}
