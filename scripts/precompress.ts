// Writes .br and .gz next to every text file in dist/client, so the server never compresses static files at
// request time, after trimming each page's CSP to its own inline scripts (page-csp.ts). Runs after `astro build`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compressOnce } from '../src/server/http/compress.ts';
import { keepOwnScriptHashes } from './page-csp.ts';

const root = new URL('../dist/client/', import.meta.url).pathname;
const compressible = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;
const MIN_BYTES = 512;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  let data = await readFile(path);
  if (entry.name.endsWith('.html')) {
    // Before compressing: the page as served keeps only the script hashes it needs (page-csp.ts).
    const trimmed = keepOwnScriptHashes(data.toString('utf8'));
    if (trimmed !== data.toString('utf8')) {
      data = Buffer.from(trimmed, 'utf8');
      await writeFile(path, data);
    }
  }
  if (data.length < MIN_BYTES) continue;
  const br = compressOnce(data, 'br');
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, compressOnce(data, 'gzip'));
  files += 1;
  before += data.length;
  after += br.length;
}
console.log(`precompress: ${files} files, ${before} B -> ${after} B brotli`);
