// Values no form would send, for the fuzz suites: what breaks parsers, databases and headers.
import fc from 'fast-check';

/** A valid e-mail address as long as addresses get (254 characters): longer than many a column or key. */
export const longestEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.id`;

/** Strings: empty, control characters, lone surrogates, bidirectional marks, emoji, CR/LF, markup, very long. */
export const hostileString = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDFFFy',
      '\u202Eevil\u202C',
      '\u2066x\u2069',
      '😀🚢',
      'line\r\nSet-Cookie: x=1',
      '%00%zz%',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '../../etc/passwd',
      'NaN',
      'null',
      '[object Object]',
      '__proto__',
      longestEmail,
    ),
  },
  // A plausible word with one character no one types: control, bidirectional override, or half a surrogate pair.
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.constantFrom('Ana', 'siti@example.co.id', '+6281234567890', 'C1234567', '2031-03-01', 'ID', 'bni'),
        fc.constantFrom(
          ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
          '\u007F',
          '\u0085',
          '\u202A',
          '\u202E',
          '\u2066',
          '\u2069',
          '\uD83D',
          '\uDE00',
        ),
        fc.nat(),
      )
      .map(
        ([word, odd, at]) => word.slice(0, at % (word.length + 1)) + odd + word.slice(at % (word.length + 1)),
      ),
  },
  { weight: 5, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Long (10 KB: within the body limit, far too long for any field or header), past the 64 KB body limit, and far
  // past it (1 MB), now and then.
  { weight: 1, arbitrary: fc.constantFrom('w'.repeat(10_000), 'x'.repeat(70_000), 'y'.repeat(1_000_000)) },
);

/** Numbers at and past 32-bit and safe-integer limits, fractions, signs, and things that only look numeric. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.999,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    1e308,
    -1e308,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Dates at the extremes and impossible ones, as ISO strings. */
export const hostileDate = fc.constantFrom(
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31',
  '275760-09-13',
  '-271821-04-20',
  '2026-11-23T25:61:00Z',
  '+275760-09-13T00:00:00.000Z',
);

/** Any JSON value, nested, including a deep one. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant(Array.from({ length: 2000 }).reduce<unknown>((inner) => ({ a: inner }), 1)),
  fc.constant(Array.from({ length: 2000 }).reduce<unknown>((inner) => [inner], [])),
);

/** Any hostile leaf value, whatever type the schema wanted. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  hostileDate,
  fc.constantFrom(null, true, false, [], {}, ['a', 'b']),
);
