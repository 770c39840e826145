import { describe, expect, it } from 'vitest';
import { paymentBanks, vaPrefixParts } from '../../../src/domain/payment-banks.ts';

describe('a virtual account number in the parts its bank asks for', () => {
  it("splits a BSI number into Xendit's institution prefix and the rest (Xendit's BSI guide)", () => {
    expect(vaPrefixParts('bsi', '934733371937')).toEqual({ prefix: '9347', rest: '33371937' });
    expect(vaPrefixParts('bsi', '965500012345')).toEqual({ prefix: '9655', rest: '00012345' });
  });

  it('leaves every other bank whole, and a number too short to split', () => {
    for (const bank of paymentBanks.filter((b) => b !== 'bsi'))
      expect(vaPrefixParts(bank, '8808999912345678')).toBeUndefined();
    expect(vaPrefixParts('bsi', '9347')).toBeUndefined();
  });
});
