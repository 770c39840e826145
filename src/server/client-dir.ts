/**
 * Where the built client lives, `dist/client`, for what the server reads from it (the islands' preloads, the wallet
 * pass's pictures): main.ts says where (CLIENT_DIR) when it serves it; the build's own prerendering runs in the
 * project root.
 */
export const clientDir = (): string => process.env.CLIENT_DIR ?? 'dist/client';
