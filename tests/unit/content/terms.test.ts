import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (locale: string, slug: string) =>
  readFileSync(new URL(`../../../src/content/pages/${locale}/${slug}.md`, import.meta.url), 'utf8');

/** Every number travellers are held to (docs/product-rules.md) must be in the terms, in both languages. */
const constants: Record<string, RegExp[]> = {
  en: [
    /20 minutes/,
    /60 minutes/,
    /3 months/,
    /6 months/,
    /2 hours before departure/,
    /IDR 100,000/,
    /IDR 150,000/,
    /7 working days/,
    /1 week after (the scheduled )?departure/,
    /24 hours/,
    /1 hour before departure/,
    /30 minutes before/,
    /20 kg/,
    /at least 8 characters/,
    /infant under 2 years, child 2 to 11 years \(up to the day before the 12th birthday\), adult 12 and over/,
    /BNI/,
    /BRI/,
    /BSI/,
    /Mandiri/,
    /Permata/,
    /WIB/,
    /SGT/,
    /Rp 100\.000|IDR 100,000/,
    /transaction fee/i,
    /surcharge/i,
  ],
  id: [
    /20 menit/,
    /60 menit/,
    /3 bulan/,
    /6 bulan/,
    /2 jam sebelum keberangkatan/,
    /IDR 100\.000|Rp 100\.000/,
    /IDR 150\.000|Rp 150\.000/,
    /7 hari kerja/,
    /1 minggu setelah (jadwal )?keberangkatan/,
    /24 jam/,
    /1 jam sebelum keberangkatan/,
    /30 menit sebelum/,
    /20 kg/,
    /minimal 8 karakter|sekurang-kurangnya 8 karakter|paling sedikit 8 karakter/,
    /bayi di bawah 2 tahun, anak 2 sampai 11 tahun \(sampai sehari sebelum ulang tahun ke-12\), dewasa 12 tahun ke atas/,
    /BNI/,
    /BRI/,
    /BSI/,
    /Mandiri/,
    /Permata/,
    /WIB/,
    /SGT/,
    /biaya transaksi/i,
    /bahan bakar/i,
  ],
};

describe('terms and conditions', () => {
  it.each(['en', 'id'])('state every product constant in %s', (locale) => {
    const text = read(locale, 'tnc').replace(/\s+/g, ' ');
    const missing = (constants[locale] ?? []).filter((pattern) => !pattern.test(text)).map(String);
    expect(missing).toEqual([]);
  });

  it.each(['tnc', 'privacy-policy', 'about-us'])(
    '%s has the same section count in both languages',
    (slug) => {
      const sections = (text: string) => text.match(/^## /gm)?.length ?? 0;
      expect(sections(read('id', slug))).toBe(sections(read('en', slug)));
    },
  );
});
