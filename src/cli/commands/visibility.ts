// badzone visibility [set LEVEL]: show the visibility, or set it by hand.
import { UsageError } from '../../errors.js';
import { load } from '../../store/session.js';
import type { VisibilityLevel } from '../../rules/types.js';
import type { IO } from '../io.js';
import { commit, fileOf } from '../shared.js';
import { visibilityView, type VisibilityView } from '../views.js';
import type { View } from '../view.js';

export interface VisibilityData {
  session: string;
  changed: boolean;
  from: string | null;
  visibility: VisibilityView;
  levels: VisibilityLevel[];
}

export async function run(verb: string | undefined, level: string | undefined, opts: { session?: string }, io: IO): Promise<View<'visibility', VisibilityData>> {
  const file = fileOf(opts, io);
  const loaded = load(file);
  const levels = loaded.book.visibility.levels;
  if (verb === undefined) {
    return { kind: 'visibility', data: { session: file, changed: false, from: null, visibility: visibilityView(loaded.state, loaded.book), levels } };
  }
  if (verb !== 'set') throw new UsageError(`Unknown visibility action "${verb}". Use \`badzone visibility\` to show it or \`badzone visibility set LEVEL\` to set it.`);
  if (!level) throw new UsageError(`Say which level: ${levels.map((l) => l.id).join(', ')}.`);
  const wanted = level.trim().toLowerCase();
  const match = levels.find((l) => l.id === wanted || l.name.toLowerCase() === wanted);
  if (!match) throw new UsageError(`There is no visibility level "${level}". Levels: ${levels.map((l) => l.id).join(', ')}.`);
  const c = await commit(io, file, { type: 'visibility', level: match.id }, { manual: false, interactive: false });
  const from = loaded.state.visibility.level;
  return { kind: 'visibility', data: { session: file, changed: true, from, visibility: visibilityView(c.state, c.book), levels } };
}
