/**
 * The installed site's icons, drawn from public/favicon.svg by scripts/build-icons.ts into dist/client at build
 * time (not committed: they follow the favicon). The web app manifest and the layout's links name them here.
 */
export interface AppIcon {
  src: string;
  size: number;
  /** 'maskable': the logo inside the central 80 % on a full-bleed background, for launchers that crop a shape. */
  purpose: 'any' | 'maskable';
}

export const appIcons: readonly AppIcon[] = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
];

/**
 * iOS takes its home-screen icon from `<link rel="apple-touch-icon">`, not the manifest, and rounds the corners;
 * without the link (the content pages have none) it looks for this very address at the site's root.
 */
export const appleTouchIcon = { src: '/apple-touch-icon.png', size: 180 } as const;
