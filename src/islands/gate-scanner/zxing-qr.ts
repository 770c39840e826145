import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

/**
 * The QR reader for browsers without `BarcodeDetector` (desktop Chromium on Linux, Firefox, Safari before 17):
 * ZXing's QR decoder alone, imported by its modules (~25 KB gzip, against ~120 KB for the whole library), loaded
 * only when the browser has no reader of its own.
 */
export function decodeQr(image: ImageData): string | undefined {
  const { width, height, data } = image;
  const luminance = new Uint8ClampedArray(width * height);
  for (let pixel = 0, at = 0; pixel < luminance.length; pixel += 1, at += 4)
    luminance[pixel] = ((data[at] ?? 0) * 299 + (data[at + 1] ?? 0) * 587 + (data[at + 2] ?? 0) * 114) / 1000;
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
    return new QRCodeReader().decode(bitmap).getText();
  } catch {
    // No QR code in this frame (ZXing says so by throwing): the camera tries the next one.
    return undefined;
  }
}

/**
 * The sizes, as fractions of the frame, at which a frame is read until one gives a code. ZXing's JavaScript port
 * misses some codes drawn with large modules: of 1,000 signed passes drawn as the e-mail's PNG (8 px a module),
 * 87 were not read at full size, 23 at half, 4 at a third and none at a quarter, and every one was read at one of
 * these four. A phone's photo or frame holds the code at any size, so the gate tries them in turn.
 */
export const ZXING_SCALES = [1, 1 / 2, 1 / 3, 1 / 4] as const;

/**
 * A picture read at each of ZXING_SCALES in turn until one gives a code: `draw` gives its pixels at that fraction
 * of its size, or undefined when that is too small to read (and so is every size after it).
 */
export function decodeAtScales(draw: (scale: number) => ImageData | undefined): string | undefined {
  for (const scale of ZXING_SCALES) {
    const image = draw(scale);
    if (!image) return undefined;
    const text = decodeQr(image);
    if (text) return text;
  }
  return undefined;
}
