import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const load = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const en = load('en');
const id = load('id');
const keys = (catalogue: Record<string, string>) => Object.keys(catalogue).filter((key) => key !== '$schema');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogues', () => {
  it('have the same keys in English and Indonesian', () => {
    expect(keys(id).sort()).toEqual(keys(en).sort());
  });

  it('have no empty message', () => {
    for (const [key, text] of [...Object.entries(en), ...Object.entries(id)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of keys(en)) {
      expect(placeholders(id[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it('keep the wording of the session-expiry and generic error messages (docs/product-rules.md)', () => {
    expect(en.session_expired).toBe('Login session has ended, please login again');
    expect(en.notification_generic_error).toBe('An error occurred');
  });
});
