import { describe, expect, it } from 'vitest';
import { withExample } from '../../../src/islands/shared/PhoneInput.tsx';

describe('the example line under a refused phone number', () => {
  const template = 'For example: {example}';

  it('comes last, once, for the country picked now', () => {
    expect(withExample(['The number is too short'], template, '8123 4567')).toEqual([
      'The number is too short',
      'For example: 8123 4567',
    ]);
    expect(withExample(undefined, template, '8123 4567')).toBeUndefined();
    expect(withExample([], template, '8123 4567')).toEqual([]);
  });

  it("replaces the example a refused plain post brought (another country's too), after the first reason alone", () => {
    expect(withExample(['Too short', 'For example: 0812-345-678'], template, '8123 4567')).toEqual([
      'Too short',
      'For example: 8123 4567',
    ]);
    expect(
      withExample(
        ['Terlalu pendek', 'Bukan nomor', 'Contoh: 0812-345-678'],
        'Contoh: {example}',
        '0812-345-678',
      ),
    ).toEqual(['Terlalu pendek', 'Contoh: 0812-345-678']);
  });

  it("keeps the plain post's example until the picked country's is known (the server-rendered field)", () => {
    expect(
      withExample(['Too short', 'Not a number', 'For example: 0812-345-678'], template, undefined),
    ).toEqual(['Too short', 'For example: 0812-345-678']);
    expect(withExample(['Too short', 'Not a number'], template, undefined)).toEqual(['Too short']);
  });
});

describe('the example line in the catalogues', () => {
  it('has its {example} after a lead text in both languages (withExample finds the old line by it)', async () => {
    for (const locale of ['en', 'id']) {
      const { phone_example } = (await import(`../../../messages/${locale}.json`)) as {
        phone_example: string;
      };
      expect(phone_example.indexOf('{example}')).toBeGreaterThan(0);
    }
  });

  it('leaves the reasons alone with a line it cannot read', () => {
    expect(withExample(['Too short', 'Not a number'], '{example}', '8123 4567')).toEqual(['Too short']);
    expect(withExample(['Too short'], 'No placeholder', '8123 4567')).toEqual(['Too short']);
  });
});
