import { describe, expect, it } from 'vitest';
import { asSentences, firstReason } from '../../../src/i18n/sentences.ts';

describe('messages said in a row', () => {
  it('puts a full stop between a reason and its example, in both languages', () => {
    expect(asSentences(['The phone number is too short for this country', 'For example: 0812-345-678'])).toBe(
      'The phone number is too short for this country. For example: 0812-345-678',
    );
    expect(asSentences(['Nomor telepon terlalu pendek untuk negara ini', 'Contoh: 0812-345-678'])).toBe(
      'Nomor telepon terlalu pendek untuk negara ini. Contoh: 0812-345-678',
    );
  });

  it('adds no second stop, and leaves one message as written', () => {
    expect(asSentences(['Sold out.', 'Search again?', 'Done'])).toBe('Sold out. Search again? Done');
    expect(asSentences(['Full Name is required'])).toBe('Full Name is required');
    expect(asSentences([' ', 'Only this '])).toBe('Only this');
    expect(asSentences([])).toBe('');
  });
});

describe("a field's reasons", () => {
  it('are the first one alone', () => {
    expect(firstReason(['Email is required', 'Enter a valid email address'])).toEqual(['Email is required']);
    expect(firstReason([])).toEqual([]);
  });
});
