import type { Plugin } from 'vite';

/** Written beside the client build's files; src/server/http/island-preloads.ts reads it. */
export const ISLAND_PRELOADS_FILE = 'island-preloads.json';

/**
 * Lists, for every entry chunk of the client build (each island's component and the React renderer), every chunk
 * it imports statically, directly or not. An island loads by `import()` from Astro's inline script, so the browser
 * finds its imports one level at a time, a round trip each (four on the home page: 400 ms apiece on a slow phone
 * network). With this list the page names them all up front as `<link rel="modulepreload">`.
 */
export function islandPreloadsPlugin(): Plugin {
  return {
    name: 'segara:island-preloads',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      // React and its DOM renderer in one chunk: every island needs all of it, and each chunk of the chain costs a
      // request's headers and its share of the slow link (nine small chunks were 6 KB of headers alone).
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                  },
                  // The small pieces every island page shares: the language runtime, the stores, hydration state.
                  {
                    name: 'island-kit',
                    test: /rolldown[\\/]runtime|node_modules[\\/]nanostores|src[\\/]paraglide[\\/]runtime|src[\\/]islands[\\/]shared[\\/](use-hydrated|load-failure)/,
                  },
                ],
              },
            },
          },
        },
      };
    },
    generateBundle(_options, bundle) {
      // Astro builds the server first with the same plugins: only the browser's build has islands to list.
      if (this.environment.name !== 'client') return;
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file]] : [])),
      );
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const preloads: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry && !chunk.isDynamicEntry) continue;
        preloads[`/${chunk.fileName}`] = [...closure(chunk.fileName)].map((fileName) => `/${fileName}`);
      }
      this.emitFile({ type: 'asset', fileName: ISLAND_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
