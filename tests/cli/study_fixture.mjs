// The study fixture on the sample toxicology database, shared by the CLI's study tests and the Studies tab's browser
// test: five seeds and chokepoint jqe-style expansions of them with one system's predictions (jqe-delta), and five
// gold items with three systems' predictions (shared-failures). What each system gets right is said where it is
// built, so the tests count expected numbers by hand.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const WRONG = "SELECT 'wrong'";
const bird = (key, sql) => [String(key), `${sql}\t----- bird -----\ttoxicology`];
const item = (id, sql, extra = {}) =>
  ({ question_id: id, db_id: 'toxicology', question: `q${id}`, evidence: '', SQL: sql, difficulty: 'simple',
    ...extra });

// Seeds 10 (predicted right), 11 (wrong), 12 (right, never expanded), 13 (right), 14 (its gold fails: not scored).
export const SEEDS = [
  item(10, "SELECT label FROM molecule WHERE molecule_id = 'TR000'"),
  item(11, "SELECT COUNT(*) FROM atom WHERE element = 'cl'"),
  item(12, "SELECT element FROM atom WHERE atom_id = 'TR000_1'"),
  item(13, "SELECT COUNT(*) FROM bond WHERE bond_type = '='"),
  item(14, 'SELECT nope FROM molecule'),
];
export const SEED_RIGHT = [true, false, true, true, true];
// Expansions: [seed, gold SQL, predicted right]. Join query graphs: (2,1) for all but the fifth, which is (3,2).
export const EXPANSIONS = [
  ['10', 'SELECT T.label FROM molecule AS T JOIN atom AS T2 ON T2.molecule_id = T.molecule_id ' +
    "WHERE T.molecule_id = 'TR000'", true],
  ['10', 'SELECT T.label FROM molecule AS T JOIN bond AS T2 ON T2.molecule_id = T.molecule_id ' +
    "WHERE T.molecule_id = 'TR000'", false],
  ['11', 'SELECT COUNT(*) FROM atom JOIN molecule ON molecule.molecule_id = atom.molecule_id ' +
    "WHERE element = 'cl'", true],
  ['11', "SELECT COUNT(*) FROM atom JOIN bond ON bond.molecule_id = atom.molecule_id WHERE element = 'cl'", false],
  ['11', 'SELECT COUNT(*) FROM atom JOIN molecule ON molecule.molecule_id = atom.molecule_id JOIN bond ON ' +
    "bond.molecule_id = molecule.molecule_id WHERE element = 'cl'", false],
  ['13', 'SELECT COUNT(*) FROM bond JOIN molecule ON molecule.molecule_id = bond.molecule_id ' +
    "WHERE bond_type = '='", true],
  ['14', 'SELECT label FROM molecule JOIN atom ON atom.molecule_id = molecule.molecule_id WHERE atom.atom_id = ' +
    "'TR000_1'", true],
];

// Five gold items and three systems. Item 0: A and B right. Items 1 and 2: every system wrong. Item 3: gold fails.
// Item 4: C right.
export const GOLD = [
  item(0, "SELECT label FROM molecule WHERE molecule_id = 'TR000'"),
  item(1, "SELECT molecule_id, label FROM molecule WHERE molecule_id IN ('TR000', 'TR001') ORDER BY molecule_id"),
  item(2, 'SELECT COUNT(*) FROM atom'),
  item(3, 'SELECT nope FROM atom'),
  item(4, 'SELECT COUNT(*) FROM bond'),
];
export const SYSTEMS = {
  A: [GOLD[0].SQL, "SELECT molecule_id, label FROM molecule WHERE molecule_id = 'TR000'", 'SELECT COUNT(*) FROM bond',
    'SELECT 1', "SELECT 'x'"],
  B: [GOLD[0].SQL, "SELECT 'x'", "SELECT 'x'", 'SELECT 1', "SELECT 'x'"],
  C: ["SELECT 'x'", "SELECT molecule_id FROM molecule WHERE molecule_id IN ('TR000', 'TR001') ORDER BY molecule_id",
    "SELECT 'x'", 'SELECT 1', GOLD[4].SQL],
};

// Writes seeds.json, pred_seeds.json, expanded.json, pred_expansions.json, gold.json and A.sql, B.sql, C.sql into dir.
export function writeStudyFiles(dir) {
  writeFileSync(join(dir, 'seeds.json'), JSON.stringify(SEEDS, null, 1));
  writeFileSync(join(dir, 'pred_seeds.json'),
    JSON.stringify(Object.fromEntries(SEEDS.map((s, i) => bird(i, SEED_RIGHT[i] ? s.SQL : WRONG)))));
  writeFileSync(join(dir, 'expanded.json'), JSON.stringify(EXPANSIONS.map(([seed, sql], i) =>
    item(`${seed}-e${i}`, sql, { question_status: 'pending', jqe: { seed_id: seed, round: 1 } })), null, 1));
  writeFileSync(join(dir, 'pred_expansions.json'),
    JSON.stringify(Object.fromEntries(EXPANSIONS.map(([, sql, right], i) => bird(i, right ? sql : WRONG)))));
  writeFileSync(join(dir, 'gold.json'), JSON.stringify(GOLD, null, 1));
  for (const [name, sqls] of Object.entries(SYSTEMS)) writeFileSync(join(dir, `${name}.sql`), sqls.join('\n') + '\n');
}
