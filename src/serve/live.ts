// The current players' view of one session file, re-read on demand: rendered once per change, identified by a
// hash of what it shows (so a page that already has this version is sent nothing, even across server restarts).
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { BadzoneError } from '../errors.js';
import { announcement, pageTitle, renderMain, renderPage, type Notice } from '../render/page.js';
import { PlayersViewBuilder, type PlayersView } from '../api/players-view.js';
import type { MapView } from '../api/types.js';

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
    try {
      const read = this.builder.readPage(this.file);
      if (!read) {
        this.notice = {
          kind: 'missing',
          message: `There is no game in ${path.basename(this.file)} yet. This page shows it as soon as the GM starts one (badzone new, or badzone round).`,
        };
      } else {
        this.view = read.view;
        this.map = read.map;
        this.notice = null;
      }
    } catch (e) {
      // Say what is wrong without the GM's folders: the page may be on a phone across the room.
      const msg = e instanceof BadzoneError ? e.message : e instanceof Error ? e.message : String(e);
      this.notice = {
        kind: 'invalid',
        message: `${msg.split(this.file).join(path.basename(this.file))} This page recovers by itself when the file is fixed.`,
      };
    }
    const main = renderMain(this.view, { mode: 'live', notice: this.notice, map: this.map ?? undefined });
    const version = createHash('sha256').update(main).digest('base64url').slice(0, 22);
    if (version === this.version) return false;
    this.main = main;
    this.version = version;
    this.changes++;
    return true;
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
