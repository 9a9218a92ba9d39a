// The break view (mode=break): branch and bound, live. The top half breaks one class against a
// target and draws the tree as it grows (live.js, with widgets/break-tree.js); the bottom half
// runs a whole letter partition (a partition run) on a pool of workers (partition.js, its form in
// partition-form.js, the pool in pool.js), saving its progress in localStorage (store.js). Both
// break with the word list chosen at the top (list-choice.js). State in the URL: class, target,
// partition, size, wordlist; a link that names a partition run opens scrolled to it. All engine
// work goes through engine.js.
import { el, loadCss } from '../../lib/dom.js';
import { LastValid } from '../../lib/share.js';
import { ListChoice } from './list-choice.js';
import { LiveBreak } from './live.js';
import { DEFAULT_CLASS } from '../../lib/known.js';
import { PartitionBreak } from './partition.js';
/** The URL parameters this view reads (both halves and the list) besides `mode`: the shell (app.js) takes any other out of the address. */
export const URL_PARAMS = ['wordlist', 'class', 'target', 'partition', 'size'];

await loadCss(new URL('./break.css', import.meta.url));

/**
 * What the view reads of the shell's `ctx` (app.js): the engine and the URL's parameters.
 * @typedef {{engine: import('../../engine.js').Engine, params: URLSearchParams}} BreakContext
 */

/**
 * Opens the page at `section` as following a link to a fragment does: scrolled to the top of
 * the window, and the place Tab goes on from, while the focus stays on the page (nothing is
 * left focused). Tab then reaches the section's first control, and Shift+Tab the controls above
 * it and the skip link. Focusing the heading and leaving it at once sets that place; in a
 * browser that does not keep it, Tab starts at the skip link as on any other page. A focus
 * the page already holds (after Back, say) is left alone.
 * @param {HTMLElement} section
 */
function openAt(section) {
  section.scrollIntoView({ block: 'start' });
  if (document.activeElement && document.activeElement !== document.body) return;
  const heading = /** @type {HTMLElement} */ (section.querySelector('h3'));
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  heading.blur();
  heading.removeAttribute('tabindex');
}

/**
 * Mounts the view into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {BreakContext} ctx
 */
export function mount(root, ctx) {
  // The URL, the Embed dialog and a reload describe the last class the engine took.
  /** @type {LiveBreak | null} */
  let live = null;
  const share = new LastValid({
    noun: 'class',
    key: 'class',
    fallback: DEFAULT_CLASS,
    differs: () => live.differs(),
  });
  live = new LiveBreak({ ...ctx, share });
  /** @type {PartitionBreak} */
  let partition;
  const lists = new ListChoice({
    share,
    onChange: (list) => {
      live.setList(list);
      partition.setList();
    },
  });
  partition = new PartitionBreak({ ...ctx, share, lists });
  root.append(
    el('div', { className: 'break-view' }, [
      el('header', { className: 'break-intro' }, [
        el('h2', {}, ['Branch and bound']),
        el('p', { className: 'muted' }, [
          'A class gives each cell a few letters and holds every board that picks one of them per ' +
            'cell; breaking it finds every one of those boards that reaches a target score. ' +
            'A class is eliminated when its upper bound is below the target. Otherwise one cell is ' +
            'split (centre first, then edges, then corners) and each part is broken in turn; the ' +
            'single boards that remain are scored exactly.',
        ]),
        lists.node,
      ]),
      live.node,
      partition.node,
    ]),
  );
  const load = (/** @type {URLSearchParams} */ params) => {
    const list = lists.load(params);
    live.load(params, { auto: true, list });
    partition.load(params);
  };
  load(ctx.params);
  // A link to a partition run (it names a partition or a size, and no class) opens at that run.
  if (!ctx.params.has('class') && (ctx.params.has('partition') || ctx.params.has('size'))) openAt(partition.node);
  return {
    share,
    unmount() {
      live.stop();
      partition.stop();
    },
    /** @param {URLSearchParams} params */
    update(params) {
      load(params);
    },
  };
}
