// Writes .br and .gz next to every text file in dist/client, so the server never compresses static files at
// request time. Runs after `astro build`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/client/', import.meta.url).pathname;
const compressible = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;
const MIN_BYTES = 512;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const data = await readFile(path);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
  files += 1;
  before += data.length;
  after += br.length;
}
console.log(`precompress: ${files} files, ${before} B -> ${after} B brotli`);
