// `npm run mutation [-- dice rules store engine | engine/step ...]`: StrykerJS over each folder of src/ in turn (or
// one file of a folder: `engine/step` is src/engine/step.ts, with the engine's tests), each run narrowed to
// the test folders that test it (a mutant then pays only for those), each with its own incremental file and
// report, timed; then the score of every file and folder, and exit 1 when a folder is below 90%.
// Not part of `npm test` or CI (docs/development.md, Mutation testing).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'reports', 'mutation');

/** Each folder of src/ and the in-process test folders whose tests pin its behaviour. */
export const FOLDERS = {
  dice: ['test/dice', 'test/engine', 'test/rules'],
  rules: ['test/rules', 'test/engine', 'test/model', 'test/dice', 'test/api'],
  store: ['test/store'],
  engine: ['test/engine', 'test/model', 'test/dice', 'test/rules'],
};
const BAR = 90;

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const wanted = args.filter((a) => !a.startsWith('--'));
for (const w of wanted) {
  const [folder, file] = w.split('/');
  const missing = !(folder in FOLDERS) ? `there is no folder "${folder}"` : file !== undefined && !fs.existsSync(path.join(root, 'src', folder, `${file}.ts`)) ? `there is no src/${folder}/${file}.ts` : null;
  if (missing) {
    console.error(`badzone mutation: ${missing}; give some of: ${Object.keys(FOLDERS).join(', ')}, or a file as engine/step.`);
    process.exit(2);
  }
}
const folders = wanted.length ? wanted : Object.keys(FOLDERS);
fs.mkdirSync(out, { recursive: true });

const times = {};
if (!reportOnly) {
  for (const f of folders) {
    const start = Date.now();
    const [folder, file] = f.split('/');
    const what = file === undefined ? `src/${folder}/**/*.ts` : `src/${folder}/${file}.ts`;
    const name = f.replace('/', '-');
    console.log(`\n== ${what}: tests in ${FOLDERS[folder].join(', ')}`);
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), 'run', '--mutate', what, '--incrementalFile', `reports/mutation/${name}-incremental.json`],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, BADZONE_MUTATION_TESTS: FOLDERS[folder].join(','), BADZONE_MUTATION_REPORT: `reports/mutation/${name}` },
      },
    );
    times[f] = Math.round((Date.now() - start) / 1000);
    if (r.status !== 0) {
      console.error(`badzone mutation: the Stryker run over ${what} failed (exit ${r.status ?? r.signal}); see its output above.`);
      process.exit(1);
    }
  }
}

/** Stryker's score: killed and timed out over all valid mutants (ignored and compile errors left out). */
function score(mutants) {
  const killed = mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
  const valid = mutants.filter((m) => ['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(m.status)).length;
  return { killed, valid, pct: valid ? (100 * killed) / valid : 100 };
}

let low = false;
const lines = [];
for (const f of folders) {
  const file = path.join(out, f.replace('/', '-'), 'mutation.json');
  if (!fs.existsSync(file)) {
    lines.push(`src/${f}: no report yet (run \`npm run mutation -- ${f}\`)`);
    low = true;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const all = [];
  const per = [];
  for (const [name, r] of Object.entries(report.files).sort()) {
    all.push(...r.mutants);
    const s = score(r.mutants);
    per.push(`${path.basename(name)} ${s.pct.toFixed(2)}%`);
  }
  const s = score(all);
  if (s.pct < BAR) low = true;
  const took = times[f] !== undefined ? `, ${Math.floor(times[f] / 60)} min ${times[f] % 60} s` : '';
  lines.push(`src/${f}: ${s.pct.toFixed(2)}% (${s.killed} of ${s.valid} mutants killed${took}): ${per.join(', ')}`);
}
console.log(`\nMutation scores (report: reports/mutation/<folder>/index.html)\n${lines.join('\n')}`);
if (low) {
  console.error(`\nA folder is below ${BAR}%: the surviving mutants are in its HTML report.`);
  process.exit(1);
}
