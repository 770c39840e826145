/** What a browser may keep of an answer that changes without a new address: a copy it checks before each use. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** What never changes at its address (the build's hashed files). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The service worker script: any cache asks the server again before each use, so a new deploy's worker is found. */
export const NO_CACHE = 'no-cache';
