/**
 * A file for the console to download that no browser cache or proxy keeps: every one of them (a manifest, the
 * bank's refund file, a traveller's data) holds personal data.
 */
export function privateDownload(body: string | Uint8Array, type: string, filename: string): Response {
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
