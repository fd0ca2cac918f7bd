// The static server of `make run` and the browser tests (scripts/serve.mjs), attacked with malformed requests: it
// answers each (400, 403, 404 or 405), keeps serving, and sends its security headers with every answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdtempSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { serve, contentSecurityPolicy } = await import(join(root, 'scripts', 'serve.mjs'));
let dir, server, port;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chokepoint-serve-'));
  mkdirSync(join(dir, 'app'));
  writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><title>ok</title>');
  writeFileSync(join(dir, 'secret.txt'), 'outside the app folder');
  server = await serve(join(dir, 'app'), 0);
  port = server.address().port;
});
after(() => { server?.close(); if (dir) rmSync(dir, { recursive: true, force: true }); });

// Sends raw bytes and resolves with the status line's code (0 when the connection closed without one).
function raw(bytes) {
  return new Promise((ok) => {
    const s = net.connect(port, '127.0.0.1');
    let got = '';
    const status = () => Number((/^HTTP\/1\.1 (\d+)/.exec(got) || [0, 0])[1]);
    s.on('data', (d) => { got += d; if (got.includes('\r\n\r\n')) s.destroy(); });
    s.on('close', () => ok(status()));
    s.on('error', () => ok(status()));
    s.write(bytes);
    setTimeout(() => s.destroy(), 3000);
  });
}

test('every malformed request is answered and the server keeps serving', async () => {
  const cases = [
    ['GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['GET /index.html%00.png HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['GET /../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n', 404],
    ['GET /..%2fsecret.txt HTTP/1.1\r\nHost: x\r\n\r\n', 403],
    ['GET /%2e%2e/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n', 404],
    ['POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n', 405],
    ['GARBAGE\r\n\r\n', 400],
    ['GET / HTTP/1.1\r\nHost: x\r\nX: ' + 'a'.repeat(100000) + '\r\n\r\n', 431],
    ['\x00\x01\x02\xff\r\n\r\n', 400],
  ];
  for (const [bytes, status] of cases) {
    const got = await raw(bytes);
    assert.ok(got === status || (status === 404 && got === 403), `${JSON.stringify(bytes.slice(0, 40))}: ${got}`);
    const ok = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(ok.status, 200, 'still serving');
  }
  for (let i = 0; i < 300; ++i) {
    const bytes = Buffer.from(Array.from({ length: 1 + (i * 37) % 200 }, (_, k) => (i * 131 + k * 17) % 256));
    await raw(Buffer.concat([Buffer.from('GET /'), bytes, Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]));
  }
  assert.equal((await fetch(`http://127.0.0.1:${port}/index.html`)).status, 200, 'still serving after 300 random paths');
});

test('every answer carries the security headers', async () => {
  for (const path of ['/', '/missing', '/%00']) {
    const r = await fetch(`http://127.0.0.1:${port}${path}`);
    assert.equal(r.headers.get('content-security-policy'), contentSecurityPolicy());
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
  }
  const csp = contentSecurityPolicy(['https://llm.example.org']);
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.match(csp, /connect-src 'self' https: http:\/\/127\.0\.0\.1:\* .*https:\/\/llm\.example\.org/);
  assert.doesNotMatch(csp, /unsafe-inline/);
});

// Asks with a given Accept-Encoding over plain http (fetch would decode the body and hide the encoding).
function getWith(pathname, acceptEncoding) {
  return new Promise((ok, fail) => {
    import('node:http').then(({ default: http }) => {
      const req = http.get({ host: '127.0.0.1', port, path: pathname,
                             headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const parts = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', fail);
    });
  });
}

test('a pre-compressed copy is sent to a client that takes its encoding, the file itself to one that does not', async () => {
  const { brotliCompressSync, gzipSync, brotliDecompressSync } = await import('node:zlib');
  const text = 'SELECT name FROM singer; '.repeat(400);
  writeFileSync(join(dir, 'app', 'big.js'), text);
  writeFileSync(join(dir, 'app', 'big.js.br'), brotliCompressSync(text));
  writeFileSync(join(dir, 'app', 'big.js.gz'), gzipSync(text));
  const br = await getWith('/big.js', 'gzip, deflate, br');
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['content-type'], 'text/javascript; charset=utf-8', 'the type of the file, not of .br');
  assert.equal(br.headers.vary, 'accept-encoding');
  assert.equal(brotliDecompressSync(br.body).toString(), text);
  const gz = await getWith('/big.js', 'gzip');
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal((await import('node:zlib')).gunzipSync(gz.body).toString(), text);
  for (const refused of [null, 'identity', 'br;q=0, gzip;q=0']) {
    const plain = await getWith('/big.js', refused);
    assert.equal(plain.headers['content-encoding'], undefined, `Accept-Encoding ${refused}`);
    assert.equal(plain.body.toString(), text);
  }
  // A file without copies is sent as it is, whatever the client takes.
  const html = await getWith('/index.html', 'br, gzip');
  assert.equal(html.headers['content-encoding'], undefined);
  assert.match(html.body.toString(), /<title>ok<\/title>/);
});
