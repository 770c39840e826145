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
    /** The logged-in account holder of an on-demand page, read from the session cookies by the middleware. */
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- as above
    account?: import('./server/auth/browser-session.ts').SessionHolder | undefined;
    /** What the process gives pages and their forms (server/deps.ts), set once per request by the middleware. */
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- as above
    deps: import('./server/deps.ts').AppDeps;
  }
}
