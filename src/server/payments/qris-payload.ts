/**
 * A dynamic QRIS code's content as the sandbox issues it: the EMVCo merchant-presented layout QRIS follows (tag,
 * two-digit length, value), with the amount, IDR, Indonesia, and the CRC-16/CCITT checksum last, so a test or a
 * tester's QR reader sees the shape a bank app reads. Not a real merchant: the acquirer field says SANDBOX.
 */
function field(tag: string, value: string): string {
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, start 0xFFFF), as EMVCo asks, in four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function qrisPayload(input: { reference: string; amount: number }): string {
  const body = [
    field('00', '01'), // payload format
    field('01', '12'), // dynamic: one payment
    field('26', field('00', 'ID.CO.QRIS.WWW') + field('01', 'SANDBOX') + field('02', 'SEGARAFERRY')),
    field('52', '4722'), // travel agencies
    field('53', '360'), // IDR
    field('54', String(input.amount)),
    field('58', 'ID'),
    field('59', 'SEGARA FERRY'),
    field('60', 'BATAM'),
    field('62', field('05', input.reference.slice(0, 25))),
  ].join('');
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}
