// Writes .br and .gz next to every compressible file of the built web app (after `vite build`),
// so the server sends the smallest encoding the browser accepts without compressing per request
// (@fastify/static preCompressed). Files that barely shrink are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist'));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ttf|otf|ico)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      walk(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    if (gz.length > data.length * 0.9) continue;
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    files++;
    before += data.length;
    after += br.length;
  }
}
walk(root);
console.log(`precompressed ${files} files in ${path.relative(process.cwd(), root) || '.'}: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
