// The bounds view's max/no-mark search tree from the selected cell: dashed boxes are choices
// (only the best letter counts), other branches are directions whose scores add up. What the
// drawing shows is said in words too: "total 2" for the Σ of a node's directions, and whether
// each option of a choice is kept.
import { el, hiddenText } from '../../lib/dom.js';
import { capitalized, cellName, faceText, plural, points, unit } from '../../lib/format.js';
import { BOUNDS } from '../../lib/limits.js';


/**
 * A go node of the max/no-mark tree (GoNode in src/bounds/explain.rs): `cell` holds `letter`
 * (`qu` for Qu), `prefix` is spelled so far; `score` is `points` plus the children's scores;
 * `chosen` when its choice keeps it.
 * @typedef {object} GoNode
 * @property {number} cell
 * @property {string} letter
 * @property {string} prefix
 * @property {number} points
 * @property {number} score
 * @property {boolean} chosen
 * @property {ChoiceNode[]} children
 */

/**
 * A choice node (ChoiceNode in src/bounds/explain.rs): the best of `options` at `cell`.
 * @typedef {{cell: number, score: number, options: GoNode[]}} ChoiceNode
 */

/**
 * The engine's answer to `nomarkTree` (NomarkTree in src/bounds/explain.rs): the tree from
 * the start cell, the go nodes shown (`nodes`) and those left out as reaching no word (`hidden`).
 * @typedef {{root: ChoiceNode, nodes: number, hidden: number}} NomarkTree
 */

/** The card that draws max/no-mark's search tree from the selected cell. */
export class NomarkTreeCard {
  /** @param {import('../../engine.js').Engine} engine */
  constructor(engine) {
    this.engine = engine;
    this.drawing = 0; // the latest drawing; answers for older ones are dropped
    this.title = el('h2', { className: 'card-title' }, ['max/no-mark search tree']);
    this.note = el('p', { className: 'help' });
    this.tree = el('div', { className: 'nomark-tree' });
    this.el = el('section', { className: 'card tree-card' }, [
      this.title,
      el('p', { className: 'help' }, [
        'Dashed boxes are choices: every letter is tried and only the best is kept (highlighted; the others are dimmed). Other branches are directions, and their scores add up.',
      ]),
      this.note,
      this.tree,
    ]);
  }

  /** Ignores the drawing under way (the class changed or the view was left). */
  cancel() {
    this.drawing++;
  }

  /**
   * Asks the engine for the tree of class `info` from cell `start` on `list`, and draws it.
   * @param {import('./index.js').ClassInfo} info
   * @param {number} start
   * @param {string} list
   */
  async draw(info, start, list) {
    const drawing = ++this.drawing;
    this.cols = info.cols;
    this.title.textContent = `max/no-mark search tree from the cell at ${cellName(start, info.cols)}`;
    this.tree.replaceChildren();
    this.note.textContent = 'Drawing…';
    /** @type {NomarkTree} */
    let t;
    try {
      t = await this.engine.call('nomarkTree', { list, cls: info.class, start, limit: BOUNDS.tree_nodes });
    } catch (e) {
      if (drawing !== this.drawing) return;
      this.note.textContent = `${capitalized(e.message)}. The small examples (f {a,u} r and the b/d class) show it best.`;
      return;
    }
    if (drawing !== this.drawing) return;
    if (!t.root.options.length) {
      this.note.textContent = 'No word starts in this cell, so it adds 0.';
      return;
    }
    this.note.textContent = `This cell adds ${points(t.root.score)} to max/no-mark.${
      t.hidden
        ? ` ${plural(t.hidden, 'branch', 'branches')} that ${unit(t.hidden, 'reaches', 'reach')} no word ${unit(t.hidden, 'is', 'are')} left out.`
        : ''
    }`;
    this.tree.append(el('ul', { className: 'tree-root' }, [this.choiceItem(t.root)]));
  }

  /**
   * A choice node: a dashed box of options when there is a real choice, else its one option.
   * @param {ChoiceNode} choice
   * @returns {HTMLLIElement}
   */
  choiceItem(choice) {
    if (choice.options.length === 1) return this.goItem(choice.options[0], false);
    const letters = choice.options.map((o) => faceText(o.letter)).join(', ');
    return el('li', { className: 'tree-choice' }, [
      el('div', { className: 'tree-label choice-label' }, [
        `choose at ${cellName(choice.cell, this.cols)}: best of ${letters} = `,
        el('strong', {}, [points(choice.score)]),
      ]),
      el('ul', {}, choice.options.map((o) => this.goItem(o, true))),
    ]);
  }

  /**
   * A go node: the prefix, its word points and the sum over directions.
   * @param {GoNode} go
   * @param {boolean} inChoice
   * @returns {HTMLLIElement}
   */
  goItem(go, inChoice) {
    const label = el('div', { className: 'tree-label' }, [
      el('span', { className: 'tree-prefix' }, [go.prefix.toUpperCase()]),
      go.points ? el('span', { className: 'tree-word' }, [`word +${go.points}`]) : '',
      el('span', { className: 'tree-score' }, go.children.length ? [el('span', { 'aria-hidden': 'true' }, ['Σ ']), hiddenText('total '), points(go.score)] : [hiddenText('total '), points(go.score)]),
    ]);
    if (inChoice) label.append(hiddenText(go.chosen ? '(kept)' : '(not kept)'));
    const li = el('li', { className: 'tree-go', dataset: { chosen: String(!inChoice || go.chosen) } }, [label]);
    if (inChoice) li.dataset.option = go.chosen ? 'chosen' : 'dropped';
    if (go.children.length) li.append(el('ul', {}, go.children.map((c) => this.choiceItem(c))));
    return li;
  }
}
