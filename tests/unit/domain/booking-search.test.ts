import { describe, expect, it } from 'vitest';
import { searchKeys } from '../../../src/domain/booking-search.ts';

describe("the console's one search box", () => {
  it.each([
    [
      'https://segaraferry.co.id/id/booking/abcdefghijklmnopqrstuvwx/payment',
      [{ kind: 'bookingId', id: 'abcdefghijklmnopqrstuvwx' }],
    ],
    ['Budi@Example.com ', [{ kind: 'email', email: 'budi@example.com' }]],
    ['et-k7m4qx-2', [{ kind: 'ticket', number: 'ET-K7M4QX-2', code: 'K7M4QX' }]],
    ['TK-K7M4QX-2R2', [{ kind: 'ticket', number: 'TK-K7M4QX-2R2', code: 'K7M4QX' }]],
    [
      'k7m 4qx',
      [
        { kind: 'code', code: 'K7M4QX' },
        { kind: 'passport', number: 'K7M4QX' },
      ],
    ],
    ['0812-3456-7890', [{ kind: 'phone', digits: '81234567890' }]],
    ['+65 9123 4567', [{ kind: 'phone', digits: '6591234567' }]],
    ['A1234567', [{ kind: 'passport', number: 'A1234567' }]],
    // A UK or US passport is 9 digits: a phone number too, so both are searched.
    [
      '123456789',
      [
        { kind: 'phone', digits: '123456789' },
        { kind: 'passport', number: '123456789' },
      ],
    ],
    [
      ' 0123456789 ',
      [
        { kind: 'phone', digits: '123456789' },
        { kind: 'passport', number: '0123456789' },
      ],
    ],
    // A name that is also a code's six letters is searched both ways.
    [
      'Rahman',
      [
        { kind: 'code', code: 'RAHMAN' },
        { kind: 'name', words: ['Rahman'] },
      ],
    ],
    [
      'hassan',
      [
        { kind: 'code', code: 'HASSAN' },
        { kind: 'name', words: ['hassan'] },
      ],
    ],
    [
      'Ayu Tan',
      [
        { kind: 'code', code: 'AYUTAN' },
        { kind: 'name', words: ['Ayu', 'Tan'] },
      ],
    ],
    ['Dewi Lestari', [{ kind: 'name', words: ['Dewi', 'Lestari'] }]],
    ['Nguyễn Thị', [{ kind: 'name', words: ['Nguyễn', 'Thị'] }]],
  ])('reads %j', (typed, keys) => {
    expect(searchKeys(typed)).toEqual(keys);
  });

  it('reads nothing into an empty or symbol-only box, and bounds what it reads', () => {
    expect(searchKeys('   ')).toEqual([]);
    expect(searchKeys('%%% ***')).toEqual([]);
    expect(searchKeys('\u0000')).toEqual([]);
    const long = searchKeys('a'.repeat(10_000));
    expect(long).toEqual([{ kind: 'name', words: ['a'.repeat(200)] }]);
  });
});
