import type { PercentCrop } from 'react-image-crop';

/** The largest side the browser sends: the server keeps 256 pixels, so this leaves room and keeps uploads small. */
const SENT_SIDE = 512;

/** The square in the middle of a picture, 90% of its shorter side: where the crop starts. */
export function startingCrop(width: number, height: number): PercentCrop {
  const side = Math.min(width, height) * 0.9;
  const w = (side / width) * 100;
  const h = (side / height) * 100;
  return { unit: '%', x: (100 - w) / 2, y: (100 - h) / 2, width: w, height: h };
}

/**
 * The chosen square of a loaded picture as a JPEG of at most SENT_SIDE pixels: what the page uploads instead of the
 * whole photo (a few tens of kilobytes rather than megabytes on a terminal's mobile network). The browser draws the
 * picture upright (its EXIF orientation applied); the server encodes it again anyway.
 */
export function croppedJpeg(image: HTMLImageElement, crop: PercentCrop): Promise<Blob> {
  const sx = (crop.x / 100) * image.naturalWidth;
  const sy = (crop.y / 100) * image.naturalHeight;
  const sw = (crop.width / 100) * image.naturalWidth;
  const sh = (crop.height / 100) * image.naturalHeight;
  const side = Math.max(1, Math.round(Math.min(SENT_SIDE, sw, sh)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, sw, sh, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('not encoded'));
      },
      'image/jpeg',
      0.9,
    );
  });
}

/** A chosen file as a `data:` address to show (the site's CSP allows `data:` images, not `blob:` ones). */
export function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('unreadable'));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('unreadable'));
    };
    reader.readAsDataURL(file);
  });
}
