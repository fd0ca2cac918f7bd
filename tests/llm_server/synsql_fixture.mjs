// The SynSQL fixture shared by tests/llm_server/cli_synth.test.mjs and tests/e2e/synthesis_view.test.mjs: BIRD's
// formula_1 schema (one circuit, no race), A.9's question (BIRD dev 1000) and a Spider-like one without evidence, and
// the loopback server's taught answers: three selections and an expansion per question, a critic that rejects A.9's
// first data once (its feedback asks for several seasons) and accepts the second, and data for the second question
// with a 'MONACO' to re-case and an orphan race.
export const DDL = `CREATE TABLE circuits(circuitId INTEGER PRIMARY KEY, name TEXT NOT NULL, location TEXT, country TEXT);
CREATE TABLE races(raceId INTEGER PRIMARY KEY, year INTEGER, circuitId INTEGER REFERENCES circuits(circuitId), name TEXT,
  date TEXT);
CREATE TABLE drivers(driverId INTEGER PRIMARY KEY, forename TEXT, surname TEXT, nationality TEXT);
INSERT INTO circuits VALUES (1, 'Circuit de Monaco', 'Monte Carlo', 'Monaco');`;

// A.9 (BIRD dev 1000) and a Spider-like question without evidence.
export const QA = 'Which racetrack hosted the most recent race? Indicate the full location.';
export const HA = 'full location refers to location+country; most recent race = MAX(date)';
export const GA = 'SELECT T1.location FROM circuits AS T1 INNER JOIN races AS T2 ON T1.circuitId = T2.circuitId ' +
  'ORDER BY T2.date DESC LIMIT 1';
export const QB = "Which races were held in the country 'Monaco'?";
export const GB = "SELECT T1.name FROM races AS T1 JOIN circuits AS T2 ON T1.circuitId = T2.circuitId WHERE T2.country = 'Monaco'";

const circuit = (id, name, loc, country) =>
  `INSERT INTO circuits (circuitId, name, location, country) VALUES (${id}, '${name}', '${loc}', '${country}');`;
const race = (id, year, c, name, date) =>
  `INSERT INTO races (raceId, year, circuitId, name, date) VALUES (${id}, ${year}, ${c}, '${name}', '${date}');`;
// A.9's Fig. 16/17 rows.
const A9 = (() => {
  const lines = [circuit(1, 'Silverstone Circuit', 'Silverstone', 'United Kingdom'),
    circuit(2, 'Circuit de Monaco', 'Monte Carlo', 'Monaco'), circuit(3, 'Suzuka Circuit', 'Suzuka', 'Japan'),
    circuit(4, 'Circuit of the Americas', 'Austin', 'USA'), circuit(5, 'Autodromo Nazionale Monza', 'Monza', 'Italy')];
  const names = ['British Grand Prix', 'Monaco Grand Prix', 'Japanese Grand Prix', 'United States Grand Prix',
    'Italian Grand Prix'];
  const dates = [['2022-07-03', '2022-05-29', '2022-10-09', '2022-10-23', '2022-09-11'],
    ['2023-07-09', '2023-05-28', '2023-10-08', '2023-10-22', '2023-09-10'],
    ['2024-07-07', '2024-05-26', '2024-10-13', '2024-10-27', '2024-09-08']];
  for (let y = 0; y < 3; y++) for (let c = 0; c < 5; c++) lines.push(race(101 + 5 * y + c, 2022 + y, c + 1, names[c], dates[y][c]));
  return 'Here is the data:\n```sql\n' + lines.join('\n') + '\n```';
})();
const SMALL = [circuit(1, 'Silverstone Circuit', 'Silverstone', 'United Kingdom'),
  race(101, 2022, 1, 'British Grand Prix', '2022-07-03')].join('\n');
const MONACO = ["INSERT INTO circuits (circuitId, name, country) VALUES (1, 'Circuit de Monaco', 'MONACO');",
  "INSERT INTO circuits (circuitId, name, country) VALUES (2, 'Suzuka Circuit', 'Japan');",
  "INSERT INTO races (raceId, year, circuitId, name) VALUES (10, 2024, 1, 'Monaco Grand Prix');",
  "INSERT INTO races (raceId, year, circuitId, name) VALUES (11, 2024, 2, 'Japanese Grand Prix');",
  "INSERT INTO races (raceId, year, circuitId, name) VALUES (12, 2024, 9, 'Ghost Grand Prix');"].join('\n');

export const FEEDBACK = 'Add races from several seasons so that the most recent one is clear.';
export const critic = (score, feedback) => JSON.stringify(Object.fromEntries([
  ...['hint_alignment', 'key_integrity', 'schema_coverage', 'complexity', 'variety', 'relevance']
    .map((k) => [k, { score, feedback }]),
  ['overall_feedback', feedback], ['meets_minimum_quality', score >= 8]]));

// First match wins: the second round's data is accepted, its prompt carries the first round's feedback, the first
// round is rejected; each prompt is told apart by what follows the hint in its template.
export const synthAnswers = () => {
  const answers = {
    "'Circuit of the Americas'": critic(9, 'Good coverage.'),
    [FEEDBACK]: A9,
    [`Question: ${QA}\nHint: ${HA}\n\nDatabase schema:`]: critic(5, FEEDBACK),
    [`Question: ${QA}\nHint: ${HA}\n\nWrite the INSERT`]: SMALL,
    [`Question: ${QB}\nHint: (none given)\n\nDatabase schema:`]: '```json\n' + critic(8, 'Fine.') + '\n```',
    [`Question: ${QB}\nHint: (none given)\n\nWrite the INSERT`]: MONACO,
    'Already chosen columns:': '{"chain_of_thought_reasoning": "names", "columns": ["races.name", "circuits.name", ' +
      '"races.year", "drivers.surname"]}',
    [`Question: ${QA}\nHint: ${HA}\n\nThe hint`]: '{"chain_of_thought_reasoning": "latest race", "circuits": ' +
      '["location", "country"], "races": ["date"], "foreign_keys": ["races.circuitId = circuits.circuitId"]}',
    [`Question: ${QB}\nHint: (none given)\n\nThe hint`]: '{"races": ["name"], "circuits": ["Country"]}',
  };
  return answers;
};
