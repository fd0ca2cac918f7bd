// Every view that calls a model, asked before the LLM tab is set up: each refuses with one clear message that says
// what is missing and where to set it, once (a preview error used to gain a second "(set it up in the LLM tab)"),
// sends nothing and opens no preview. First with no model at all, then with a custom provider that has no base_url.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { repoRoot, sendCommand, panelState, nextFrames } from './browser.mjs';
import { openApp, closeAll, evaluateSets, METRICS } from './fixture.mjs';

const RUN = 'Run a model';
const SPACE = 'Feature space';
const sets = path.join(repoRoot, 'assets', 'sets');
let app;

before(async () => {
  app = await openApp();
  await evaluateSets(app.page, sets, 'sample_dev.json', 'sample_pred.json');
});
after(() => closeAll({ app }));

// Each asking view: the command that presses its button, and where its error and preview are read.
const VIEWS = [
  ['schema linking', { do: 'link_run', method: 'zero-shot', set: 'sample_dev.json' }, RUN, (s) => s.linking],
  ['retrieval', { do: 'retrieval_run', approach: 'scsl', variant: 'O/O', set: 'sample_dev.json' }, RUN,
    (s) => s.retrieval],
  ['LLM features', { do: 'space_llm', set: 'sample_dev.json', aspects: ['pragmatics'] }, SPACE, (s) => s.llm],
  ['judge', { do: 'judge_run' }, METRICS, (s) => s.judge],
  ['SQL-to-Text', { do: 'describe_run', subject: 'predictions', judge: false }, METRICS, (s) => s.describe],
  ['optimise', { do: 'optimize_run', variants: ['with-y'], iterations: 1 }, METRICS, (s) => s.optimize],
];

async function refusals() {
  const out = {};
  for (const [name, command, panel, part] of VIEWS) {
    await sendCommand(app.page, command);
    await nextFrames(app.page);
    const s = part(await panelState(app.page, panel));
    assert.ok(s, `${name}: the panel reports its state`);
    assert.equal(s.preview, undefined, `${name}: no preview opens`);
    out[name] = s.error;
  }
  return out;
}

const count = (text, what) => text.split(what).length - 1;

test('with no model set, every asking view says so once and sends nothing', async () => {
  const errors = await refusals();
  for (const [name, error] of Object.entries(errors)) {
    assert.match(error, /no model is set/, `${name}: ${error}`);
    assert.equal(count(error, 'LLM tab'), 1, `${name} names the LLM tab once: ${error}`);
  }
});

test('with a provider missing its base_url, the message says that and where to fix it, once', async () => {
  await sendCommand(app.page, { do: 'llm_settings', provider: 'custom', base_url: '', model: 'm', temperature: 0 });
  const errors = await refusals();
  for (const [name, error] of Object.entries(errors)) {
    assert.match(error, /needs a base_url/, `${name}: ${error}`);
    assert.equal(count(error, '(set it up in the LLM tab)'), 1, `${name}: ${error}`);
  }
});
