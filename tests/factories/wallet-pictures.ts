import sharp from 'sharp';
import { walletImages } from '../../src/app-icons.ts';

/** A wallet pass's pictures as the build draws them (scripts/build-icons.ts), here plain squares of the brand blue. */
export async function walletPictures(): Promise<Record<string, Buffer>> {
  const square = (size: number) =>
    sharp({ create: { width: size, height: size, channels: 4, background: '#1e5bb8' } })
      .png()
      .toBuffer();
  return Object.fromEntries(
    await Promise.all(walletImages.map(async (image) => [image.file, await square(image.size)] as const)),
  );
}
