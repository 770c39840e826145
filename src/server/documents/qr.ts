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

/**
 * A QR code as an SVG element for a page (no script, no image request): dark modules on white with the quiet zone,
 * which bank apps need to read it from a screen, even in the dark theme.
 */
export function qrSvg(text: string, label: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((svg) =>
    svg.replace('<svg ', `<svg role="img" aria-label="${label.replace(/[<>&"]/g, '')}" `),
  );
}
