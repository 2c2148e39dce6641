// Every place where badzone's text differs from the rules' own text is a listed ruling (issue 10, item 13).
// The rules texts are copied in test/rules/fixtures (from the project's seeds); this test parses their tables and
// compares them with the shipped data, field by field. A difference must be one of TEXT_FIXES below, and each
// of those must be listed in docs/rulings.md, quoting the rules' words and marked as a reading or a choice.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import eventsJson from '../../data/badzone-events.json' with { type: 'json' };
import hazardsJson from '../../data/hazards.json' with { type: 'json' };
import visibilityJson from '../../data/visibility.json' with { type: 'json' };
import type { EventTable, HazardTable, VisibilityTable } from '../../src/rules/types.js';

const events = eventsJson as unknown as EventTable;
const hazards = hazardsJson as unknown as HazardTable;
const visibility = visibilityJson as unknown as VisibilityTable;
const SEED_EVENTS = fs.readFileSync(path.join(ROOT, 'test', 'rules', 'fixtures', 'badzone-events.seed.txt'), 'utf8');
const SEED_HAZARDS = fs.readFileSync(path.join(ROOT, 'test', 'rules', 'fixtures', 'hazards.seed.txt'), 'utf8');
const RULINGS = fs.readFileSync(path.join(ROOT, 'docs', 'rulings.md'), 'utf8');

interface SeedRow {
  lo: number;
  hi: number;
  count: number;
  name: string;
  effect: string;
  /** The keyword in brackets after the effect: "Once", "Persistent, Discarded on a 4+", ... */
  timing: string;
}

function seedRows(): SeedRow[] {
  const rows = SEED_EVENTS.split('\n').filter((l) => /^\| \d/.test(l));
  return rows.map((l) => {
    const [range, count, name, cell] = l
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim()) as [string, string, string, string];
    const [lo, hi] = range.split(/[–-]/).map(Number) as [number, number | undefined];
    const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(cell)!;
    return { lo, hi: hi ?? lo, count: Number(count), name, effect: m[1]!, timing: m[2]! };
  });
}

/** One place where the data says something other than the rules' words. */
interface Fix {
  event: string;
  field: 'name' | 'effect' | 'timing';
  /** The rules' words, as printed. */
  seed: string;
  /** badzone's words (for `timing`: how it reads them). */
  ours: string;
}

const TEXT_FIXES: Fix[] = [
  { event: 'vent-rupture', field: 'name', seed: 'Vent Ruptur', ours: 'Vent Rupture' },
  { event: 'toxic-downpour', field: 'effect', seed: 'not in under cover', ours: 'not under cover' },
  { event: 'gunk-downpour', field: 'effect', seed: 'not in under cover', ours: 'not under cover' },
  {
    event: 'genestealer-awakens',
    field: 'effect',
    seed: 'A Malstrain Genestealer spawn at',
    ours: 'A Malstrain Genestealer spawns at',
  },
  { event: 'critters-attack', field: 'timing', seed: 'Persistent, Discard on a 3+', ours: 'persistent 3' },
  { event: 'treasure', field: 'timing', seed: 'Persistent, discard on a 2+', ours: 'persistent 2' },
  { event: 'pillar-of-flame', field: 'timing', seed: 'Persistent, may leave the table', ours: 'persistent null' },
];

/** The keyword as printed, read the standard way: Once, Persistent, Persistent, Discarded on a N+. */
function standardTiming(t: string): string | null {
  if (t === 'Once') return 'once null';
  if (t === 'Persistent') return 'persistent null';
  const m = /^Persistent, Discarded on a (\d)\+$/.exec(t);
  return m ? `persistent ${m[1]}` : null;
}

describe("badzone's text against the rules' text", () => {
  const rows = seedRows();

  it('the rules list 33 events covering D64 1-64, and the data has each at the same place', () => {
    expect(rows).toHaveLength(33);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(64);
    for (const r of rows) {
      const ev = events.results.find((e) => e.range[0] === r.lo);
      expect(ev, r.name).toBeDefined();
      expect({ name: r.name, range: ev!.range, count: ev!.count }).toEqual({
        name: r.name,
        range: [r.lo, r.hi],
        count: r.count,
      });
    }
  });

  it('every difference in name, rules text and timing is a listed fix, and nothing else differs', () => {
    const used = new Set<Fix>();
    for (const r of rows) {
      const ev = events.results.find((e) => e.range[0] === r.lo)!;
      const fixes = TEXT_FIXES.filter((f) => f.event === ev.id);
      const apply = (field: Fix['field'], text: string) => {
        let out = text;
        for (const f of fixes.filter((x) => x.field === field)) {
          if (field === 'timing') {
            if (out === f.seed) (out = f.ours), used.add(f);
          } else if (out.includes(f.seed)) (out = out.replace(f.seed, f.ours)), used.add(f);
        }
        return out;
      };
      expect(apply('name', r.name), `${ev.id}: name`).toBe(ev.name);
      expect(apply('effect', r.effect), `${ev.id}: rules text`).toBe(ev.effect);
      const timing = standardTiming(r.timing) ?? apply('timing', r.timing);
      expect(timing, `${ev.id}: "${r.timing}"`).toBe(`${ev.timing} ${ev.discardOn}`);
    }
    // Every fix listed is one the data still needs (none left over from an old text).
    expect(TEXT_FIXES.filter((f) => !used.has(f))).toEqual([]);
  });

  it("the Hazard Table is the rules' text word for word", () => {
    for (const h of hazards.hazards) {
      const block = new RegExp(
        `\\n${h.roll}: ${h.name}\\n\\[[^\\]]*\\]\\n(.*) \\[[^\\]]*\\]\\nHome Turf Ploy: ([^.]*)\\. (.*) \\[[^\\]]*\\]`,
      ).exec(SEED_HAZARDS);
      expect(block, h.name).not.toBeNull();
      expect({ effect: h.effect, ploy: h.ploy.name, text: h.ploy.text }).toEqual({
        effect: block![1],
        ploy: block![2],
        text: block![3],
      });
    }
  });

  it("each fix is listed in the Rulings, quoting the rules' words, as a reading of unclear text", () => {
    const section = RULINGS.slice(RULINGS.indexOf("## Where badzone's text differs from the rules' text"));
    expect(section.length, 'docs/rulings.md has the section').toBeLessThan(RULINGS.length);
    for (const f of TEXT_FIXES) {
      const line = section.split('\n').find((l) => l.includes(`"${f.seed}"`));
      expect(line, `a ruling quoting "${f.seed}"`).toBeDefined();
      expect(line).toMatch(/\*a reading of unclear text\*|\*a choice where the rules are silent\*/);
    }
  });

  it('a visibility level an event sets brings in no rule the event does not have without a ruling (Power Outage and photo-goggles)', () => {
    for (const ev of events.results) {
      for (const st of [...ev.resolve.onDraw, ...ev.resolve.eachEventPhase]) {
        if (st.kind !== 'visibilitySet') continue;
        // The rules shown while it lasts: the step's own, else the level's.
        const rules = st.rules ?? visibility.levels.find((l) => l.id === st.level)!.rules;
        // The level's rules name exceptions (photo-goggles) that the event's text does not: the Rulings say so.
        const extra = ['photo-goggles', 'infra-sights', 'photo-lumens'].filter(
          (w) => rules.toLowerCase().includes(w) && !ev.effect.toLowerCase().includes(w),
        );
        for (const w of extra) {
          const line = RULINGS.split('\n').find((l) => l.includes(ev.name) && l.toLowerCase().includes(w));
          expect(line, `a ruling for ${ev.name} and ${w}`).toBeDefined();
          expect(line).toMatch(/\*a reading of unclear text\*|\*a choice where the rules are silent\*/);
        }
      }
    }
  });

  it("Power Outage's visibility is exactly the rules' 3\" for every fighter, and still Pitch Black", () => {
    const outage = events.results.find((e) => e.id === 'power-outage')!;
    const st = outage.resolve.onDraw.find((x) => x.kind === 'visibilitySet')!;
    expect(st).toMatchObject({ level: 'pitch-black', rules: 'Visibility is reduced to 3".' });
    expect(visibility.levels.find((l) => l.id === 'pitch-black')).toMatchObject({ rangeInches: 3, pitchBlack: true });
    expect(outage.effect.startsWith(`${(st as { rules: string }).rules} `)).toBe(true);
  });

  const ownWords = (heading: string): string[] => {
    const section = RULINGS.slice(RULINGS.indexOf("## badzone's own words"));
    const table = section.slice(section.indexOf(heading));
    return table
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| event |') && !l.startsWith('| clarification |'))
      .map((l) => l.split('|')[1]!.trim());
  };

  it("every event's at-the-table text that is not the rules' text is listed, with how it differs", () => {
    const rowsListed = ownWords('**At-the-table texts.**');
    const paraphrased = events.results.filter((e) => e.gm !== undefined && e.gm !== e.effect).map((e) => e.name);
    expect(paraphrased.length).toBeGreaterThan(0);
    expect(rowsListed.slice(0, paraphrased.length)).toEqual(paraphrased);
  });

  it("every clarification shown in other words than the rules' is listed; the rest are the rules' words", () => {
    const seedClar = SEED_EVENTS.slice(SEED_EVENTS.indexOf('Clarifications'), SEED_EVENTS.indexOf('Badzone Table'));
    const rewritten = (events.clarifications ?? []).filter((c) => !seedClar.includes(c.text)).map((c) => c.name);
    expect(rewritten).toEqual(['The Event Phase', 'Roaming Horrors', 'Battlefield Surface']);
    const listed = ownWords('**Clarifications.**');
    expect(listed.slice(0, rewritten.length)).toEqual(rewritten);
  });

  it('Lightning Strikes, Wild Snake Spill and Nomadic at setup are filed as rulings, and the data follows them', () => {
    const ruling = (name: string) => RULINGS.split('\n').find((l) => l.startsWith(`- **${name}**`));
    expect(ruling('Lightning Strikes')).toMatch(/\*a reading of unclear text\*.*from it/);
    expect(ruling('Wild Snake Spill')).toMatch(/\*a reading of unclear text\*.*Respirator or not/);
    expect(ruling('Nomadic at game setup')).toMatch(/\*a choice where the rules are silent\*.*no Hazard this game/);
    const gm = (id: string) => events.results.find((e) => e.id === id)!.gm!;
    expect(gm('lightning-strikes')).toContain('scatter a Small Blast D6" from it');
    expect(gm('wild-snake-spill')).toContain(
      'Every fighter on the battlefield surface, Respirator or not, may also be set Blaze on a 2+.',
    );
    // The claim of word-for-word texts points to the list of badzone's own words.
    const intro = RULINGS.slice(0, RULINGS.indexOf('Events (in'));
    expect(intro).toContain('(#badzones-own-words-at-the-table-texts-and-clarifications)');
  });

  it("each Home Turf Ploy's `when` is cut from the ploy's own text", () => {
    for (const h of hazards.hazards) expect(h.ploy.text, h.name).toContain(h.ploy.when);
  });

  it('every ruling in docs/rulings.md says whether it reads unclear text or chooses where the rules are silent', () => {
    const rulings = RULINGS.split('\n').filter((l) => /^- \*\*/.test(l));
    expect(rulings.length).toBeGreaterThan(20);
    const unmarked = rulings.filter(
      (l) => !/\*a reading of unclear text\*|\*a choice where the rules are silent\*/.test(l),
    );
    expect(unmarked).toEqual([]);
  });

  it("the clarifications badzone shows keep the rules' meaning, and its changes to their words are listed", () => {
    const seedClar = SEED_EVENTS.slice(SEED_EVENTS.indexOf('Clarifications'), SEED_EVENTS.indexOf('Badzone Table'));
    for (const c of events.clarifications ?? []) {
      expect(seedClar.includes(c.name.replace(/^The /, '')) || c.id === 'event-phase', c.id).toBe(true);
    }
    // The two whose words badzone changes are listed: "battlefield surface", and the Event Phase's "before Priority".
    expect(RULINGS).toMatch(
      /Battlefield Surface.*"This effects all models on the floor of the battlefield, even if they fly etc\."/,
    );
    expect(RULINGS).toMatch(/Roaming Horrors.*shown with/);
  });
});
