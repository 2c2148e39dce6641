// badzone report: the game as a record for a campaign (Markdown, one printable HTML file, or JSON that
// `badzone verify --file` checks). docs/serve.md describes the three forms.
import { UsageError } from '../../errors.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';
import type { View } from '../../render/view.js';
import { checkText } from '../../render/commands.js';
import { storyFlags } from '../setup-flags.js';

declare const BADZONE_VERSION: string | undefined;
const VERSION = typeof BADZONE_VERSION === 'string' ? BADZONE_VERSION : '0.0.0-dev';

export type ReportFormat = 'md' | 'html' | 'json';

export async function run(
  opts: {
    session?: string;
    format?: string;
    json?: boolean;
    title?: string;
    date?: string;
    scenario?: string;
    result?: string;
  },
  io: IO,
): Promise<View<'report' | 'report-md' | 'report-html'>> {
  if (opts.json && opts.format !== undefined && opts.format !== 'json')
    throw new UsageError(`--json is --format json; it cannot go with --format ${opts.format}.`);
  const format = (opts.json ? 'json' : (opts.format ?? 'md')).toLowerCase();
  if (format !== 'md' && format !== 'html' && format !== 'json')
    throw new UsageError(`--format takes md, html or json, not "${opts.format}".`);
  // --title, --date, --scenario, --result: for this report only, over what the game keeps (`badzone details`).
  // The session inside the JSON report stays as saved; its `story` is what this report is headed with.
  const given = storyFlags(opts);
  const data = await (await openSession(opts, io)).report(VERSION);
  const story = { ...data.story, ...given };
  // The JSON form says how to check the game in words, with the commands (the check's facts, said where it stood).
  // Without the per-round maps: the session it carries replays to them, and `map --json` gives the map now.
  if (format === 'json') {
    const { maps: _maps, ...json } = data;
    return { kind: 'report', data: { ...json, story, check: checkText(data.check) } };
  }
  return { kind: format === 'md' ? 'report-md' : 'report-html', data: { ...data, story } };
}
