import pkg from '../package.json';

/** Shown in the footer; the single source is package.json. */
export const appVersion: string = pkg.version;
