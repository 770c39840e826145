/** The Shape Detection API's barcode reader (Chromium on Android, ChromeOS and macOS; Safari 17+). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const MAX_SIDE = 1024;
/** iOS Safari refuses a canvas over 16.7 million pixels: a photo read whole stays under it with its border. */
const MAX_PIXELS = 10_000_000;
/** Below this a pass's 47 modules are under two pixels each: no point reading smaller. */
const MIN_SIDE = 80;

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
  const { decodeAtScales, decodeQr } = await import('./zxing-qr.ts');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  /** The source drawn `drawnWidth` px across, inside a white border: ZXing needs a quiet zone, and a tight crop has none. */
  const drawn = (source: QrSource, drawnWidth: number, drawnHeight: number) => {
    if (!context || Math.min(drawnWidth, drawnHeight) < MIN_SIDE) return undefined;
    const pad = Math.round(Math.max(drawnWidth, drawnHeight) / 8);
    canvas.width = drawnWidth + 2 * pad;
    canvas.height = drawnHeight + 2 * pad;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(source, pad, pad, drawnWidth, drawnHeight);
    return context.getImageData(0, 0, canvas.width, canvas.height);
  };
  return (source) => {
    const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
    const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
    // A phone camera's full-size photo is read at most 1,024 px across first: quicker, and ZXing prefers small modules.
    const fit = Math.min(1, MAX_SIDE / Math.max(width, height));
    const read = decodeAtScales((scale) =>
      drawn(source, Math.round(width * fit * scale), Math.round(height * fit * scale)),
    );
    if (read || fit === 1 || !(source instanceof ImageBitmap)) return Promise.resolve(read);
    // A large photo of a small code: once more near its own size (a camera frame is never retried, for the battery),
    // within what iOS lets a canvas hold.
    const shrink = Math.min(1, Math.sqrt(MAX_PIXELS / (width * height)));
    const large = drawn(source, Math.round(width * shrink), Math.round(height * shrink));
    return Promise.resolve(large && decodeQr(large));
  };
}
