// The current players' view of one session file, re-read on demand: rendered once per change, identified by a
// hash of what it shows (so a page that already has this version is sent nothing, even across server restarts).
// An update is sent to open pages as a change to the version before: <main> without its long lists (the older
// rounds, the map's markers...), and of each list only the items that changed (docs/serve.md, Live updates). A page that has another
// version gets the whole of it (src/serve/broadcast.ts decides which, page by page).
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { BadzoneError } from '../errors.js';
import {
  announcement,
  joinLiveMain,
  pageTitle,
  renderLiveMain,
  renderPage,
  RECENT_SCATTERS,
  type LiveMain,
  type Notice,
} from '../render/page.js';
import { PlayersViewBuilder, type PlayersView } from '../api/players-view.js';
import type { MapView } from '../api/types.js';

/** The session file as `LiveView.read` found it: the game, or what the page says instead. */
export type Read =
  | { loaded: NonNullable<ReturnType<PlayersViewBuilder['load']>>; notice?: undefined }
  | { loaded?: undefined; notice: Notice };

export class LiveView {
  // The page draws each marker's newest scatters: the map lists only those (a long Pillar's path costs ten places).
  private readonly builder = new PlayersViewBuilder({ recentScatters: RECENT_SCATTERS });
  view: PlayersView | null = null;
  /** The battlefield's map, drawn in the page's battlefield section (made from the game's state: no replay). */
  map: MapView | null = null;
  notice: Notice | null = null;
  version = '';
  /** Re-reads that found a change. */
  changes = 0;
  /** <main> in parts, as rendered for `version`. */
  private parts: LiveMain = { head: '', lists: [] };
  /** For each list of `parts`, item k's digest with those after it (the last item's alone): a kept tail costs nothing. */
  private chains = new Map<string, string[]>();
  /** `version`'s update as a change to the version before it, when there was one. */
  private delta: { base: string; json: string } | null = null;
  private whole: { main?: string; message?: string } = {};

  constructor(readonly file: string) {}

  /** <main>'s whole content for `version`. */
  get main(): string {
    return (this.whole.main ??= joinLiveMain(this.parts));
  }

  /** Re-read the session file; true when what the page shows changed. Never throws for a bad or missing file. */
  refresh(): boolean {
    return this.show(this.read());
  }

  /** The session file read and checked (the same work as `status`), or what the page says instead of the game. */
  read(): Read {
    try {
      const loaded = this.builder.load(this.file);
      if (loaded) return { loaded };
      return {
        notice: {
          kind: 'missing',
          message: `There is no game in ${path.basename(this.file)} yet. This page shows it as soon as the GM starts one (badzone new, or badzone round).`,
        },
      };
    } catch (e) {
      return { notice: this.invalid(e) };
    }
  }

  /** Build and render what `read` gave; true when what the page shows changed. Never throws for a bad file. */
  show(r: Read): boolean {
    this.notice = r.notice ?? null;
    if (r.loaded) {
      try {
        const page = this.builder.page(this.file, r.loaded.state, r.loaded.book);
        this.view = page.view;
        this.map = page.map;
      } catch (e) {
        this.notice = this.invalid(e);
      }
    }
    const parts = renderLiveMain(this.view, { notice: this.notice, map: this.map ?? undefined });
    const chains = new Map<string, string[]>();
    const hash = createHash('sha256').update(parts.head);
    for (const l of parts.lists) {
      const chain = digests(
        l.items,
        this.parts.lists.find((x) => x.id === l.id),
        this.chains.get(l.id),
      );
      chains.set(l.id, chain);
      hash.update(`\n${l.id} ${chain[0] ?? ''}`);
    }
    const version = hash.digest('base64url').slice(0, 22);
    if (version === this.version) return false;
    this.delta = this.version ? { base: this.version, json: this.change(version, parts) } : null;
    this.parts = parts;
    this.chains = chains;
    this.version = version;
    this.whole = {};
    this.changes++;
    return true;
  }

  /** `parts` as a change to the current version: the new head, and each list's items that changed. */
  private change(version: string, parts: LiveMain): string {
    const lists = parts.lists.map((l) => {
      const was = this.parts.lists.find((x) => x.id === l.id)?.items ?? [];
      const { at, remove, add } = splice(was, l.items);
      return { id: l.id, size: was.length, at, remove, add: add.join('') };
    });
    return JSON.stringify({
      version,
      base: this.version,
      title: pageTitle(this.view, this.notice),
      announce: announcement(this.view, this.notice),
      html: parts.head,
      lists,
    });
  }

  /** The update to the current version as a change to the version before it (null after the first read). */
  update(): { base: string; json: string } | null {
    return this.delta;
  }

  /** Say what is wrong without the GM's folders: the page may be on a phone across the room. */
  private invalid(e: unknown): Notice {
    const msg = e instanceof BadzoneError ? e.message : e instanceof Error ? e.message : String(e);
    return {
      kind: 'invalid',
      message: `${msg.split(this.file).join(path.basename(this.file))} This page recovers by itself when the file is fixed.`,
    };
  }

  page(): string {
    return renderPage(this.view, { mode: 'live', version: this.version, notice: this.notice, main: this.main });
  }

  /** The whole current version, for a page that has no version or another one: one line of JSON. */
  message(): string {
    return (this.whole.message ??= JSON.stringify({
      version: this.version,
      title: pageTitle(this.view, this.notice),
      announce: announcement(this.view, this.notice),
      html: this.main,
    }));
  }
}

/** How `was` becomes `now`: `remove` items at `at` replaced by `add`; the same items before and after are kept. */
function splice(was: string[], now: string[]): { at: number; remove: number; add: string[] } {
  let tail = 0;
  while (tail < was.length && tail < now.length && was[was.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  let at = 0;
  while (at < was.length - tail && at < now.length - tail && was[at] === now[at]) at++;
  return { at, remove: was.length - tail - at, add: now.slice(at, now.length - tail) };
}

/**
 * Each item's digest together with the items after it, the last item's alone: the first is the list's. The tail
 * this list shares with the one before (`was`, whose digests are `chain`) keeps its digests, so a list that grew
 * at its head (a new older round) costs one digest.
 */
function digests(items: string[], was: { items: string[] } | undefined, chain: string[] | undefined): string[] {
  const out = new Array<string>(items.length);
  let k = items.length;
  if (was && chain)
    for (let j = was.items.length - 1; k > 0 && j >= 0 && was.items[j] === items[k - 1]; j--) out[--k] = chain[j]!;
  for (let i = k - 1; i >= 0; i--)
    out[i] = createHash('sha256')
      .update(`${items[i]}\n${out[i + 1] ?? ''}`)
      .digest('base64url')
      .slice(0, 22);
  return out;
}
