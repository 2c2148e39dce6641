// The moves: one handler per action type, keyed by type (the way resolve.ts keys an event's steps by kind, and
// boardgame.io a game's moves by name). The reducer (../step.ts) looks the action's move up here.
import { refusal } from '../refusals.js';
import type { Action } from '../state.js';
import { collapse, type CollapseReport } from './collapse.js';
import { discard, type DiscardReport } from './discard.js';
import { end, type EndReport } from './end.js';
import { fighter, type FighterReport } from './fighter.js';
import { marker, type MarkerReport } from './marker.js';
import type { Move } from './types.js';
import { orientation, type OrientationReport } from './orientation.js';
import { place, type PlaceReport } from './place.js';
import { rename, type RenameReport } from './rename.js';
import { sites, type SitesReport } from './sites.js';
import { round, type RoundReport } from './round.js';
import { visibility, type VisibilityReport } from './visibility.js';

/** What a step did: its move's report. */
export type Report =
  | RoundReport
  | EndReport
  | DiscardReport
  | PlaceReport
  | VisibilityReport
  | FighterReport
  | RenameReport
  | CollapseReport
  | OrientationReport
  | SitesReport
  | MarkerReport
  | { kind: 'new' };

/** Every action type and its move. */
export const MOVES: { readonly [T in Action['type']]: Move<Extract<Action, { type: T }>, Report> } = {
  new: () => ({ refusal: refusal('new-is-not-a-step', {}) }),
  round,
  end,
  discard,
  place,
  visibility,
  fighter,
  rename,
  collapse,
  orientation,
  sites,
  marker,
};

export type {
  CollapseReport,
  DiscardReport,
  EndReport,
  FighterReport,
  MarkerReport,
  OrientationReport,
  PlaceReport,
  RenameReport,
  RoundReport,
  SitesReport,
};
export type { Move, Moved, MoveRun } from './types.js';
export { endPhaseNeeds } from './round.js';
export { lastUnconfirmed } from './collapse.js';
export { siteCount, siteTilesRefusal } from './sites.js';
export { findFighter, findGang, roster } from './roster.js';
