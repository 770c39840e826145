import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const SUFFIX = '?inline-script';

/**
 * `import script from './x.ts?inline-script'` gives the file bundled (imports included) and minified as one
 * classic script, plus its CSP hash. Astro inlines its own scripts only as modules that import no shared chunk,
 * and a module runs after the page is parsed; the head scripts (remembered language, remembered theme) must run
 * before the page is drawn. Content pages stay at zero script requests.
 */
export function inlineScriptPlugin(): Plugin {
  return {
    name: 'segara:inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      const result = await build({
        entryPoints: [file],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2022',
        metafile: true,
        legalComments: 'none',
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(input);
      const code = result.outputFiles[0]?.text.trim() ?? '';
      const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`;
      return `export default ${JSON.stringify(code)};\nexport const hash = ${JSON.stringify(hash)};\n`;
    },
  };
}
