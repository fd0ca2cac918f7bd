// A small static file server for the built app (used by `make run` and the browser tests). Serves .wasm as
// application/wasm so browsers can compile it while it streams. Binds to 127.0.0.1 only.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.data': 'application/octet-stream', '.json': 'application/json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.sqlite': 'application/octet-stream',
};

export function serve(root, port = 8080, host = '127.0.0.1') {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.resolve(base, '.' + rel);
    if (!file.startsWith(base + path.sep)) { res.writeHead(403); res.end('forbidden'); return; }
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'content-length': data.length,
                           'cache-control': 'no-cache' });
      res.end(data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] || 'build/wasm/app';
  const port = Number(process.env.PORT || process.argv[3] || 8080);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html not found; build the app first (make run does)`);
    process.exit(2);
  }
  serve(root, port).then(() => console.log(`Chokepoint is served at http://127.0.0.1:${port}/  (Ctrl-C stops it)`),
    (e) => { console.error(`serve: cannot listen on 127.0.0.1:${port}: ${e.message}`); process.exit(2); });
}
