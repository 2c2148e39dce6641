// `npm run mutation [-- dice rules store engine | engine/step | engine/moves ... ] [--by-file] [--report-only]`:
// StrykerJS over each folder of src/ in turn (or one file of a folder: `engine/step` is src/engine/step.ts, with the
// engine's tests; `engine/moves/fighter` a file in a folder below it; `engine/moves` that folder; `--by-file` runs
// each file of the folders given on its own, those below them included), each run narrowed to the test folders that
// test it (a mutant then pays only for those), each with its own incremental file and report, timed; then the
// score of every file and folder (each file from its newest report), and exit 1 when a folder is below 90% or
// has a file not yet run.
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
/** `engine/moves/fighter` -> ['engine', 'moves/fighter']; `engine` -> ['engine', undefined]. */
const split = (w) => {
  const at = w.indexOf('/');
  return at < 0 ? [w, undefined] : [w.slice(0, at), w.slice(at + 1)];
};
const isDir = (p) => fs.existsSync(p) && fs.statSync(p).isDirectory();
for (const w of wanted) {
  const [folder, file] = split(w);
  const missing = !(folder in FOLDERS)
    ? `there is no folder "${folder}"`
    : file !== undefined &&
        !fs.existsSync(path.join(root, 'src', folder, `${file}.ts`)) &&
        !isDir(path.join(root, 'src', folder, file))
      ? `there is no src/${folder}/${file}.ts`
      : null;
  if (missing) {
    console.error(
      `badzone mutation: ${missing}; give some of: ${Object.keys(FOLDERS).join(', ')}, or a file as engine/step.`,
    );
    process.exit(2);
  }
}
const byFile = args.includes('--by-file');
/**
 * The source files of a folder that Stryker mutates, those in folders below it too ('moves/fighter'): not the
 * folder's own index.ts (it only re-exports), nor a types.ts (it only declares types).
 */
const sourcesOf = (folder) =>
  fs
    .readdirSync(path.join(root, 'src', folder), { recursive: true })
    .map((n) => String(n).split(path.sep).join('/'))
    .filter((n) => n.endsWith('.ts') && n !== 'index.ts' && !/(^|\/)types\.ts$/.test(n))
    .sort()
    .map((n) => n.slice(0, -3));
/** A target's name for its report folder and incremental file: engine/moves/fighter -> engine-moves-fighter. */
const nameOf = (t) => t.replaceAll('/', '-');
const targets = (wanted.length ? wanted : Object.keys(FOLDERS)).flatMap((w) => {
  if (!byFile) return [w];
  const [folder, sub] = split(w);
  if (sub !== undefined && !isDir(path.join(root, 'src', folder, sub))) return [w];
  return sourcesOf(folder)
    .filter((n) => sub === undefined || n.startsWith(`${sub}/`))
    .map((n) => `${folder}/${n}`);
});
fs.mkdirSync(out, { recursive: true });

const times = {};
if (!reportOnly) {
  for (const f of targets) {
    const start = Date.now();
    const [folder, file] = split(f);
    const what =
      file === undefined
        ? `src/${folder}/**/*.ts`
        : isDir(path.join(root, 'src', folder, file))
          ? `src/${folder}/${file}/**/*.ts`
          : `src/${folder}/${file}.ts`;
    const name = nameOf(f);
    console.log(`\n== ${what}: tests in ${FOLDERS[folder].join(', ')}`);
    const r = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'),
        'run',
        '--mutate',
        what,
        '--incrementalFile',
        `reports/mutation/${name}-incremental.json`,
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          BADZONE_MUTATION_TESTS: FOLDERS[folder].join(','),
          BADZONE_MUTATION_REPORT: `reports/mutation/${name}`,
        },
      },
    );
    times[f] = Math.round((Date.now() - start) / 1000);
    if (r.status !== 0) {
      console.error(
        `badzone mutation: the Stryker run over ${what} failed (exit ${r.status ?? r.signal}); see its output above.`,
      );
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

/**
 * A folder's score, file by file, from the newest report that holds each file: the folder's own run
 * (reports/mutation/<folder>), a run of a folder below it (<folder>-moves) or of that one file
 * (reports/mutation/<folder>-<file>, <folder>-moves-fighter).
 */
function folderScore(folder) {
  const all = [];
  const per = [];
  const missing = [];
  for (const name of sourcesOf(folder)) {
    const rel = `src/${folder}/${name}.ts`;
    let best = null;
    const parts = name.split('/');
    const dirs = parts.map((_, i) => nameOf([folder, ...parts.slice(0, i + 1)].join('/')));
    for (const dir of [folder, ...dirs]) {
      const file = path.join(out, dir, 'mutation.json');
      if (!fs.existsSync(file)) continue;
      const when = fs.statSync(file).mtimeMs;
      if (best && best.when >= when) continue;
      const report = JSON.parse(fs.readFileSync(file, 'utf8'));
      const entry = Object.entries(report.files).find(([k]) => k.replace(/\\/g, '/').endsWith(rel));
      if (entry) best = { when, mutants: entry[1].mutants, dir };
    }
    if (!best) {
      missing.push(`${name}.ts`);
      continue;
    }
    all.push(...best.mutants);
    const s = score(best.mutants);
    per.push(`${name}.ts ${s.pct.toFixed(2)}% (${s.valid})`);
  }
  return { s: score(all), per, missing };
}

let low = false;
const lines = [];
for (const t of targets) {
  if (times[t] !== undefined) lines.push(`run ${t}: ${Math.floor(times[t] / 60)} min ${times[t] % 60} s`);
}
for (const folder of [...new Set(targets.map((t) => split(t)[0]))]) {
  const { s, per, missing } = folderScore(folder);
  if (s.pct < BAR || missing.length) low = true;
  const none = missing.length
    ? `; no report yet for ${missing.join(', ')} (run \`npm run mutation -- ${folder}/${missing[0].slice(0, -3)}\`)`
    : '';
  lines.push(
    `src/${folder}: ${s.pct.toFixed(2)}% (${s.killed} of ${s.valid} mutants killed): ${per.join(', ')}${none}`,
  );
}
console.log(
  `\nMutation scores (each file from its newest report in reports/mutation/; the number of mutants in brackets)\n${lines.join('\n')}`,
);
if (low) {
  console.error(`\nA folder is below ${BAR}% or has files not yet run: the surviving mutants are in the HTML reports.`);
  process.exit(1);
}
