// The break widget (`?embed=1&mode=break`, the <boggle-break> element): one class broken live
// by branch and bound once the reader presses Play, with progress, the search tree (the break
// view's BreakTree, at most TRACE_LIMIT nodes kept) and the boards that reach the target. It
// takes the break view's `class`, `target` and `wordlist` parameters.
import { el, loadCss } from '../lib/dom.js';
import { count, points, shown } from '../lib/format.js';
import { BREAK } from '../lib/limits.js';
import { DEFAULT_LIST, LISTS } from '../lib/lists.js';
import { readListParam, readTarget, TARGET_RULE } from '../lib/params.js';
import { DEFAULT_CLASS } from '../lib/known.js';
import { DEFAULT_TARGET, LiveResults, ProgressCard, countRows, setStatus, stopStatus } from '../views/break/parts.js';
import { BreakTree } from '../widgets/break-tree.js';
import { announce } from '../lib/announce.js';
import { EmbedFrame } from './frame.js';
import { failureText, isDownloadFailure } from '../lib/failure.js';

await loadCss(new URL('../views/break/break.css', import.meta.url));
await loadCss(new URL('./break.css', import.meta.url));

/** Tree nodes kept for drawing in a widget (the engine's); the rest of a big run is counted, not drawn. */
const TRACE_LIMIT = BREAK.widget_trace_nodes;

/** @typedef {import('../views/break/parts.js').BreakProgress} BreakProgress */

/** @typedef {import('./view.js').WidgetContext} WidgetContext */

/**
 * Mounts the widget into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {WidgetContext} ctx
 */
export function mount(root, ctx) {
  const view = new BreakWidget(root, ctx);
  return { unmount: () => view.unmount() };
}

class BreakWidget extends ProgressCard {
  /**
   * @param {HTMLElement} root
   * @param {WidgetContext} ctx
   */
  constructor(root, { engine, params, notes = [] }) {
    super('break', 'survivor-list', 'Boards that reach the target appear here.', 'Boards settled');
    this.engine = engine;
    this.frame = new EmbedFrame(root, params, { kind: 'break', label: 'Branch and bound on a Boggle board class' });
    this.cls = (params.get('class') ?? DEFAULT_CLASS).trim() || DEFAULT_CLASS;
    const target = params.get('target');
    this.target = target === null ? DEFAULT_TARGET : readTarget(target) ?? DEFAULT_TARGET;
    if (target !== null && readTarget(target) === null) notes.push(`target=“${shown(target)}” is not ${TARGET_RULE}: using ${DEFAULT_TARGET}.`);
    const { list, error } = readListParam(params.get('wordlist'));
    this.list = list;
    if (error) notes.push(error);
    this.frame.setNotes(notes);
    this.frame.setLabel(`Branch and bound on the class ${shown(this.cls, 80)}, target ${points(this.target)}`);
    this.build();
    const q = new URLSearchParams({ mode: 'break', class: this.cls });
    if (this.target !== DEFAULT_TARGET) q.set('target', String(this.target));
    if (this.list !== DEFAULT_LIST) q.set('wordlist', this.list);
    this.frame.setLink(q);
    this.frame.done();
  }

  unmount() {
    this.gone = true;
    this.job?.cancel();
    this.frame.unmount();
  }

  build() {
    this.tree = new BreakTree();
    this.results = new LiveResults(this.tree, this.survivorList);
    this.play = el('button', { type: 'button', className: 'primary', dataset: { testid: 'break-start' } }, ['▶ Break it']);
    this.play.addEventListener('click', () => (this.job ? this.stop() : this.start()));
    this.status.textContent = `Press the button to break this class against the target ${points(this.target)}.`;
    this.frame.caption.textContent = `${LISTS[this.list]} · target ${points(this.target)}`;
    this.frame.body.hidden = false;
    this.frame.body.append(
      el('p', { className: 'embed-break-class' }, [el('code', {}, [shown(this.cls, 300)])]),
      el('div', { className: 'embed-break-controls' }, [this.play, this.status]),
      this.bar,
      this.counts,
      (this.panels = el('div', { className: 'break-results', hidden: true }, [
        el('div', { className: 'break-tree-panel' }, [el('h2', {}, ['Search tree']), this.tree.el, this.tree.note]),
        el('div', { className: 'break-survivor-panel' }, [
          el('h2', {}, [`Boards scoring ${points(this.target)} or more`]),
          this.survivorNote,
          this.formNote,
          this.survivorList,
        ]),
      ])),
    );
    this.bar.hidden = true;
  }

  start() {
    this.results.reset(this.list);
    this.survivorNote.hidden = false;
    this.frame.error.show(null);
    this.bar.hidden = false;
    this.panels.hidden = false;
    this.setBar(0);
    this.play.textContent = '■ Stop';
    this.setState('running', 'Starting…');
    const began = performance.now();
    const job = this.engine.request(
      'break',
      { list: this.list, cls: this.cls, target: this.target, traceLimit: TRACE_LIMIT },
      { onProgress: (p) => this.job === job && this.progress(p, began) },
    );
    this.job = job;
    job.promise.then(
      (p) => {
        if (this.job !== job) return;
        this.job = null;
        this.play.textContent = '▶ Break it again';
        if (p?.cancelled) {
          stopStatus(this.status);
          announce('Break stopped');
        } else this.progress(p, began);
      },
      (e) => {
        if (this.job !== job) return;
        this.job = null;
        this.play.textContent = '▶ Break it';
        this.bar.hidden = true;
        // The widget's message says why; the status line says nothing more.
        this.setState('idle', '');
        this.frame.error.show(failureText(e, 'This class cannot be broken', (m) => shown(m, 300)), isDownloadFailure(e) ? () => this.start() : null);
      },
    );
  }

  stop() {
    this.job?.cancel();
    this.results.flush();
  }

  /**
   * Sets the status line: a string, or strings and nodes.
   * @param {string} state
   * @param {string | Array<string | Node>} parts
   */
  setState(state, parts) {
    setStatus(this.status, state, parts);
  }

  /**
   * @param {BreakProgress} p a progress report of the engine's `break` job, or its result
   * @param {number} began when the run started (performance.now())
   */
  progress(p, began) {
    this.results.add(p);
    const s = p.stats;
    this.counts.replaceChildren(
      ...countRows([
        ['classes', count(s.classes)],
        ['eliminated', count(s.eliminated)],
        ['split', count(s.split)],
        ['boards scored', count(s.boards_scored)],
      ]),
    );
    const fraction = p.boards_total > 0 ? p.boards_done / p.boards_total : 1;
    this.setBar(p.done ? 1 : fraction);
    this.showBreakProgress(p, this.results, performance.now() - began);
    this.tree.showUntraced(p.untraced, TRACE_LIMIT);
  }
}
