/** The virtual-account banks the agency accepts (docs/product-rules.md), in the payment step's order. */
export const paymentBanks = ['bni', 'bri', 'bsi', 'mandiri', 'permata'] as const;
export type PaymentBank = (typeof paymentBanks)[number];

/** Brand names, the same in both languages. */
export const bankNames: Record<PaymentBank, string> = {
  bni: 'BNI',
  bri: 'BRI',
  bsi: 'BSI',
  mandiri: 'Mandiri',
  permata: 'Permata',
};

/** Mandiri takes bill payment: the customer enters a biller code and a bill key instead of one VA number. */
export function usesBillPayment(bank: PaymentBank): boolean {
  return bank === 'mandiri';
}

/** The four channels each bank's instructions cover. */
export const paymentInstructionChannels = ['mobile', 'internet', 'atm', 'interbank'] as const;
export type PaymentInstructionChannel = (typeof paymentInstructionChannels)[number];

export function isPaymentBank(value: unknown): value is PaymentBank {
  return typeof value === 'string' && (paymentBanks as readonly string[]).includes(value);
}

/**
 * BSI's channels ask for a virtual account in two parts: the institution's 4-digit prefix (Xendit: 9347 or 9655),
 * then the rest of the number (Xendit's BSI guide). Other banks take the number whole.
 */
export function vaPrefixParts(
  bank: PaymentBank,
  accountNumber: string,
): { prefix: string; rest: string } | undefined {
  if (bank !== 'bsi' || accountNumber.length <= 4) return undefined;
  return { prefix: accountNumber.slice(0, 4), rest: accountNumber.slice(4) };
}
