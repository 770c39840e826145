import pkg from '../package.json' with { type: 'json' };

/** Shown in the footer; the single source is package.json. */
export const appVersion: string = pkg.version;
