import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../src/domain/password-rule.ts';
import { isCommonPassword } from '../../../src/server/auth/common-passwords.ts';

describe('the password rule', () => {
  it.each([
    ['Kapal-Feri-2026!', []],
    ['Ab1!efgh', []], // exactly 8
    ['Ab1!efg', ['too_short']],
    [`Ab1!${'x'.repeat(124)}`, []], // exactly 128
    [`Ab1!${'x'.repeat(125)}`, ['too_long']],
    ['kapal-feri-2026!', ['needs_upper']],
    ['KAPAL-FERI-2026!', ['needs_lower']],
    ['Kapal-Feri-dua!', ['needs_digit']],
    ['KapalFeri2026', ['needs_special']],
    ['Kapal Feri 2026', ['needs_special']], // a space is not a special character
    ['Perahu€2026abc', []],
    ['', ['too_short', 'needs_upper', 'needs_lower', 'needs_digit', 'needs_special']],
  ] as const)('%j: %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });
});

describe('common passwords', () => {
  it.each([
    ['password', true],
    ['Password1!', true], // follows the character rule, still one of the most used
    ['Qwerty123!', true],
    ['Kapal-Feri-2026!', false],
    ['Batam-Harbour-Bay-7', false],
  ])('%s: %s', (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});
