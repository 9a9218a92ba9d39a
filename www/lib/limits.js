// The engine's defaults and limits that views pass to it or show, read from pkg/defaults.js,
// which the build writes from the Rust constants (`boggle defaults --module`): no view repeats
// an engine rule. Word lists are read by lists.js, sizes typed in the URL or a field by params.js.
import engine from '../../pkg/defaults.js';

/**
 * Board sizes: the smallest and largest side (`min_side`, `max_side`) and the sizes the engine
 * reads from a board's length alone (`sizes_by_length`, each `[cells, rows, cols]`).
 */
export const BOARD = engine.board;
/** The engine's smallest board side (a single digit, as its largest). */
export const MIN_SIDE = BOARD.min_side;
/** The engine's largest board side. */
export const MAX_SIDE = BOARD.max_side;
/** The fewest cells of a board, so the fewest letters a board string has. */
export const MIN_CELLS = MIN_SIDE * MIN_SIDE;
/** The most cells of a board, so the most letters a board string has. */
export const MAX_CELLS = MAX_SIDE * MAX_SIDE;
/** Every board size the engine takes, as URLs write them ("4x5"), by rows then columns. */
export const SIZES = Array.from({ length: MAX_SIDE - MIN_SIDE + 1 }, (_, r) =>
  Array.from({ length: MAX_SIDE - MIN_SIDE + 1 }, (_, c) => `${MIN_SIDE + r}x${MIN_SIDE + c}`),
).flat();

/**
 * Words and rounds (the Play view and widget): the most words a review reads (`max_claimed`;
 * the rest are counted as `unread`), the fewest letters of a word the engine counts
 * (`min_word_letters`: a list's shorter lines are skipped, and no round asks for fewer) and the
 * dice sets by name, their board size ("4x4"), the classic set (the default) first (`dice`).
 */
export const PLAY = engine.play;
/** The shortest words a reader may choose, in letters, as strings: the engine's and two longer. */
export const SHORTEST_WORDS = [0, 1, 2].map((more) => String(PLAY.min_word_letters + more));

/**
 * The Bounds view and widget: the most steps a class's bounds may take (`max_steps`, a few
 * seconds), the steps a widget spends while its page loads (`load_steps`) and the most scoring
 * nodes of a max/no-mark tree drawn (`tree_nodes`).
 */
export const BOUNDS = engine.bounds;

/**
 * Breaking: the fast breaker's default options (`switch`, `memory_mb`), the least memory it
 * takes (`min_memory_mb`), the nodes of a traced break kept by the Break view
 * (`trace_nodes`) and the break widget (`widget_trace_nodes`), and the most boards reaching
 * the target a search keeps natively (`max_found`) and in the page (`page_max_found`), and the
 * greatest target score a search takes (`max_target`).
 */
export const BREAK = engine.break;

/**
 * The most workers a view starts in one tab (Search and a partition run): each holds an engine
 * and a word list, so the tab's memory grows with them.
 */
export const MAX_WORKERS = 64;

/** The optimizers' defaults and limits (the Search view's parameters). */
export const OPTIMIZE = engine.optimize;

/**
 * The engine's named proofs (`boggle break --proof NAME`), the published 3x3 one first: each a
 * partition search (`partition`, `size`, `target`, `list`) and the number of classes its
 * partition has (`classes`), as the engine numbers them.
 * @type {readonly {name: string, partition: string, size: string, target: number, list: string, classes: number}[]}
 */
export const PROOFS = engine.proofs;
