// Shared set-up of the browser tests (browser.mjs drives the page): the app opened and ready, and everything closed
// at the end; a scratch folder for the files a test writes, with the databases the CLI reads for the tests that check
// the page against the CLI (tests/llm_server/cli_fixture.mjs: the same CLI, CHOKEPOINT_CLI or build/native); a
// database and two sets uploaded and evaluated as a user would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, waitReady, sendCommand, untilPanel, uploadSet, nextFrames } from './browser.mjs';
import { removeDir } from '../llm_server/cli_fixture.mjs';

export { cli, copyDb, removeDir, writeBirdPredictions, writeScanDatabase } from '../llm_server/cli_fixture.mjs';

export const METRICS = 'Predictions & metrics';

// A new scratch folder under the system's temporary folder, its name starting with `prefix`.
export const tempDir = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

// startApp, then the page loaded and the app ready.
export async function openApp(options) {
  const app = await startApp(options);
  await app.page.goto(app.url);
  await waitReady(app);
  return app;
}

// The end of a test file: the app closed, the fake LLM server (if any) stopped, the scratch folder removed.
export async function closeAll({ app, llm, dir }) {
  if (app) await app.close();
  llm?.kill();
  removeDir(dir);
}

// Uploads <dir>/<gold> and <dir>/<pred>, shows the Metrics panel and evaluates them under BIRD's semantics; resolves
// with the panel's state once the evaluation is done.
export async function evaluateSets(page, dir, gold, pred) {
  await uploadSet(page, path.join(dir, gold));
  await uploadSet(page, path.join(dir, pred));
  await sendCommand(page, { do: 'show', tab: METRICS });
  await sendCommand(page, { do: 'evaluate', gold, pred, semantics: 'bird' });
  // The command is handled on the next frame. Until then the panel may still show a finished run (after a reload the
  // app re-evaluates the remembered sets by itself), which is not this one.
  await nextFrames(page);
  return untilPanel(page, METRICS, (s) => s.done && s.queued === false, 'the evaluation');
}

// Uploads the SQLite file `file` as a user would and waits until the app lists its database `dbId`.
export async function uploadDatabase(page, file, dbId) {
  await page.setInputFiles('#chokepoint-file-input', file);
  await page.waitForFunction((id) => JSON.parse(Module.ccall('chokepoint_summary_json', 'string', [], []))
    .some((d) => d.db_id === id), dbId, { timeout: 60000 });
}

// Runs a study in the Studies tab by the page command and waits for that run's end: `started` counts the runs asked
// for, so the report or error of an earlier run is never taken for this one's.
export async function runStudyInTab(page, command) {
  await sendCommand(page, { do: 'show', tab: 'Studies' });
  const before = (await untilPanel(page, 'Studies', () => true, 'the tab')).started;
  await sendCommand(page, { do: 'study_run', ...command });
  return untilPanel(page, 'Studies', (s) => s.started > before && !s.running && (s.report || s.error),
    `the ${command.study} study`, 120000);
}
