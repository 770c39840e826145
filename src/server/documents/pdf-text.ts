/**
 * Text for pdf-lib's standard fonts (Helvetica and friends). They encode in WinAnsi (Windows-1252): drawing or
 * measuring a character outside it throws, so every string goes through `safeText` before it reaches a page.
 */

/** Printable WinAnsi (Windows-1252): ASCII, Latin-1 from U+00A1, and the extras Windows put at 0x80-0x9F. */
const winAnsiOnly = /^[\x20-\x7E\xA1-\xFF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]+$/u;
const isWinAnsi = (text: string) => winAnsiOnly.test(text);

/** Characters with a better stand-in than `?`: spaces Intl and word processors insert, dashes, arrows, letters
 * that have no decomposition (Ł is not L + a mark). */
const standIns: Record<string, string> = {
  '\u00a0': ' ', // no-break space
  '\u00ad': '', // soft hyphen
  '\u2007': ' ',
  '\u202f': ' ', // narrow no-break space (Intl times and numbers)
  '\u205f': ' ',
  '\u3000': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2015': '—',
  '\u2032': "'",
  '\u2033': '"',
  '→': '>',
  '⇒': '>',
  '➔': '>',
  '←': '<',
  '⇐': '<',
  '↔': '<>',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

const combiningMark = /\p{M}/u;
const combiningMarks = /\p{M}/gu;
const otherSpace = /[\t\n\r\v\f\u2000-\u200a\u2028\u2029]/u;

/**
 * `text` with only characters WinAnsi can encode: odd spaces become plain spaces, accented letters outside it
 * lose their accent (`ő` -> `o`, `Ł` -> `L`), and anything else (`王`, emoji) becomes `?`. Never throws.
 */
export function safeText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const standIn = standIns[char];
    if (standIn !== undefined) out += standIn;
    else if (isWinAnsi(char)) out += char;
    else if (otherSpace.test(char)) out += ' ';
    else if (combiningMark.test(char)) continue;
    else {
      const base = char.normalize('NFKD').replace(combiningMarks, '');
      out += isWinAnsi(base) ? base : '?';
    }
  }
  return out;
}

/** What `wrapText` needs of a font: pdf-lib's `PDFFont` has it. */
export interface TextMeasure {
  widthOfTextAtSize(text: string, size: number): number;
}

/** A word wider than the line on its own, cut into pieces that fit (at least one character each). */
function splitLongWord(word: string, font: TextMeasure, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && font.widthOfTextAtSize(piece + char, size) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * `text` (made safe) broken into lines no wider than `maxWidth` points at `size`: between words where it can,
 * inside a word only when the word alone is too wide. Empty text gives one empty line.
 */
export function wrapText(text: string, font: TextMeasure, size: number, maxWidth: number): string[] {
  const words = safeText(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    if (font.widthOfTextAtSize(word, size) <= maxWidth) line = word;
    else {
      const pieces = splitLongWord(word, font, size, maxWidth);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
  }
  lines.push(line);
  return lines;
}
