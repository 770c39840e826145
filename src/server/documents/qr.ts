import QRCode from 'qrcode';

/**
 * What an e-ticket's QR code says: `SEGARA|<booking code>|<e-ticket number>|<ticket numbers, leg order, comma
 * separated>`. Short on purpose: fewer modules make a code that scans from a cracked phone screen.
 */
export function eTicketQrPayload(
  bookingCode: string,
  eTicketNumber: string,
  ticketNumbers: string[],
): string {
  return ['SEGARA', bookingCode, eTicketNumber, ticketNumbers.join(',')].join('|');
}

/** A QR code as PNG bytes, drawn in pure JS (pngjs, no canvas). */
export async function qrPng(text: string): Promise<Uint8Array> {
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 8 });
  return new Uint8Array(png);
}
