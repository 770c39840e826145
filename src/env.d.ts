declare module '*?inline-script' {
  /** The file bundled and minified as one classic script. */
  const code: string;
  /** Its CSP source expression, `sha256-...`. */
  export const hash: `sha256-${string}`;
  export default code;
}

declare namespace App {
  interface Locals {
    /** The page's language, resolved once by the middleware from its address (src/middleware.ts). */
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an import would make this ambient file a module
    locale: import('./i18n/locales.ts').Locale;
  }
}
