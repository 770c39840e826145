import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../src/i18n/locales.ts';

/**
 * docs/glossary.md is the one home of the terms: its "Forbidden forms" tables are read here, and every text a
 * traveller reads in that language is checked against them. E-mails and PDFs are built from the catalogues.
 */
interface Rule {
  pattern: RegExp;
  instead: string;
}

function rulesFor(locale: Locale): Rule[] {
  const glossary = readFileSync('docs/glossary.md', 'utf8');
  const heading = locale === 'id' ? '### Indonesian forbidden forms' : '### English forbidden forms';
  const section = glossary.slice(glossary.indexOf(heading) + heading.length).split('\n### ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `/'))
    .map((line) => {
      // Cells split on pipes that are not escaped; an escaped pipe is the regular expression's own alternation.
      const [source = '', instead = ''] = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|'));
      const literal = /^`\/(.*)\/([a-z]*)`$/.exec(source);
      if (!literal) throw new Error(`not a regular expression: ${source}`);
      return { pattern: new RegExp(literal[1] ?? '', `${literal[2] ?? ''}g`), instead };
    });
}

/** Every string of a JSON value, with where it is. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${path}[${String(index)}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  return [];
}

const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
/** Labels on a bank's own screen are quoted as the bank writes them: not checked. */
const unquoted = (text: string) => text.replace(/"[^"]*"|“[^”]*”/g, '""');

/** Every text a traveller reads in `locale`, as [where, text]. */
function texts(locale: Locale): [string, string][] {
  const catalogue = json(`messages/${locale}.json`) as Record<string, string>;
  const pages = readdirSync(`src/content/pages/${locale}`).map((file): [string, string] => [
    `pages/${locale}/${file}`,
    readFileSync(join(`src/content/pages/${locale}`, file), 'utf8').replace(/\]\([^)]*\)/g, ']()'),
  ]);
  const steps = readdirSync(`src/content/payment-instructions/${locale}`).flatMap((file) =>
    strings(
      json(join(`src/content/payment-instructions/${locale}`, file)),
      `payment-instructions/${locale}/${file}`,
    ).map(([where, text]): [string, string] => [where, unquoted(text)]),
  );
  const contacts = (json('src/content/contacts.json') as Record<string, unknown>[]).flatMap(
    (contact, index) =>
      Object.values(contact).flatMap((field) =>
        field && typeof field === 'object' && locale in field
          ? strings((field as Record<string, unknown>)[locale], `contacts.json[${String(index)}]`)
          : [],
      ),
  );
  return [
    ...Object.entries(catalogue)
      .filter(([key]) => key !== '$schema')
      .map(([key, text]): [string, string] => [`messages/${locale}.json ${key}`, text]),
    ...pages,
    ...steps,
    ...contacts,
  ];
}

describe.each(['id', 'en'] as const)('the %s texts follow docs/glossary.md', (locale) => {
  const rules = rulesFor(locale);

  it('has rules to check, one per row of its table (a row it cannot read fails here, not silently)', () => {
    const glossary = readFileSync('docs/glossary.md', 'utf8');
    const heading = locale === 'id' ? '### Indonesian forbidden forms' : '### English forbidden forms';
    const table = glossary.slice(glossary.indexOf(heading) + heading.length).split('\n### ')[0] ?? '';
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('|') && !/^\|\s*(-|Forbidden)/.test(line));
    expect(rules.length).toBeGreaterThan(5);
    expect(rules).toHaveLength(rows.length);
  });

  it('use none of the forms the glossary rejects', () => {
    const found: string[] = [];
    for (const [where, text] of texts(locale))
      for (const rule of rules)
        for (const match of text.matchAll(rule.pattern))
          found.push(`${where}: "${match[0]}" -> ${rule.instead}`);
    expect(found).toEqual([]);
  });
});
