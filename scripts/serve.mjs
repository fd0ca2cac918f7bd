// A small static file server for the built app (used by `make run` and the browser tests). Binds to 127.0.0.1 only.
// Serves .wasm as application/wasm so browsers compile it while it streams, and every response with the page's
// security headers: a Content-Security-Policy (scripts and everything else from this origin only, WebAssembly
// allowed, network requests to this origin and the LLM endpoints the user may pick), nosniff and no referrer. A
// malformed request (a bad percent-escape, a NUL byte, a path outside the folder) gets 400 or 403, never a crash.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.data': 'application/octet-stream', '.json': 'application/json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.sqlite': 'application/octet-stream',
  '.lex': 'application/octet-stream', '.webmanifest': 'application/manifest+json',
};

// Where the page may send requests besides itself: any https endpoint, and a model server on this machine (Ollama,
// llama.cpp, vLLM, the tests' loopback server). `extra` adds origins (serve.mjs --llm-origin URL).
export function contentSecurityPolicy(extra = []) {
  const connect = ["'self'", 'https:', 'http://127.0.0.1:*', 'http://localhost:*', ...extra];
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(extra = []) {
  return {
    'content-security-policy': contentSecurityPolicy(extra),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };
}

// The file `url` names under `base`, or the status that refuses it.
export function resolveRequest(base, url) {
  let rel;
  try {
    rel = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return { status: 400, why: 'malformed URL' };
  }
  if (rel.includes('\0')) return { status: 400, why: 'NUL in path' };
  if (rel.endsWith('/')) rel += 'index.html';
  const file = path.resolve(base, '.' + rel);
  if (!file.startsWith(base + path.sep)) return { status: 403, why: 'outside the app folder' };
  return { file };
}

// The pre-compressed copy of `file` to send for an Accept-Encoding header: brotli before gzip, only when the copy
// exists and the header names the encoding without q=0; null sends the file as it is.
export function preferredEncoding(file, acceptEncoding) {
  const accepted = new Set(acceptEncoding.split(',').map((p) => p.trim().toLowerCase())
    .filter((p) => p && !/;\s*q=0(\.0*)?$/.test(p)).map((p) => p.split(';')[0].trim()));
  for (const [name, suffix] of [['br', 'br'], ['gzip', 'gz']]) {
    if (accepted.has(name) && fs.existsSync(`${file}.${suffix}`)) return { name, suffix };
  }
  return null;
}

export function serve(root, port = 8080, host = '127.0.0.1', options = {}) {
  const base = path.resolve(root);
  const headers = securityHeaders(options.llmOrigins || []);
  const server = http.createServer((req, res) => {
    const send = (status, body, more = {}) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', ...more });
      res.end(body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed', { allow: 'GET, HEAD' });
      const r = resolveRequest(base, req.url || '/');
      if (!r.file) return send(r.status, r.why);
      // A pre-compressed copy beside the file (make dist writes them) is sent when the client takes its encoding.
      const encoding = preferredEncoding(r.file, String(req.headers['accept-encoding'] || ''));
      fs.readFile(encoding ? `${r.file}.${encoding.suffix}` : r.file, (err, data) => {
        if (err) return send(404, 'not found');
        res.writeHead(200, { ...headers, 'content-type': TYPES[path.extname(r.file)] || 'application/octet-stream',
                             'content-length': data.length, 'cache-control': 'no-cache', vary: 'accept-encoding',
                             ...(encoding ? { 'content-encoding': encoding.name } : {}) });
        res.end(req.method === 'HEAD' ? undefined : data);
      });
    } catch (e) {
      send(500, 'internal error');
    }
  });
  // A client that sends garbage is answered and dropped; it never takes the server down.
  server.on('clientError', (err, socket) => {
    const status = err && err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`);
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const llmOrigins = [];
  const positional = [];
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--llm-origin') {
      const v = args[++i];
      if (!v || !/^https?:\/\/[^\s;,']+$/.test(v)) {
        console.error(`serve: --llm-origin needs an http(s) origin such as https://api.example.com, got '${v ?? ''}'`);
        process.exit(2);
      }
      llmOrigins.push(v);
    } else if (args[i].startsWith('--')) {
      console.error(`serve: unknown flag ${args[i]} (known: --llm-origin URL)`);
      process.exit(2);
    } else {
      positional.push(args[i]);
    }
  }
  const root = positional[0] || 'build/wasm/app';
  const port = Number(process.env.PORT || positional[1] || 8080);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html not found; build the app first (make run does)`);
    process.exit(2);
  }
  serve(root, port, '127.0.0.1', { llmOrigins }).then(
    () => console.log(`Chokepoint is served at http://127.0.0.1:${port}/  (Ctrl-C stops it)`),
    (e) => { console.error(`serve: cannot listen on 127.0.0.1:${port}: ${e.message}`); process.exit(2); });
}
