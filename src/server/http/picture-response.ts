/**
 * A kept profile picture as the browser gets it: always `image/webp` (the server encoded it), never sniffed as
 * anything else, never run as a document (its own CSP forbids everything, sandboxed), readable by our own pages
 * only, and private: revalidated each time (its ETag, a 304 when unchanged), so a shared computer's cache does not
 * hand one person's picture to the next.
 */
export function pictureResponse(request: Request, picture: { image: Buffer; updatedAt: Date }): Response {
  const etag = `"${String(picture.updatedAt.getTime())}"`;
  const headers = {
    'Content-Type': 'image/webp',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline; filename="profile-picture.webp"',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'private, no-cache',
    ETag: etag,
  };
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(picture.image), { status: 200, headers });
}
