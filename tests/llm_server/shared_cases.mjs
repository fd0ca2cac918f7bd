// Cases a CLI test here and its browser twin in tests/e2e share, so the page is checked against the CLI on the same
// taught answers: `chokepoint describe` (cli_describe, e2e/describe_view), `chokepoint link` (cli_link,
// e2e/linking_view) and `chokepoint optimize` (cli_optimize, e2e/optimize_view).

// SQL-to-Text. [question, gold, prediction, the model's description, judge forward, judge backward]
export const CL = "SELECT COUNT(*) FROM atom WHERE element = 'cl'";
export const DESCRIBE_CASES = [
  ['How many atoms are chlorine?', CL, CL, 'question: How many chlorine atoms are there?', 'True', 'True'],
  ['How many atoms are chlorine?', CL, "SELECT COUNT(*) FROM atom WHERE element = 'h'",
    '**Question:** How many hydrogen atoms are there?', 'False', 'False'],
  ['Which element comes first alphabetically?', 'SELECT MIN(element) FROM atom', 'SELECT MAX(element) FROM atom',
    'question: Which element comes last alphabetically?', 'False', 'True'],
  ['How many bonds are there?', 'SELECT COUNT(*) FROM bond', 'SELECT COUNT(*) FROM bond',
    'question: How many connections exist?', 'False', 'False'],
  ['How many atoms are there?', 'SELECT COUNT(*) FROM atom', 'SELECT COUNT(*) FROM atoms',
    'Sorry.\nI cannot tell what this query does.', null, null],
];
// The answers taught for them (POST /answers): a description per predicted query, a verdict per pair of questions in
// each order (none where the description holds no question).
export function describeAnswers() {
  const taught = {};
  for (const [q, , p, d, fwd, bwd] of DESCRIBE_CASES) {
    taught[`SQL: ${p}\n`] = d;
    const g = /question:\*?\*?\s*(.*)$/i.exec(d);
    if (!g || fwd === null) continue;
    taught[`First question: ${g[1]}\nSecond question: ${q}\n`] = fwd;
    taught[`First question: ${q}\nSecond question: ${g[1]}\n`] = bwd;
  }
  return taught;
}

// Schema linking. [question, gold, zero-shot ranking, few-shot answer, PreSQL answer]
export const LINK_ITEMS = [
  ['How many atoms are chlorine?', "SELECT COUNT(*) FROM atom WHERE element = 'cl'",
    '```json\n["atom", "molecule", "bond", "connected"]\n```', '["atom"]',
    "SELECT COUNT(*) FROM atom WHERE element = 'cl'"],
  ['Which molecules have a double bond?',
    "SELECT DISTINCT m.label FROM molecule m JOIN bond b ON m.molecule_id = b.molecule_id WHERE b.bond_type = '='",
    '["bond", "molecule", "atom", "connected"]', 'Tables: ["molecule"]',
    "```sql\nSELECT m.label FROM molecule m JOIN bond b ON m.molecule_id = b.molecule_id WHERE b.bond_type = '='\n```"],
  ['What elements are in molecule TR000?', "SELECT DISTINCT element FROM atom WHERE molecule_id = 'TR000'",
    'I think: molecule, connected', 'None of these tables fits.',
    "SELECT element FROM atom JOIN molecule USING (molecule_id) WHERE molecule_id = 'TR000'"],
];
// Their answers: the rankings and few-shot answers (POST /answers), the PreSQL queries (POST /sql).
export function linkAnswers() {
  const answers = {};
  for (const [q, , zero, few] of LINK_ITEMS) {
    answers[`Question: ${q}\n\nRank`] = zero;
    answers[`Question: ${q}\nTables:`] = few;
  }
  return { answers, sql: Object.fromEntries(LINK_ITEMS.map(([q, , , , pre]) => [q, pre])) };
}

// SQL optimisation. `k + 0` hides k from its index: the gold is a full scan; LOOKUP returns its rows by the index.
export const OPT_GOLD = 'SELECT id, v FROM t WHERE k + 0 = 700';
export const OPT_LOOKUP = 'SELECT id, v FROM t WHERE k = 700';
// [question, stage-one query Y, the rewrite the model answers, the direct answer]
export const OPT_CASES = [
  ['Which rows have key 700?', OPT_GOLD, `\`\`\`sql\n${OPT_LOOKUP};\n\`\`\``, `SQL: ${OPT_LOOKUP}`],
  ['Which rows carry key seven hundred?', 'SELECT id, v FROM t WHERE k * 1 = 700', 'SELECT id, v FROM t WHERE k = 701',
    'I cannot write this one.'],
  ['List the ids and values for key 700.', 'SELECT id FROM t WHERE k = 700', 'SELECT id FROM t WHERE k = 700',
    'SELECT id, v FROM t WHERE k = 700 AND id > 0'],
];
// Their answers: the rewrites (POST /answers), the direct queries (POST /sql).
export const optimizeAnswers = () => ({
  answers: Object.fromEntries(OPT_CASES.map(([, y, r]) => [`### Query: ${y}\n`, r])),
  sql: Object.fromEntries(OPT_CASES.map(([q, , , d]) => [q, d])),
});
