// The branch-and-bound tree as it grows: one row per class (its bound and what happened to it:
// eliminated, split, or a board scored), children under their parent. Nodes arrive parent
// first; a node's row is drawn once its parent is expanded (the top two levels start expanded),
// and a parent shows at most CHILDREN_SHOWN children before a "show more" button, so a tree of
// thousands of classes stays light. For keyboards and screen readers it is a nested list with a
// disclosure button on each row that has parts: Tab reaches each button, and each names the
// class it opens by the cells fixed on the way to it.
import { el, loadCss } from '../lib/dom.js';
import { cellName, count, plural, points, pointsText, spelled, unit } from '../lib/format.js';

await loadCss(new URL('./break-tree.css', import.meta.url));

/** Children shown at once under a node before a "show more" button. */
const CHILDREN_SHOWN = 60;

/** Trees made so far: each tree's summary gets an id of its own. */
let trees = 0;

/**
 * One visited class of the search tree, as the engine's break run reports it (`nodes` of its
 * progress; TraceNode in src/breaking/plain.rs).
 * @typedef {object} TreeNode
 * @property {number} id the node's number, in visiting order (the root is 0)
 * @property {number | null} parent the node it was split from (null for the root)
 * @property {number} depth splits from the root
 * @property {number | null} cell the cell whose letters differ from the parent's
 * @property {string[]} cells the class, one letter set per cell (row-major)
 * @property {{max_nomark: number, sum_union: number} | null} bounds null for a single board
 * @property {{kind: 'eliminated'} | {kind: 'split', cell: number, parts: number} | {kind: 'board', score: number, reached: boolean}} outcome
 */

/**
 * A node as the tree keeps it: its children, and its row, parts list and buttons once drawn.
 * @typedef {object} TreeEntry
 * @property {TreeNode} node
 * @property {TreeEntry[]} children
 * @property {HTMLLIElement | null} row
 * @property {HTMLUListElement | null} list
 * @property {boolean} expanded
 * @property {string} name the cells fixed on the way to it, which its buttons name it by
 * @property {HTMLButtonElement} [toggle]
 * @property {HTMLButtonElement | null} [more]
 */

/** The branch-and-bound tree as it grows, one row per class, children under their parent. */
export class BreakTree {
  constructor() {
    // The tree's text alternative, under it: how many of its classes were eliminated, split or
    // scored as boards (the tree describes itself by it), then how much of a big run is drawn.
    this.summary = el('span', { className: 'tree-summary', dataset: { testid: 'tree-summary' } });
    this.untraced = el('span', {});
    /** The prefix of this tree's element ids (a page may show several trees). */
    this.id = `break-tree-${++trees}`;
    this.note = el('p', { className: 'muted small', id: `break-tree-note-${trees}` }, [this.summary, this.untraced]);
    // A plain nested list: its rows take no focus of their own, so the tree and treeitem roles,
    // which promise arrow keys between rows, would mislead; the disclosure buttons do the work.
    this.el = el('ul', { className: 'break-tree', 'aria-label': 'Search tree', 'aria-describedby': this.note.id });
    this.reset();
  }

  /** Empties the tree for a new run. */
  reset() {
    /** @type {Map<number, TreeEntry>} */
    this.nodes = new Map(); // id -> {node, children: [], row?, list?}
    this.rows = 3;
    this.cols = 3;
    this.el.replaceChildren();
    this.kinds = { eliminated: 0, split: 0, reached: 0, below: 0 };
    this.summary.textContent = '';
    this.untraced.textContent = '';
  }

  /**
   * The grid of the class being broken (for cell names and the tiny grids).
   * @param {number} rows
   * @param {number} cols
   */
  setShape(rows, cols) {
    this.rows = rows;
    this.cols = cols;
  }

  /**
   * Says how many visited classes were not kept for drawing (`limit` were); `fast`: the fast
   * breaker, which keeps no tree, has taken the break over from the one that drew it.
   * @param {number} untraced
   * @param {number} limit
   * @param {boolean} [fast]
   */
  showUntraced(untraced, limit, fast = false) {
    if (fast) {
      this.untraced.textContent = ` The tree shows the first ${count(limit)} classes the plain breaker visited. The rest of the break runs on the fast breaker, the one proofs and boggle break use, which keeps no tree: the counts above are its own, from its start.`;
    } else if (untraced > 0) {
      this.untraced.textContent = ` The tree keeps the first ${count(limit)} classes and the top levels; the other ${count(untraced)} visited, and the boards they scored, are only in the counts above.`;
    }
  }

  /** Writes the counts of the classes added so far (once per batch of nodes). */
  summarize() {
    const k = this.kinds;
    const total = k.eliminated + k.split + k.reached + k.below;
    const boards = k.reached + k.below;
    if (!total) {
      this.summary.textContent = '';
      return;
    }
    const reached = boards ? ` (${count(k.reached)} ${unit(k.reached, 'reaches', 'reach')} the target)` : '';
    this.summary.textContent = `In the tree: ${plural(total, 'class', 'classes')}; ${count(k.eliminated)} eliminated, ${count(k.split)} split, ${plural(boards, 'board')} scored${reached}.`;
  }

  /**
   * Adds a node ({id, parent, depth, cell, cells, bounds, outcome}) under its parent.
   * @param {TreeNode} n
   */
  add(n) {
    const kind = n.outcome.kind === 'board' ? (n.outcome.reached ? 'reached' : 'below') : n.outcome.kind;
    if (kind in this.kinds) this.kinds[kind] += 1;
    if (!this.summarizing) {
      this.summarizing = true;
      queueMicrotask(() => {
        this.summarizing = false;
        this.summarize();
      });
    }
    /** @type {TreeEntry} */
    const entry = { node: n, children: [], row: null, list: null, expanded: n.depth < 2, name: 'the whole class' };
    this.nodes.set(n.id, entry);
    if (n.parent === null || n.parent === undefined) {
      this.el.append(this.row(entry));
      return;
    }
    const parent = this.nodes.get(n.parent);
    if (!parent) return;
    // The cells fixed from the root down to this class: what its buttons name it by, so that no
    // two of them read the same (siblings differ in the last cell, cousins in an earlier one).
    const fixed = cellText(n, this.cols);
    entry.name = parent.node.parent === null || parent.node.parent === undefined ? fixed : `${parent.name}, then ${fixed}`;
    parent.children.push(entry);
    if (parent.row) this.updateToggle(parent);
    if (parent.expanded && parent.list && parent.list.childElementCount < CHILDREN_SHOWN) {
      parent.list.append(this.row(entry));
    } else if (parent.expanded && parent.list) {
      this.updateMore(parent);
    }
  }

  /**
   * Draws `entry`'s row (and its expanded parts).
   * @param {TreeEntry} entry
   * @returns {HTMLLIElement}
   */
  row(entry) {
    const n = entry.node;
    const { rows, cols } = this;
    const kind = n.outcome.kind === 'board' ? (n.outcome.reached ? 'reached' : 'below') : n.outcome.kind;
    const bound = n.bounds ? Math.min(n.bounds.max_nomark, n.bounds.sum_union) : null;
    const split = n.outcome.kind === 'split' ? n.outcome.cell : null;
    const li = el('li', { className: `tree-node ${kind}` });
    li.dataset.kind = kind;
    // Named in updateToggle(): Show or Hide, and the class it opens.
    const toggle = el('button', { type: 'button', className: 'tree-toggle' });
    toggle.addEventListener('click', () => this.setExpanded(entry, !entry.expanded));
    const label = n.cell === null || n.cell === undefined ? 'Whole class' : cellText(n, cols);
    const detail =
      n.outcome.kind === 'split'
        ? `split ${cellName(split, cols)} into ${n.outcome.parts}`
        : n.outcome.kind === 'board'
          ? `${n.cells.join('')}: ${pointsText(n.outcome.score)}`
          : 'eliminated';
    const boundText = bound === null ? '' : `bound ${points(bound)}`;
    const title = n.bounds
      ? `${n.cells.join(' ')}\nmax/no-mark ${points(n.bounds.max_nomark)}, sum/union ${points(n.bounds.sum_union)}`
      : n.cells.join(' ');
    const line = el('div', { className: 'tree-line', title }, [
      toggle,
      treeGrid(n.cells, rows, cols, n.cell, split),
      el('span', { className: 'tree-label' }, [label]),
      el('span', { className: 'tree-bound' }, [boundText]),
      el('span', { className: `badge ${kind}` }, [detail]),
    ]);
    li.append(line);
    entry.row = li;
    entry.toggle = toggle;
    entry.list = null;
    this.updateToggle(entry);
    // A class without parts gets no list: an empty one would be read out as a list of nothing.
    if (entry.expanded && hasParts(entry)) this.setExpanded(entry, true);
    return li;
  }

  /** @param {TreeEntry} entry */
  updateToggle(entry) {
    entry.toggle.hidden = !hasParts(entry);
    entry.toggle.textContent = entry.expanded ? '▾' : '▸';
    entry.toggle.setAttribute('aria-label', `${entry.expanded ? 'Hide' : 'Show'} parts of ${entry.name}`);
    entry.toggle.setAttribute('aria-expanded', String(entry.expanded));
  }

  /**
   * @param {TreeEntry} entry
   * @param {boolean} expanded
   */
  setExpanded(entry, expanded) {
    entry.expanded = expanded;
    if (expanded && !entry.list) {
      entry.list = el('ul', { id: `${this.id}-parts-${entry.node.id}` });
      entry.toggle.setAttribute('aria-controls', entry.list.id);
      entry.row.append(entry.list);
      entry.list.append(...entry.children.slice(0, CHILDREN_SHOWN).map((c) => this.row(c)));
      this.updateMore(entry);
    }
    if (entry.list) entry.list.hidden = !expanded;
    this.updateToggle(entry);
  }

  /** @param {TreeEntry} entry */
  updateMore(entry) {
    const hidden = entry.children.length - entry.list.childElementCount + (entry.more ? 1 : 0);
    if (hidden <= 0) return;
    if (!entry.more) {
      entry.more = el('button', { type: 'button', className: 'link-button tree-more' });
      entry.more.addEventListener('click', () => {
        entry.more.remove();
        entry.more = null;
        const shown = entry.list.childElementCount;
        entry.list.append(...entry.children.slice(shown).map((c) => this.row(c)));
      });
      entry.list.after(entry.more);
    }
    entry.more.textContent = `Show ${plural(hidden, 'more part')}`;
    // Several parents can have more parts: the name says whose, as the toggles' names do.
    entry.more.setAttribute('aria-label', `${entry.more.textContent} of ${entry.name}`);
  }
}

/**
 * Whether a node has parts to show: it was split (its parts may still be on their way).
 * @param {TreeEntry} entry
 */
function hasParts(entry) {
  return entry.children.length > 0 || entry.node.outcome.kind === 'split';
}

/**
 * The cell a node fixed and its letter: "row 2, column 2 = e".
 * @param {TreeNode} n
 * @param {number} cols
 */
function cellText(n, cols) {
  return `${cellName(n.cell, cols)} = ${spelled(n.cells[n.cell])}`;
}

/**
 * A tiny picture of the grid: the cell that differs from the parent and the split cell.
 * @param {string[]} cells
 * @param {number} rows
 * @param {number} cols
 * @param {number | null} changed
 * @param {number | null} split
 * @returns {HTMLSpanElement}
 */
function treeGrid(cells, rows, cols, changed, split) {
  const g = el('span', { className: 'tree-grid', 'aria-hidden': 'true' });
  g.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  for (let i = 0; i < rows * cols; i++) {
    const c = el('span', {});
    if (cells[i]?.length === 1) c.className = 'fixed';
    if (i === changed) c.className = 'changed';
    if (i === split) c.className = 'split';
    g.append(c);
  }
  return g;
}
