// The current players' view of one session file, re-read on demand: rendered once per change, identified by a
// hash of what it shows (so a page that already has this version is sent nothing, even across server restarts).
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { BadzoneError } from '../errors.js';
import { announcement, pageTitle, renderMain, renderPage, type Notice } from '../render/page.js';
import { PlayersViewBuilder, type PlayersView } from '../api/players-view.js';
import type { MapView } from '../api/types.js';

/** The session file as `LiveView.read` found it: the game, or what the page says instead. */
export type Read =
  | { loaded: NonNullable<ReturnType<PlayersViewBuilder['load']>>; notice?: undefined }
  | { loaded?: undefined; notice: Notice };

export class LiveView {
  private readonly builder = new PlayersViewBuilder();
  view: PlayersView | null = null;
  /** The battlefield's map, drawn in the page's battlefield section (made from the game's state: no replay). */
  map: MapView | null = null;
  notice: Notice | null = null;
  version = '';
  main = '';
  /** Re-reads that found a change. */
  changes = 0;

  constructor(readonly file: string) {}

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
    const main = renderMain(this.view, { mode: 'live', notice: this.notice, map: this.map ?? undefined });
    const version = createHash('sha256').update(main).digest('base64url').slice(0, 22);
    if (version === this.version) return false;
    this.main = main;
    this.version = version;
    this.changes++;
    return true;
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

  /** The update sent to open pages: one line of JSON. */
  message(): string {
    return JSON.stringify({
      version: this.version,
      title: pageTitle(this.view, this.notice),
      announce: announcement(this.view, this.notice),
      html: this.main,
    });
  }
}
