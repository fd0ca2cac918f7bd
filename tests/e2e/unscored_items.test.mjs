// Items the page could not score are counted apart, with their reason, next to the headline: a gold file naming a
// database that is not loaded gives EX over the scored items, the count and reason of the others, and EX over all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir, openApp, closeAll, evaluateSets } from './fixture.mjs';

let app, dir;
before(async () => {
  dir = tempDir('chokepoint-unscored-');
  fs.writeFileSync(path.join(dir, 'mixed_gold.sql'), ['SELECT count(*) FROM atom\ttoxicology',
    'SELECT count(*) FROM bond\ttoxicology', 'SELECT count(*) FROM t\tnowhere'].join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'mixed_pred.sql'), ['SELECT count(*) FROM atom', 'SELECT count(*) FROM atom',
    'SELECT count(*) FROM t'].join('\n') + '\n');
  app = await openApp();
});
after(() => closeAll({ app, dir }));

test('the headline names the semantics, the scored items, the unscored ones with their reason, and EX over all', async () => {
  const m = await evaluateSets(app.page, dir, 'mixed_gold.sql', 'mixed_pred.sql');
  assert.deepEqual([m.summary.n, m.summary.scored, m.summary.no_database], [3, 2, 1]);
  assert.equal(m.headline, 'EX 50.00% (BIRD semantics) over 2 scored of 3 items; 1 not scored: 1 without their ' +
    'database; EX over all 3: 33.33%');
});
