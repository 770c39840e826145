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

/**
 * An Apple Wallet pass's own pictures (server/wallets/apple-wallet.ts), drawn with the others: the icon on the lock
 * screen and in notifications (29 points) and the logo at the pass's top left (50 points high at most), each at 1x,
 * 2x and 3x, with the name the pass bundle gives them. Not precached: only the server reads them.
 */
export const walletImages = [
  { src: '/icons/wallet-icon.png', size: 29, file: 'icon.png' },
  { src: '/icons/wallet-icon@2x.png', size: 58, file: 'icon@2x.png' },
  { src: '/icons/wallet-icon@3x.png', size: 87, file: 'icon@3x.png' },
  { src: '/icons/wallet-logo.png', size: 50, file: 'logo.png' },
  { src: '/icons/wallet-logo@2x.png', size: 100, file: 'logo@2x.png' },
  { src: '/icons/wallet-logo@3x.png', size: 150, file: 'logo@3x.png' },
] as const;
