// A list on the live page that an update sends item by item (src/serve/live.ts): its element stands empty in the
// rest of <main>, and its items go apart, so that an update sends only the items that changed. The page's script
// (LIVE_JS, ./page-assets.ts) keeps its own copy of the other items. Formatting only: the items are markup made by
// the renderers, escaped by ./html.ts.
import { raw, type Html } from './html.js';

/** A list's items, and its element as it stands empty in the rest of <main> (`empty`). */
export interface LiveList {
  id: string;
  empty: string;
  items: string[];
}

/**
 * The element of a list the live page updates item by item, `<tag class="cls" id="id">`: empty, its items put in
 * `lists` (joinLiveMain in ./page.ts puts them back in their element for a whole page).
 */
export function liveList(tag: string, cls: string, id: string, items: string[], lists: LiveList[]): Html {
  const empty = `<${tag} class="${cls}" id="${id}"></${tag}>`;
  lists.push({ id, empty, items });
  return raw(empty);
}
