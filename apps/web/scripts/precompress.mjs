// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, so the API
// serves the smallest encoding the browser accepts without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
// Below a packet's worth the headers cost more than the bytes saved.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let brotli = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') walk(file);
      continue;
    }
    if (!TEXT.test(name)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    files += 1;
    before += bytes.length;
    brotli += br.length;
  }
};
walk(dist);
console.log(
  `precompressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(brotli / 1024)} KB brotli`,
);
