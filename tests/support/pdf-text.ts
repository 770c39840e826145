import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * The text drawn on each page of a PDF, one string per text-showing operator, read back from the file itself: its
 * content streams inflated and their `<hex> Tj` strings decoded (WinAnsi, as the standard fonts encode). Enough to
 * check what a document says without trusting the code that wrote it.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  const decoder = new TextDecoder('windows-1252');
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] =
      contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const operators = streams
      .map((ref) => doc.context.lookup(ref))
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()))
      .join('\n');
    return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => {
      const hex = match[1] ?? '';
      const raw = Uint8Array.from({ length: hex.length / 2 }, (_, i) =>
        Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16),
      );
      return decoder.decode(raw);
    });
  });
}
