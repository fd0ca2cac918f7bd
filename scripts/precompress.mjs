// Writes FILE.br (brotli, quality 11) and FILE.gz (gzip, level 9) beside every file of the app folder that
// compression shrinks, so a static host that serves pre-compressed files (nginx gzip_static/brotli_static, Netlify,
// Cloudflare Pages, scripts/serve.mjs) sends a third of the bytes. Then prints each file's three sizes and the
// start-up download: the files the page needs before its first frame, in each encoding.
// Usage: node scripts/precompress.mjs DIR
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// What the page fetches before its first usable frame (the worker and the lexicon come after it).
export const STARTUP_FILES = ['index.html', 'style.css', 'page.js', 'chokepoint.js', 'chokepoint.wasm',
                              'chokepoint.data'];
const COMPRESSED = /\.(html|css|js|wasm|data|lex|json|svg)$/;

export async function precompress(dir) {
  const names = fs.readdirSync(dir).filter((n) => COMPRESSED.test(n) && fs.statSync(path.join(dir, n)).isFile());
  // zlib's asynchronous calls run on libuv's thread pool: the files compress side by side.
  return Promise.all(names.map(async (name) => {
    const file = path.join(dir, name);
    const bytes = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzip(bytes, { level: 9 }),
    ]);
    // A file compression does not shrink is served as it is.
    if (br.length < bytes.length) fs.writeFileSync(file + '.br', br);
    if (gz.length < bytes.length) fs.writeFileSync(file + '.gz', gz);
    return { name, bytes: bytes.length, br: Math.min(br.length, bytes.length), gz: Math.min(gz.length, bytes.length) };
  }));
}

const mb = (n) => (n / 1e6).toFixed(2).padStart(6);

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`precompress: ${dir ?? '(no folder given)'} is not an app folder (no index.html)`);
    process.exit(2);
  }
  const sizes = (await precompress(dir)).sort((a, b) => b.bytes - a.bytes);
  console.log('file                      MB    brotli  gzip');
  for (const s of sizes) console.log(`${s.name.padEnd(24)} ${mb(s.bytes)} ${mb(s.br)} ${mb(s.gz)}`);
  const startup = sizes.filter((s) => STARTUP_FILES.includes(s.name));
  const sum = (k) => startup.reduce((a, s) => a + s[k], 0);
  console.log(`start-up download (${startup.map((s) => s.name).join(', ')}): ${mb(sum('bytes')).trim()} MB as is, ` +
              `${mb(sum('br')).trim()} MB brotli, ${mb(sum('gz')).trim()} MB gzip (goal: under 2.5 MB compressed)`);
}
