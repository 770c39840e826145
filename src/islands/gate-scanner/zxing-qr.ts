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
