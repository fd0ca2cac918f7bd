// Copy and paste as a person does it, with the keyboard and the system clipboard: a multi-line query written to the
// system clipboard is pasted with Ctrl+V into a text field of the app (the Run a model tab's template field, whose
// text the panel's state shows); Ctrl+A then Ctrl+C puts the field's text on the system clipboard; Ctrl+X empties
// the field and Ctrl+V brings the text back; a key held across a slow frame types once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { sendCommand, panelState, holdKeys, clickNamed, nextFrame, nextFrames, untilPanel } from './browser.mjs';
import { openApp, closeAll } from './fixture.mjs';

const RUN = 'Run a model';
// CRLF line ends as a Windows clipboard gives them: the field holds them as \n.
const QUERY = 'SELECT m.label, COUNT(*)\r\nFROM molecule AS m\r\nJOIN atom AS a ON a.molecule_id = m.molecule_id\r\n' +
  "WHERE a.element = 'cl' -- chlorine, ünïcode kept\r\nGROUP BY m.label";
const EXPECTED = QUERY.replace(/\r\n/g, '\n');

let app;
before(async () => {
  app = await openApp();
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  // The template field is drawn once "my own template" is on; the command turns it on with an empty template.
  await sendCommand(app.page, { do: 'show', tab: RUN });
  await sendCommand(app.page, { do: 'run_model', set: 'sample_dev.json', formats: ['SimpleDDL-MD-Chat'],
                                template: { source: '' } });
  await sendCommand(app.page, { do: 'run_model_cancel' });
  await untilPanel(app.page, RUN, (s) => s.template.use === true, 'the template field');
});
after(() => closeAll({ app }));

const fieldText = async () => (await panelState(app.page, RUN)).template.source;
const systemClipboard = () => app.page.evaluate(() => navigator.clipboard.readText());

test('Ctrl+V pastes a multi-line query from the system clipboard into a field', async () => {
  await app.page.evaluate((q) => navigator.clipboard.writeText(q), QUERY);
  await clickNamed(app.page, 'user template');  // focus the field, as a click does
  await holdKeys(app.page, ['Control', 'v']);
  await nextFrames(app.page);
  assert.equal(await fieldText(), EXPECTED);
});

test('Ctrl+A, Ctrl+C puts the field\'s text on the system clipboard', async () => {
  await app.page.evaluate(() => navigator.clipboard.writeText('something else'));
  await clickNamed(app.page, 'user template');
  await holdKeys(app.page, ['Control', 'a']);
  await holdKeys(app.page, ['Control', 'c']);
  await app.page.waitForFunction((q) => navigator.clipboard.readText().then((t) => t === q), EXPECTED,
                                 { timeout: 5000 }).catch(() => {});
  assert.equal(await systemClipboard(), EXPECTED);
});

test('Ctrl+X empties the field and Ctrl+V brings the text back', async () => {
  await clickNamed(app.page, 'user template');
  await holdKeys(app.page, ['Control', 'a']);
  await holdKeys(app.page, ['Control', 'x']);
  assert.equal(await fieldText(), '');
  await holdKeys(app.page, ['Control', 'v']);
  await nextFrames(app.page);
  assert.equal(await fieldText(), EXPECTED);
});

// A frame that takes 400 ms (a busy machine) while Ctrl+V is down pastes once: ImGui would take the key for one held
// past its repeat delay (0.275 s) and paste again.
test('Ctrl+V held across a 400 ms frame pastes once', async () => {
  await app.page.evaluate((q) => navigator.clipboard.writeText(q), QUERY);
  await clickNamed(app.page, 'user template');
  await holdKeys(app.page, ['Control', 'a']);
  await holdKeys(app.page, ['Delete']);
  assert.equal(await fieldText(), '');
  await app.page.keyboard.down('Control');
  await nextFrames(app.page);
  await app.page.keyboard.down('v');
  await nextFrame(app.page);  // the frame that sees the press
  await app.page.evaluate(() => { const t = performance.now(); while (performance.now() - t < 400); });
  await nextFrames(app.page);  // the slow frame, the key still down
  await app.page.keyboard.up('v');
  await app.page.keyboard.up('Control');
  await nextFrames(app.page);
  assert.equal(await fieldText(), EXPECTED);
});
