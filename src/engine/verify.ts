// `verify`: replay the log from the seed and setup, and say whether every roll and the state in the file follow;
// where they do not, the first difference, found by comparing the JSON of each side.
import type { RuleBook } from '../rules/book.js';
import { loggedActions, replaySteps } from './replay.js';
import { STEP_FIELDS, countDice, type LogRecord, type Roll, type SessionState } from './state.js';

export interface VerifyResult {
  ok: boolean;
  /** Log entries checked. */
  entries: number;
  /** Dice in the log: `fromSeed` + `entered`. */
  rolls: number;
  /** Dice badzone rolled (or drew) from the seed. */
  fromSeed: number;
  /** Dice entered by hand (`entered: true` in the log): they follow from no seed, only from what the GM typed. */
  entered: number;
  /** The first thing that does not follow, in words. */
  problem: string | null;
  /** Seq of the first log entry that does not follow, when the problem is in the log. */
  seq: number | null;
}

/** Whether two rolls are the same die with the same result for the same purpose, entered or not alike. */
function sameRoll(a: Roll | undefined, b: Roll | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.value === b.value &&
    a.die === b.die &&
    a.for === b.for &&
    a.entered === b.entered &&
    a.card === b.card &&
    a.d66 === b.d66
  );
}

/** Replay the log from the seed and setup, and say whether every roll and the current state follow. */
export function verify(state: SessionState, book: RuleBook): VerifyResult {
  const { rolls, entered } = countDice(state.log);
  const base = { entries: state.log.length, rolls, fromSeed: rolls - entered, entered };
  const fail = (problem: string, seq: number | null): VerifyResult => ({ ok: false, ...base, problem, seq });
  const check = (stored: LogRecord | undefined, made: LogRecord): VerifyResult | null => {
    if (!stored) return fail(`log entry ${made.seq} is missing`, made.seq);
    const n = Math.max(stored.rolls.length, made.rolls.length);
    for (let i = 0; i < n; i++) {
      const a = stored.rolls[i];
      const b = made.rolls[i];
      if (!sameRoll(a, b)) {
        const at = `log entry ${made.seq} (${made.action.type}, round ${made.round}), roll ${i + 1}`;
        // Marked entered (or rolled) against the log's own action: the value may even be the same.
        if (a && b && a.entered !== b.entered && a.value === b.value && a.die === b.die && a.for === b.for) {
          return fail(
            a.entered
              ? `${at}: the file marks ${b.for} (${a.value}) as entered by hand, but the command entered no die for it: the seed gives it`
              : `${at}: the file marks ${b.for} (${a.value}) as rolled, but the command entered it by hand`,
            made.seq,
          );
        }
        const what = b
          ? `${b.for}: ${b.entered ? 'the command entered' : 'the seed gives'} ${b.value}`
          : 'no such roll follows from the seed';
        const was = a
          ? `the file has ${a.value}${a.for !== b?.for ? ` for "${a.for}"` : ''}${a.entered !== b?.entered ? (a.entered ? ', entered by hand' : ', rolled') : ''}`
          : 'the file is missing it';
        return fail(`${at}: ${what}, but ${was}`, made.seq);
      }
    }
    if (stored.round !== made.round) {
      return fail(
        `log entry ${made.seq} (${made.action.type}): round ${stored.round} in the file, but the log gives round ${made.round}`,
        made.seq,
      );
    }
    return null;
  };
  let s: SessionState | undefined;
  for (const r of replaySteps(state.setup, loggedActions(state.log), book)) {
    if (!r.ok)
      return fail(
        `log entry ${r.seq} (${r.action.type}) does not apply: ${'refusal' in r.result ? r.result.refusal.message : 'it needs input'}`,
        r.seq,
      );
    const c = check(state.log[r.seq], r.record);
    if (c) return c;
    s = r.state;
  }
  for (const f of STEP_FIELDS) {
    if (JSON.stringify(state[f]) !== JSON.stringify(s![f])) {
      const d = firstDifference(state[f], s![f], '');
      const at = d.path === '' ? '' : `${d.path} = `;
      return fail(
        `${f} in the file (${at}${short(d.file)}) does not follow from the log (replay gives ${at}${short(d.replay)})`,
        null,
      );
    }
  }
  return { ok: true, ...base, problem: null, seq: null };
}

/** Where two JSON values first differ: the path inside them ("[1].eventId") and each side's value there. */
function firstDifference(
  file: unknown,
  replay: unknown,
  path: string,
): { path: string; file: unknown; replay: unknown } {
  if (Array.isArray(file) && Array.isArray(replay)) {
    for (let i = 0; i < Math.max(file.length, replay.length); i++) {
      if (JSON.stringify(file[i]) !== JSON.stringify(replay[i]))
        return firstDifference(file[i], replay[i], `${path}[${i}]`);
    }
  } else if (
    file &&
    replay &&
    typeof file === 'object' &&
    typeof replay === 'object' &&
    !Array.isArray(file) &&
    !Array.isArray(replay)
  ) {
    const a = file as Record<string, unknown>;
    const b = replay as Record<string, unknown>;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return firstDifference(a[k], b[k], `${path}.${k}`);
    }
  }
  return { path, file, replay };
}

function short(v: unknown): string {
  if (v === undefined) return 'nothing';
  const t = JSON.stringify(v) ?? 'undefined';
  return t.length > 120 ? `${t.slice(0, 117)}...` : t;
}
