// The site's page routes, read from src/pages (so a new page or form post is fuzzed by existing), and the form
// fields the site's forms post, read from the shared schemas.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as z from 'zod/mini';
import { apiContracts } from '../../../src/server/http/contracts.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Every page and endpoint under src/pages (the API has its own fuzz suite) as path patterns in both languages:
 * `/id/booking/:id/payment`. Dynamic segments keep their name (`:id`, `:route`).
 */
export function pageRoutes(root = 'src/pages', only: (source: string) => boolean = () => true): string[] {
  const patterns = files(root)
    .filter((file) => only(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file).replace(/\.(astro|ts)$/, ''))
    .filter((path) => !path.startsWith('api/'))
    .map((path) =>
      `/${path}`
        .replace(/\/index$/, '')
        .replace(/\[\.\.\.(\w+)\]/g, '{$1}')
        .replace(/\[(\w+)\]/g, ':$1'),
    );
  return patterns.flatMap((pattern) =>
    pattern.startsWith('/{locale}')
      ? [pattern.replace('/{locale}', '') || '/', pattern.replace('/{locale}', '/id')]
      : [pattern],
  );
}

/** The routes that take a form post: their source answers POST. */
export const formRoutes = () => pageRoutes('src/pages', (source) => source.includes('POST'));

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

function names(schema: JsonSchema, prefix: string): string[] {
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      names(value, prefix ? `${prefix}.${key}` : key),
    );
  if (schema.type === 'array' && schema.items)
    return [0, 1].flatMap((i) => names(schema.items ?? {}, `${prefix}.${String(i)}`));
  return [prefix];
}

/** The fields the site's forms post: every body schema's fields, dotted as the plain forms name them. */
export function formFieldNames(): string[] {
  const fromSchemas = Object.values(apiContracts).flatMap((contract) =>
    contract.body
      ? names(z.toJSONSchema(contract.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema, '')
      : [],
  );
  // Fields some forms add to a schema's: the phone's country (the plain form), the simulator's VA and amount.
  return [...new Set([...fromSchemas, 'contact.phoneCountry', 'va', 'amount'])];
}
