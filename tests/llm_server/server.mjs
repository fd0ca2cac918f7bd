// A fake LLM endpoint for tests: a real HTTP server on 127.0.0.1 (node standard library only) speaking the
// OpenAI-compatible /v1/chat/completions and /v1/embeddings and Anthropic's /v1/messages. Answers are derived
// from a SHA-256 of the prompt, so the same request always gets the same answer. It can be told to fail:
//   - per request, by model name: fail-401, fail-403, fail-404, fail-429, fail-500, fail-malformed, fail-huge (a 20 MB
//     body), fail-endless (a body that never ends), slow-<ms>
//   - for the next N requests: POST /control {"mode": "401"|"429"|"500"|"malformed"|"slow"|"nocors", "times": N,
//     "delay_ms": ms}
// Text-to-SQL prompts (prompts/t2s_*.mustache) are answered from POST /sql {"answers": {"<question>": "<answer>"}}:
// the answer of the first question the prompt contains, verbatim (so a test decides which are right, wrong or have
// no SQL at all), else "SELECT 1". Any other prompt is answered from POST /answers {"answers": {"<text>": "<answer>"}}
// when it contains one of the taught texts (the first, in the order given), else as below.
// GET /bodies lists the bodies of the last API requests. GET /stats reports the calls received (so a replayed run can check it made none). The server stops by itself
// after --lifetime-ms (default 120000) and binds only to loopback. Usage:
//   node server.mjs [--port 0] [--key SECRET] [--lifetime-ms 120000]
// It prints one line {"port": N} on stdout when listening.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const port = Number(opt('--port', '0'));
const requiredKey = opt('--key', '');
const lifetimeMs = Number(opt('--lifetime-ms', '120000'));

const stats = { requests: 0, chat: 0, embeddings: 0, messages: 0, preflight: 0 };
let control = { mode: 'ok', times: 0, delay_ms: 0 };
let sqlAnswers = {};
const recentBodies = [];  // GET /bodies: what the last requests carried, for tests that check what left the machine
let taughtAnswers = {};  // POST /answers: for prompts other than text-to-SQL ones

const sha = (text) => createHash('sha256').update(text).digest('hex');
const words = (text) => (text.match(/\S+/g) || []).length;

function corsHeaders(enabled) {
  if (!enabled) return {};
  return {
    'Access-Control-Allow-Origin': '*',
    // `*` does not cover Authorization (Fetch spec), so the credential headers are listed by name.
    'Access-Control-Allow-Headers':
      'Authorization, Content-Type, x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access, *',
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
    'Access-Control-Expose-Headers': 'Retry-After, retry-after-ms',
  };
}

// The deterministic answer for a prompt: an Evidence line when the prompt asks for evidence, a token list when it
// asks for JSON tokens, a naturalness level or an abbreviation for an identifier, a one-line question otherwise.
function answerFor(prompt) {
  if (/SQLite query/.test(prompt) && /(### SQL:|<Question>|\/\* The query: \*\/)/.test(prompt)) {
    const question = Object.keys(sqlAnswers).find((q) => prompt.includes(q));
    return question === undefined ? 'SELECT 1' : sqlAnswers[question];
  }
  const taught = Object.keys(taughtAnswers).find((t) => prompt.includes(t));
  if (taught !== undefined) return taughtAnswers[taught];
  const h = sha(prompt);
  const n = parseInt(h.slice(0, 4), 16) % 90 + 10;
  if (/Evidence:/.test(prompt)) return `Evidence: value ${n} refers to code = '${h.slice(0, 6)}'`;
  if (/Answer with the JSON list/.test(prompt)) return `[{"token": "item${n}", "position": ${n % 7}}]`;
  if (/\bping\b|\bpong\b/i.test(prompt)) return 'pong';
  // De-naturalisation: a naturalness level, and a short name (consonants of each part) for an identifier.
  const identifier = (/^Identifier: *(\S+)/m.exec(prompt) || [])[1];
  if (identifier && /exactly one of N1, N2, N3/.test(prompt)) return identifier.length > 4 ? 'N1' : 'N3';
  if (identifier && /new identifier only/.test(prompt)) {
    return identifier.split('_').map((p) => p[0] + p.slice(1).replace(/[aeiou]/gi, '')).join('_');
  }
  return `Which records match request ${h.slice(0, 8)} with value ${n}?`;
}

function embed(text) {
  const h = sha(text);
  const v = [];
  for (let i = 0; i < 8; i++) v.push((parseInt(h.slice(i * 4, i * 4 + 4), 16) / 65535) * 2 - 1);
  return v;
}

// The failure to apply to this request, if any: the control endpoint's armed mode first, then the model name.
function failureFor(model) {
  if (control.times > 0 && control.mode !== 'ok') {
    control.times -= 1;
    return { mode: control.mode, delay: control.delay_ms };
  }
  const m = /^fail-(\w+)$/.exec(model || '');
  if (m) return { mode: m[1], delay: 0 };
  const s = /^slow-(\d+)$/.exec(model || '');
  if (s) return { mode: 'slow', delay: Number(s[1]) };
  return null;
}

function send(res, status, body, headers = {}, cors = true) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', ...corsHeaders(cors), ...headers });
  res.end(text);
}

function errorBody(kind, message, anthropic) {
  return anthropic ? { type: 'error', error: { type: kind, message } } : { error: { message, type: kind } };
}

function authorized(req, anthropic) {
  if (!requiredKey) return true;
  if (anthropic) return req.headers['x-api-key'] === requiredKey;
  return req.headers['authorization'] === `Bearer ${requiredKey}`;
}

async function handleApi(req, res, path, body) {
  const anthropic = path === '/v1/messages';
  let doc;
  try {
    doc = JSON.parse(body);
  } catch {
    return send(res, 400, errorBody('invalid_request_error', 'body is not JSON', anthropic));
  }
  const fail = failureFor(doc.model);
  let cors = true;
  if (fail) {
    if (fail.mode === 'slow') await new Promise((r) => setTimeout(r, fail.delay));
    else if (fail.mode === 'nocors') cors = false;
    else if (fail.mode === '401') return send(res, 401, errorBody('authentication_error', 'invalid api key', anthropic));
    else if (fail.mode === '403') return send(res, 403, errorBody('permission_error', 'no access', anthropic));
    else if (fail.mode === '404') {
      return send(res, 404, errorBody('not_found_error', `model "${doc.model}" not found`, anthropic));
    } else if (fail.mode === '429') {
      return send(res, 429, errorBody('rate_limit_error', 'slow down', anthropic), { 'Retry-After': '1' });
    } else if (fail.mode === '500') return send(res, 500, errorBody('api_error', 'internal failure', anthropic));
    else if (fail.mode === 'malformed') return send(res, 200, '{"choices": [ {"message": ');
    else if (fail.mode === 'huge') {
      // A 20 MB answer: more than any client should hold for one chat reply.
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.write('{"choices": [{"message": {"role": "assistant", "content": "');
      const chunk = 'x'.repeat(1 << 20);
      for (let i = 0; i < 20; i++) res.write(chunk);
      return res.end('"}}]}');
    } else if (fail.mode === 'endless') {
      // A body that never ends: a few bytes every 50 ms until the client gives up.
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.write('{"choices": [{"message": {"role": "assistant", "content": "');
      const timer = setInterval(() => res.write('still going '), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
  }
  if (!authorized(req, anthropic)) {
    return send(res, 401, errorBody('authentication_error', 'invalid api key', anthropic), {}, cors);
  }
  if (path === '/v1/embeddings') {
    stats.embeddings += 1;
    const inputs = Array.isArray(doc.input) ? doc.input : [doc.input];
    return send(res, 200, {
      object: 'list', model: doc.model,
      data: inputs.map((t, i) => ({ object: 'embedding', index: i, embedding: embed(String(t)) })),
      usage: { prompt_tokens: inputs.reduce((a, t) => a + words(String(t)), 0) },
    }, {}, cors);
  }
  const messages = Array.isArray(doc.messages) ? doc.messages : [];
  const prompt = (doc.system ? doc.system + '\n' : '') + messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  const text = answerFor(prompt);
  const promptTokens = words(prompt);
  const completionTokens = words(text);
  if (anthropic) {
    stats.messages += 1;
    return send(res, 200, {
      id: 'msg_' + sha(prompt).slice(0, 12), type: 'message', role: 'assistant', model: doc.model,
      content: [{ type: 'text', text }], stop_reason: 'end_turn',
      usage: { input_tokens: promptTokens, output_tokens: completionTokens },
    }, {}, cors);
  }
  stats.chat += 1;
  return send(res, 200, {
    id: 'chatcmpl-' + sha(prompt).slice(0, 12), object: 'chat.completion', model: doc.model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens,
             total_tokens: promptTokens + completionTokens },
  }, {}, cors);
}

const server = createServer((req, res) => {
  const path = (req.url || '').split('?')[0];
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => { body += chunk; if (body.length > 4e6) req.destroy(); });
  req.on('end', () => {
    const armedNoCors = control.mode === 'nocors' && control.times > 0;
    if (req.method === 'OPTIONS') {
      stats.preflight += 1;
      res.writeHead(204, corsHeaders(!armedNoCors));
      return res.end();
    }
    if (req.method === 'GET' && path === '/stats') return send(res, 200, stats);
    if (req.method === 'GET' && path === '/bodies') return send(res, 200, { bodies: recentBodies });
    if (req.method === 'POST' && path === '/sql') {
      try {
        sqlAnswers = JSON.parse(body || '{}').answers || {};
        return send(res, 200, { answers: Object.keys(sqlAnswers).length });
      } catch {
        return send(res, 400, { error: 'sql body must be JSON' });
      }
    }
    if (req.method === 'POST' && path === '/answers') {
      try {
        taughtAnswers = JSON.parse(body || '{}').answers || {};
        return send(res, 200, { answers: Object.keys(taughtAnswers).length });
      } catch {
        return send(res, 400, { error: 'answers body must be JSON' });
      }
    }
    if (req.method === 'POST' && path === '/control') {
      try {
        const c = JSON.parse(body || '{}');
        control = { mode: String(c.mode || 'ok'), times: Number(c.times ?? 1), delay_ms: Number(c.delay_ms || 0) };
        return send(res, 200, control);
      } catch {
        return send(res, 400, { error: 'control body must be JSON' });
      }
    }
    if (req.method === 'POST' && ['/v1/chat/completions', '/v1/embeddings', '/v1/messages'].includes(path)) {
      stats.requests += 1;
      recentBodies.push(body.slice(0, 200000));
      if (recentBodies.length > 2000) recentBodies.shift();
      handleApi(req, res, path, body).catch(() => send(res, 500, { error: 'fake server bug' }));
      return;
    }
    send(res, 404, { error: `no route ${req.method} ${path}` });
  });
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ port: server.address().port }) + '\n');
});
// Bounded lifetime: a forgotten server never outlives its test run.
setTimeout(() => { server.close(); process.exit(0); }, lifetimeMs).unref();
