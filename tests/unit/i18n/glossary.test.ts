import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationRange } from '../../../src/i18n/format.ts';
import type { Locale } from '../../../src/i18n/locales.ts';

/**
 * docs/glossary.md is the one home of the terms: its "Forbidden forms" tables are read here, and every text a
 * traveller reads in that language is checked against them. E-mails and PDFs are built from the catalogues.
 */
interface Rule {
  pattern: RegExp;
  instead: string;
  /** "not legal": the terms and the privacy policy may keep the word (their legal register), nothing else may. */
  legalMayUse: boolean;
}

/** A traveller's text: where it is, the text, and whether it is a legal page (the terms, the privacy policy). */
interface Text {
  where: string;
  text: string;
  legal: boolean;
}

const glossary = readFileSync('docs/glossary.md', 'utf8');

function table(locale: Locale): string {
  const heading = locale === 'id' ? '### Indonesian forbidden forms' : '### English forbidden forms';
  return glossary.slice(glossary.indexOf(heading) + heading.length).split('\n### ')[0] ?? '';
}

function rulesFor(locale: Locale): Rule[] {
  return table(locale)
    .split('\n')
    .filter((line) => line.startsWith('| `/'))
    .map((line) => {
      // Cells split on pipes that are not escaped; an escaped pipe is the regular expression's own alternation.
      const [source = '', instead = '', where = ''] = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replaceAll('\\|', '|'));
      const literal = /^`\/(.*)\/([a-z]*)`$/.exec(source);
      if (!literal) throw new Error(`not a regular expression: ${source}`);
      if (where !== 'all' && where !== 'not legal')
        throw new Error(`"Checked in" is "all" or "not legal": ${line}`);
      return {
        pattern: new RegExp(literal[1] ?? '', `${literal[2] ?? ''}g`),
        instead,
        legalMayUse: where === 'not legal',
      };
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
const legalPages = new Set(['tnc.md', 'privacy-policy.md']);

/** Every text a traveller reads in `locale`. */
function texts(locale: Locale): Text[] {
  const text = (where: string, value: string, legal = false): Text => ({ where, text: value, legal });
  const catalogue = json(`messages/${locale}.json`) as Record<string, string>;
  // A page line by line, so a finding says where it is; a link's address is not text.
  const pages = readdirSync(`src/content/pages/${locale}`).flatMap((file) =>
    readFileSync(join(`src/content/pages/${locale}`, file), 'utf8')
      .split('\n')
      .map((line, index) =>
        text(
          `pages/${locale}/${file}:${String(index + 1)}`,
          line.replace(/\]\([^)]*\)/g, ']()'),
          legalPages.has(file),
        ),
      ),
  );
  const steps = readdirSync(`src/content/payment-instructions/${locale}`).flatMap((file) =>
    strings(
      json(join(`src/content/payment-instructions/${locale}`, file)),
      `payment-instructions/${locale}/${file}`,
    ).map(([where, value]) => text(where, unquoted(value))),
  );
  const contacts = (json('src/content/contacts.json') as Record<string, unknown>[]).flatMap(
    (contact, index) =>
      Object.values(contact).flatMap((field) =>
        field && typeof field === 'object' && locale in field
          ? strings((field as Record<string, unknown>)[locale], `contacts.json[${String(index)}]`).map(
              ([where, value]) => text(where, value),
            )
          : [],
      ),
  );
  // Words the code writes itself, beside the catalogue's: durations.
  const durations = [35, 95, 120].map((minutes) =>
    text(`formatDuration(${String(minutes)})`, formatDuration(minutes, locale)),
  );
  return [
    ...Object.entries(catalogue)
      .filter(([key]) => key !== '$schema')
      // A placeholder's name ("{terminal}") is not text.
      .map(([key, value]) => text(`messages/${locale}.json ${key}`, value.replace(/\{\w+\}/g, '{}'))),
    ...pages,
    ...steps,
    ...contacts,
    ...durations,
    text('formatDurationRange(45, 70)', formatDurationRange(45, 70, locale)),
  ];
}

/** What the rules reject in `samples`, one line per text and form: `where: "form" (rule) -> instead`. */
function offences(rules: Rule[], samples: Text[]): string[] {
  const found: string[] = [];
  for (const { where, text, legal } of samples)
    for (const rule of rules) {
      if (legal && rule.legalMayUse) continue;
      for (const match of text.matchAll(rule.pattern))
        found.push(`${where}: "${match[0]}" (${String(rule.pattern)}) -> ${rule.instead}`);
    }
  return found;
}

const sample = (text: string, legal = false): Text => ({ where: text, text, legal });

/**
 * The rows' own proof: each form the review found is rejected, and the words around it that are right stay
 * allowed (a rule that rejects a right word would be worked around, not followed).
 */
const examples: Record<Locale, { rejected: string[]; allowed: Text[] }> = {
  id: {
    rejected: [
      'Jadwal ulang',
      'Jadwalkan ulang',
      'Sudah dijadwalkan ulang',
      'menjadwalkan ulang tiket',
      'Klaim jadwal ini',
      'Hanya pesanan yang sudah dibayar yang dapat diklaim',
      'mengklaim tiket',
      'klaim tiket terbukanya',
      'Pindah ke operator lain dikenakan biaya Rp 100.000',
      'Setiap pesanan juga dikenakan satu **biaya transaksi**',
      'Silakan coba lagi sebentar lagi.',
      'sesuai kanal pembayaran yang dipilih',
      'hingga Anda menutup akun',
      'hingga akun ditutup',
      'Tutup akun',
      'dihapus untuk selamanya',
      'Alamat email ini sudah memiliki akun di sini',
      'tetapi alamat ini sudah memiliki akun.',
      'Konfirmasi email Anda',
      'untuk mengonfirmasi alamat',
      'Email Anda telah dikonfirmasi',
      'Penyeberangan 1 jam 35 mnt',
      'tiket bertanggal',
      'lapor diri',
      'pas naik',
      'Registrasi',
      'Logout',
      'Ubah avatar',
      'paling sedikit 6 bulan',
      'paling banyak {max} penumpang',
      'Banyak penumpang sedang memesan pelayaran ini',
      'pilih jadwal yang lebih akhir',
      'Buat kata sandi dulu',
      'ketik kode bank lebih dulu',
      'Batam - Singapura',
      'Batam-Johor',
      'Batam–Singapura',
      'waktu setempat terminal keberangkatan',
      '### Terminal yang kami layani',
      'refund',
      'e-mails',
      'narahubung',
      'setelah pelayaran terakhir Anda',
      'setelah keberangkatan terakhir Anda',
    ],
    allowed: [
      sample('Ubah jadwal'),
      sample('Jadwal diubah'),
      sample('Jadwal sudah dipilih'),
      sample(
        'Pindah ke operator lain dikenai biaya Rp 100.000; biaya yang dikenakan operator dibayar di loket',
      ),
      sample('Silakan coba beberapa saat lagi.'),
      sample('Sudah memiliki akun? Masuk'),
      sample('Anda sudah memiliki akun Segara Ferry'),
      sample('Email ini sudah terdaftar.'),
      sample('Verifikasi email saya'),
      sample('Pesanan Anda sudah dikonfirmasi; kami mengonfirmasi pembayaran Anda; email konfirmasi pesanan'),
      sample('Check-in online ditutup 1 jam sebelum keberangkatan; pintu boarding ditutup'),
      sample('Hapus akun saya secara permanen'),
      sample('Foto profil'),
      sample('Keluar'),
      sample('1 jam 35 menit'),
      sample('tiket berjadwal'),
      sample('Pilih jadwal yang lebih lambat'),
      sample('paling lambat 2 jam sebelum keberangkatan'),
      sample('rute yang paling banyak dipesan'),
      sample('minimal 6 bulan setelah tanggal perjalanan terakhir'),
      sample(
        'Batam – Singapura; Batam Centre – HarbourFront Centre; Penyeberangan 45–70 menit; 08:00 – 17:00 WIB',
      ),
      sample('Tanah Merah Ferry Terminal; Terminal Feri HarbourFront Centre; Pelabuhan Feri Harbour Bay'),
      sample('Selesaikan pembayaran Anda - pesanan {code}'),
      sample('Buat kata sandi terlebih dahulu'),
      sample('pemesan (narahubung)', true),
      sample('Jumlah penumpang dewasa dan anak paling banyak 9 orang per pesanan.', true),
      sample('Jika operator membatalkan pelayaran Anda', true),
      sample('Data pemesan'),
      sample('pengembalian dana'),
    ],
  },
  en: {
    rejected: [
      'We answer e-mails within one working day',
      'Your order',
      'on the order page',
      'show your e-ticket or order detail',
      'check your order',
      'My booking',
      'Batam - Singapore',
      'Batam–Johor',
    ],
    allowed: [
      sample('We answer emails within one working day'),
      sample('Check order'),
      sample('open Check order and enter booking code {code}'),
      sample('Find my booking; My bookings; Your booking; the booking page'),
      sample('in the order the UU PDP sets'),
      sample('Batam – Singapore; Crossing 45–70 minutes'),
    ],
  },
};

describe.each(['id', 'en'] as const)('the %s texts follow docs/glossary.md', (locale) => {
  const rules = rulesFor(locale);

  it('has rules to check, one per row of its table (a row it cannot read fails here, not silently)', () => {
    const rows = table(locale)
      .split('\n')
      .filter((line) => line.startsWith('|') && !/^\|\s*(-|Forbidden)/.test(line));
    expect(rules.length).toBeGreaterThan(5);
    expect(rules).toHaveLength(rows.length);
  });

  it.each(examples[locale].rejected)('rejects "%s"', (text) => {
    expect(offences(rules, [sample(text)])).not.toEqual([]);
  });

  it('allows the right words beside the rejected ones', () => {
    expect(offences(rules, examples[locale].allowed)).toEqual([]);
  });

  it('use none of the forms the glossary rejects (each line: where, the form found, the rule, what to write)', () => {
    expect(offences(rules, texts(locale))).toEqual([]);
  });
});
