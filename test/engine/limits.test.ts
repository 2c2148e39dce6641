// The engine's step refuses a step that would take the game past a limit (src/rules/limits.ts), and replaying a
// log (undo, verify, log) does not: a game an older badzone wrote past a limit replays.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, replay, step } from '../../src/engine/index.js';
import type { LogRecord, SessionState } from '../../src/engine/state.js';
import { LIMITS } from '../../src/rules/limits.js';
import { shippedBook } from '../../src/store/tables.js';

const book = shippedBook();

function refusal(r: ReturnType<typeof step>): { usage: boolean; message: string } {
  if (r.ok || !('refusal' in r)) throw new Error(`expected a refusal, got ${JSON.stringify(r).slice(0, 200)}`);
  return r.refusal;
}

describe('a step past a limit is refused (a value, not a throw), the state untouched', () => {
  it('a full log', () => {
    const s = createGame(defaultSetup(1), book);
    const filler: LogRecord = { seq: 0, round: 0, action: { type: 'visibility', level: 'dark' }, rolls: [] };
    const full: SessionState = {
      ...s,
      log: [s.log[0]!, ...Array.from({ length: LIMITS.logEntries - 1 }, (_, i) => ({ ...filler, seq: i + 1 }))],
    };
    const r = refusal(step(full, { type: 'visibility', level: 'dark' }, book));
    expect(r.usage).toBe(false);
    expect(r.message).toMatch(/log is full: 100,000 entries.*limit: log entries/);
    expect(full.log).toHaveLength(LIMITS.logEntries);
    // One entry fewer: accepted.
    expect(step({ ...full, log: full.log.slice(0, -1) }, { type: 'visibility', level: 'dark' }, book).ok).toBe(true);
  });

  it('a dice position past ten million, and only when the step draws', () => {
    const s = createGame(defaultSetup(1), book);
    const far: SessionState = { ...s, rng: { seed: 1, uses: LIMITS.rngUses } };
    const r = refusal(step(far, { type: 'round' }, book));
    expect(r.message).toMatch(/limit: dice position/);
    // A step that draws nothing does not move the position: accepted.
    expect(step(far, { type: 'visibility', level: 'dark' }, book).ok).toBe(true);
  });

  it("a 51st gang, a gang's 201st fighter, a name with a line break (usage)", () => {
    const gangs = Array.from({ length: LIMITS.gangs }, (_, i) => ({
      name: `G${i}`,
      battlefield: i === 0 ? Array.from({ length: LIMITS.fightersPerGang }, (_, k) => `F${k}`) : [],
      reserve: [],
    }));
    const s = createGame(defaultSetup(1, { gangs }), book);
    expect(refusal(step(s, { type: 'fighter', name: 'X', to: 'battlefield', gang: 'New' }, book)).message).toMatch(
      /limit: gangs/,
    );
    expect(refusal(step(s, { type: 'fighter', name: 'X', to: 'battlefield', gang: 'G0' }, book)).message).toMatch(
      /limit: fighters per gang/,
    );
    const bad = refusal(step(s, { type: 'fighter', name: 'X\nY', to: 'battlefield', gang: 'G1' }, book));
    expect(bad.usage).toBe(true);
    expect(bad.message).toContain('\\x0a');
    // Moving a fighter within the full gang is fine.
    expect(step(s, { type: 'fighter', name: 'F0', to: 'reserve' }, book).ok).toBe(true);
  });

  it('700 occupied tiles (usage)', () => {
    const s = createGame(defaultSetup(1), book);
    expect(refusal(step(s, { type: 'round', occupied: Array(700).fill('A1') }, book)).usage).toBe(true);
  });
});

describe('replaying a log skips the limits', () => {
  it('a fighter added past the limit by an older badzone replays', () => {
    const gangs = [
      { name: 'G', battlefield: Array.from({ length: LIMITS.fightersPerGang }, (_, k) => `F${k}`), reserve: [] },
    ];
    const s = replay(
      defaultSetup(1, { gangs }),
      [
        { type: 'fighter', name: 'F200', to: 'battlefield', gang: 'G' },
        { type: 'fighter', name: 'x'.repeat(300), to: 'out', gang: 'y'.repeat(300) },
      ],
      book,
    );
    expect(s.gangs[0]!.battlefield).toHaveLength(LIMITS.fightersPerGang + 1);
    expect(s.gangs[1]!.name).toHaveLength(300);
  });
});
