declare module '*?inline-script' {
  /** The file bundled and minified as one classic script. */
  const code: string;
  /** Its CSP source expression, `sha256-...`. */
  export const hash: `sha256-${string}`;
  export default code;
}
