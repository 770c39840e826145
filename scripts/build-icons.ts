// The installed site's PNG icons, drawn from public/favicon.svg with sharp after `astro build` (src/app-icons.ts
// names them). Run before the service worker's build, which precaches them.
import { mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { appIcons, appleTouchIcon, walletImages } from '../src/app-icons.ts';
import { themeColors } from '../src/scripts/theme-choice.ts';

const client = new URL('../dist/client/', import.meta.url);
const favicon = await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const viewBox = /viewBox="0 0 (\d+) \d+"/.exec(favicon)?.[1];
const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(favicon)?.[1];
if (!viewBox || !inner) throw new Error('build-icons: public/favicon.svg has no square "0 0 N N" viewBox');
const side = Number(viewBox);

/**
 * The round logo scaled to 80 % and centred on a square of the brand blue: launchers crop maskable icons to their
 * own shape within that safe zone, and iOS fills the corners of a transparent icon with black.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${viewBox} ${viewBox}"><rect width="100%" height="100%" fill="${themeColors.light}"/><g transform="translate(${String(side * 0.1)} ${String(side * 0.1)}) scale(0.8)">${inner}</g></svg>`;

/** The SVG drawn at `size` pixels square (its density chosen so the vector is rasterised at that size, not scaled). */
function draw(svg: string, size: number, path: string) {
  return sharp(Buffer.from(svg), { density: (72 * size) / side })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(path.slice(1), client).pathname);
}

await mkdir(new URL('icons/', client), { recursive: true });
await Promise.all([
  ...appIcons.map((icon) => draw(icon.purpose === 'maskable' ? fullBleed : favicon, icon.size, icon.src)),
  draw(fullBleed, appleTouchIcon.size, appleTouchIcon.src),
  ...walletImages.map((image) => draw(favicon, image.size, image.src)),
]);
console.log(`icons: ${String(appIcons.length + 1 + walletImages.length)} PNG files in dist/client`);
