// Numbers on screen never pass for other choices: after an evaluation, changing a picker (semantics, time limit,
// predictions) keeps the numbers but says above them what they are of and what changed; Evaluate clears the note; a
// reload brings back the evaluation under the same choices, not marked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { clickNamed, nextFrames, panelState, sendCommand, untilPanel, uploadSet, waitReady, workspaceSettled,
  drawnRects, expectTextDrawn, pixelStats } from './browser.mjs';
import { METRICS, tempDir, openApp, closeAll, evaluateSets } from './fixture.mjs';

let app, dir;
before(async () => {
  dir = tempDir('chokepoint-stale-');
  fs.writeFileSync(path.join(dir, 'stale_gold.sql'), ['SELECT count(*) FROM atom\ttoxicology',
    'SELECT count(*) FROM bond\ttoxicology'].join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'stale_pred.sql'), ['SELECT count(*) FROM atom', 'SELECT count(*) FROM atom']
    .join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'stale_other.sql'), ['SELECT count(*) FROM atom', 'SELECT count(*) FROM bond']
    .join('\n') + '\n');
  app = await openApp({ viewport: { width: 1440, height: 900 } });
});
after(() => closeAll({ app, dir }));

test('a changed picker marks the numbers as out of date, naming each change; Evaluate scores the new choices', async () => {
  const first = await evaluateSets(app.page, dir, 'stale_gold.sql', 'stale_pred.sql');
  assert.deepEqual(first.stale, [], 'just evaluated: nothing to say');
  assert.equal(first.summary.ex, 50);

  // The pickers change as a person would change them, without pressing Evaluate: a new predictions file uploaded
  // (the pickers follow it), then another semantics and time limit.
  await uploadSet(app.page, path.join(dir, 'stale_other.sql'));
  await sendCommand(app.page, { do: 'evaluate', gold: 'stale_gold.sql', pred: 'stale_other.sql', semantics: 'spider',
                                timeout_ms: 3000, run: false });
  await nextFrames(app.page);
  const marked = await panelState(app.page, METRICS);
  assert.equal(marked.label, 'stale_gold.sql vs stale_pred.sql', 'the numbers on screen are still the first run\'s');
  assert.equal(marked.summary.ex, 50);
  assert.deepEqual(marked.stale, [
    'the predictions picked are now stale_other.sql, not stale_pred.sql',
    'the semantics picked is now Spider semantics, this run used BIRD semantics',
    'the time limit is now 3000 ms, this run used 5000 ms',  // the page's default limit
  ]);
  const note = (await app.page.evaluate(() => JSON.parse(Module.ccall('chokepoint_app_json', 'string', [], []))
    .buttons))['Out of date'];
  assert.ok(note && note[3] > 0, 'the note is drawn above the numbers');
  // In the picture: the numbers still drawn under the note, and the note (from under the Evaluate button to its last
  // line, noted as "Out of date") in its orange, which counts as yellow.
  const at = await drawnRects(app.page);
  const { png } = await expectTextDrawn(app.page, 'stale_results_marked.png', at.below('Out of date'), 7000);
  const [top, last] = [at.below('Evaluate').y, at.at('Out of date')];
  const drawn = await pixelStats(app.page, png, { ...at.panel, y: top, h: last.y + last.h - top }, [26, 28, 33]);
  assert.ok(drawn.hues.yellow > 3000, `the note is drawn: ${JSON.stringify(drawn)}`);

  // A real click on Evaluate scores what the pickers say; the note goes.
  await clickNamed(app.page, 'Evaluate');
  const fresh = await untilPanel(app.page, METRICS, (s) => s.done && s.label === 'stale_gold.sql vs stale_other.sql',
                                 'the new evaluation');
  assert.deepEqual(fresh.stale, []);
  assert.equal(fresh.summary.ex, 100);
  assert.match(fresh.headline, /Spider semantics/);

  // A reload brings the evaluation back under the same choices: same numbers, nothing marked.
  await workspaceSettled(app.page);
  await app.page.reload();
  await waitReady(app);
  await sendCommand(app.page, { do: 'show', tab: METRICS });
  const back = await untilPanel(app.page, METRICS, (s) => s.done && s.label === 'stale_gold.sql vs stale_other.sql',
                                'the evaluation after a reload');
  assert.deepEqual(back.stale, []);
  assert.equal(back.summary.ex, 100);
  assert.match(back.headline, /Spider semantics/);
});
