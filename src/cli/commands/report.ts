// badzone report: the game as a record for a campaign (Markdown, one printable HTML file, or JSON that
// `badzone verify --file` checks). docs/serve.md describes the three forms.
import { UsageError } from '../../errors.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';
import type { View } from '../../render/view.js';
import { checkText } from '../../render/commands.js';
import type { ReportNotes } from '../../render/page.js';
import { nameProblem } from '../../api/limits.js';

declare const BADZONE_VERSION: string | undefined;
const VERSION = typeof BADZONE_VERSION === 'string' ? BADZONE_VERSION : '0.0.0-dev';

export type ReportFormat = 'md' | 'html' | 'json';

/** The GM's words for one report: free text, checked as names are (length, no control characters), kept nowhere. */
const NOTES = ['title', 'date', 'scenario', 'result'] as const;

export async function run(
  opts: { session?: string; format?: string; json?: boolean } & ReportNotes,
  io: IO,
): Promise<View<'report' | 'report-md' | 'report-html'>> {
  if (opts.json && opts.format !== undefined && opts.format !== 'json')
    throw new UsageError(`--json is --format json; it cannot go with --format ${opts.format}.`);
  const format = (opts.json ? 'json' : (opts.format ?? 'md')).toLowerCase();
  if (format !== 'md' && format !== 'html' && format !== 'json')
    throw new UsageError(`--format takes md, html or json, not "${opts.format}".`);
  const notes: ReportNotes = {};
  for (const k of NOTES) {
    const t = opts[k];
    if (t === undefined) continue;
    // The JSON report is the game as recorded, for \`verify\`: the GM's words are not part of it.
    if (format === 'json') throw new UsageError(`--${k} goes in the Markdown and HTML reports, not the JSON one.`);
    const problem = nameProblem(t, `--${k}`);
    if (problem) throw new UsageError(`${problem}.`);
    notes[k] = t;
  }
  const data = await (await openSession(opts, io)).report(VERSION);
  // The JSON form says how to check the game in words, with the commands (the check's facts, said where it stood).
  if (format === 'json') return { kind: 'report', data: { ...data, check: checkText(data.check) } };
  return { kind: format === 'md' ? 'report-md' : 'report-html', data: { ...data, notes } };
}
