// The page inside another site's iframe (`?embed=1`): one widget, picked by `mode` like the
// full page's views: the board (no mode, or solve), bounds, search, break or play. Each kind
// loads its own module and sheet; an unknown mode shows the board with a note.
import { shown } from '../lib/format.js';

/**
 * What a widget's `mount(root, ctx)` is given: the page's `ctx` (app.js) and `notes`, the
 * widget page's own notes on its URL, shown before the kind's.
 * @typedef {import('../app.js').ViewContext & {notes?: string[]}} WidgetContext
 */

/**
 * Widget modules by mode; each exports `mount(root, ctx)` like a view.
 * @type {Record<string, () => Promise<{mount: (root: HTMLElement, ctx: WidgetContext) => {unmount: () => void}}>>}
 */
const KINDS = {
  solve: () => import('./board.js'),
  bounds: () => import('./bounds.js'),
  search: () => import('./search.js'),
  break: () => import('./break.js'),
  play: () => import('./play.js'),
};

/** The widget of this page's URL starts loading at once (the page shows one widget). */
const first = KINDS[kindOf(new URLSearchParams(location.search))]();

/**
 * The KINDS entry for the URL's `mode` (the board for no mode or an unknown one).
 * @param {URLSearchParams} params
 * @returns {string}
 */
function kindOf(params) {
  const mode = params.get('mode') ?? 'solve';
  return Object.hasOwn(KINDS, mode) ? mode : 'solve';
}

/**
 * Mounts the widget the URL's `mode` names into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').MountedView}
 */
export function mount(root, ctx) {
  const mode = ctx.params.get('mode') ?? 'solve';
  const kind = kindOf(ctx.params);
  const notes = kind === mode ? [] : [`There is no widget called “${shown(mode)}”: showing the board.`];
  /** @type {{unmount: () => void} | null} */
  let view = null;
  let gone = false;
  (kind === kindOf(new URLSearchParams(location.search)) ? first : KINDS[kind]()).then((m) => {
    if (!gone) view = m.mount(root, { ...ctx, notes });
  });
  return {
    unmount() {
      gone = true;
      view?.unmount();
    },
  };
}
