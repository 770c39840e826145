/** The Shape Detection API's barcode reader (Chromium on Android, ChromeOS and macOS; Safari 17+). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

export type QrSource = HTMLVideoElement | ImageBitmap;

/** What a frame or a photo says, if it shows a QR code. */
export type QrReader = (source: QrSource) => Promise<string | undefined>;

/**
 * The phone's own reader where it has one that knows QR codes, else ZXing's (zxing-qr.ts, loaded only then) on the
 * frame's pixels. Both are handed the same frames, so the gate works the same way on every phone.
 */
export async function qrReader(): Promise<QrReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const formats: string[] = Detector ? await Detector.getSupportedFormats().catch(() => []) : [];
  if (Detector && formats.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (source) => (await detector.detect(source).catch(() => []))[0]?.rawValue;
  }
  const { decodeQr } = await import('./zxing-qr.ts');
  const canvas = document.createElement('canvas');
  return (source) => {
    const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
    const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || width === 0 || height === 0) return Promise.resolve(undefined);
    // A white border around the frame: ZXing needs a quiet zone, and a screenshot or photo cropped tight has none.
    const pad = Math.round(Math.max(width, height) / 8);
    canvas.width = width + 2 * pad;
    canvas.height = height + 2 * pad;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(source, pad, pad);
    return Promise.resolve(decodeQr(context.getImageData(0, 0, canvas.width, canvas.height)));
  };
}
