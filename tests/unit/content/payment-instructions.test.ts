import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  paymentBanks,
  paymentInstructionChannels,
  usesBillPayment,
  type PaymentBank,
} from '../../../src/domain/payment-banks.ts';

const locales = ['en', 'id'] as const;
const folder = new URL('../../../src/content/payment-instructions/', import.meta.url);

interface Channel {
  title: string;
  steps: string[];
}
interface Instructions {
  bank: string;
  channels: Record<string, Channel | undefined>;
}

const read = (locale: string, bank: string) =>
  JSON.parse(readFileSync(new URL(`${locale}/${bank}.json`, folder), 'utf8')) as Instructions;

/** The placeholders PaymentInstructions.astro fills in; anything else would reach the page as raw `{name}`. */
const knownPlaceholders = ['accountNumber', 'billerCode', 'amount', 'bank', 'vaPrefix', 'vaAfterPrefix'];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
const channelText = (channel: Channel) => channel.steps.join('\n');
const channelOf = (data: Instructions, name: string): Channel => {
  const channel = data.channels[name];
  if (!channel) throw new Error(`${data.bank} has no ${name} channel`);
  return channel;
};

const cases = locales.flatMap((locale) => paymentBanks.map((bank) => [locale, bank] as const));

describe('payment instructions', () => {
  it.each(locales)('%s has one file per bank and nothing else', (locale) => {
    const files = readdirSync(new URL(`${locale}/`, folder)).sort();
    expect(files).toEqual(paymentBanks.map((bank) => `${bank}.json`).sort());
  });

  it.each(cases)('%s/%s names its bank and has exactly the four channels', (locale, bank) => {
    const data = read(locale, bank);
    expect(data.bank).toBe(bank);
    expect(Object.keys(data.channels).sort()).toEqual([...paymentInstructionChannels].sort());
  });

  it.each(cases)('%s/%s has a title and 4 to 8 non-empty steps per channel', (locale, bank) => {
    const data = read(locale, bank);
    for (const name of paymentInstructionChannels) {
      const channel = data.channels[name];
      expect(channel?.title.trim(), `${name} title`).toBeTruthy();
      expect(channel?.steps.length, `${name} steps`).toBeGreaterThanOrEqual(4);
      expect(channel?.steps.length, `${name} steps`).toBeLessThanOrEqual(8);
      for (const step of channel?.steps ?? []) expect(step.trim(), `${name} step`).not.toBe('');
    }
  });

  it.each(cases)(
    '%s/%s uses only known placeholders, the account number in every channel',
    (locale, bank) => {
      const data = read(locale, bank);
      for (const name of paymentInstructionChannels) {
        const text = channelText(channelOf(data, name));
        const unknown = placeholders(text).filter((key) => !knownPlaceholders.includes(key ?? ''));
        expect(unknown, `${name}: unknown placeholders`).toEqual([]);
        // The number whole, or (BSI's app and net banking) its prefix and the rest after it.
        expect(text, `${name}: {accountNumber}`).toMatch(
          /\{accountNumber\}|\{vaPrefix\}[\s\S]*\{vaAfterPrefix\}/,
        );
        expect(text, `${name}: {amount}`).toContain('{amount}');
        // No stray braces: a typo such as "{accountNumber" would otherwise reach the page.
        expect(text.replace(/\{\w+\}/g, ''), `${name}: stray brace`).not.toMatch(/[{}]/);
      }
    },
  );

  it.each(cases)('%s/%s asks for the exact amount (closed virtual account)', (locale, bank) => {
    const text = paymentInstructionChannels
      .map((name) => channelText(channelOf(read(locale, bank), name)))
      .join('\n');
    expect(text).toMatch(locale === 'en' ? /exactly \{amount\}/ : /tepat \{amount\}/);
    expect(text).toMatch(locale === 'en' ? /closed/ : /tertutup/);
  });

  it.each(cases)(
    '%s/%s uses the company code only for bill payment, never glued to the number',
    (locale, bank) => {
      const data = read(locale, bank);
      for (const name of paymentInstructionChannels) {
        const text = channelText(channelOf(data, name));
        // Xendit's Mandiri numbers start with the company code: the payer always types the whole number, and
        // the company code only where a Multi Payment menu asks for it first (never glued to the number).
        expect(text, name).not.toContain('{billerCode}{accountNumber}');
        if (usesBillPayment(bank)) expect(text, name).toContain('{accountNumber}');
        if (!usesBillPayment(bank)) expect(text, name).not.toContain('{billerCode}');
        else if (name === 'atm' || name === 'internet')
          expect(text, name).toMatch(/\{billerCode\}[\s\S]*\{accountNumber\}/);
      }
    },
  );

  it.each(cases)(
    '%s/%s names the guide its steps follow, and splits the number only where BSI asks',
    (locale, bank) => {
      const data = read(locale, bank) as Instructions & { source?: string };
      const text = paymentInstructionChannels.map((name) => channelText(channelOf(data, name))).join('\n');
      if (bank === 'bsi' || bank === 'mandiri') expect(data.source).toMatch(/docs\.xendit\.co/);
      if (bank !== 'bsi') expect(text).not.toMatch(/\{vaPrefix\}|\{vaAfterPrefix\}/);
      else expect(channelText(channelOf(data, 'atm'))).toContain('{accountNumber}');
    },
  );

  const bankCodes: Record<PaymentBank, string> = {
    bni: '009',
    bri: '002',
    bsi: '451',
    mandiri: '008',
    permata: '013',
  };
  it.each(cases)('%s/%s gives the bank code for transfers from another bank', (locale, bank) => {
    expect(channelText(channelOf(read(locale, bank), 'interbank'))).toContain(bankCodes[bank]);
  });

  it.each(paymentBanks)('%s has the same structure and placeholders in English and Indonesian', (bank) => {
    const [en, id] = [read('en', bank), read('id', bank)];
    for (const name of paymentInstructionChannels) {
      const [enChannel, idChannel] = [channelOf(en, name), channelOf(id, name)];
      expect(idChannel.steps.length, `${name} step count`).toBe(enChannel.steps.length);
      expect(placeholders(channelText(idChannel)).sort(), `${name} placeholders`).toEqual(
        placeholders(channelText(enChannel)).sort(),
      );
    }
  });
});
