// The engine's defaults and limits that views pass to it or show, read from pkg/defaults.js,
// which the build writes from the Rust constants (`boggle defaults --module`): no view repeats
// an engine rule. Word lists and board sides are read by lists.js and params.js.
import engine from '../../pkg/defaults.js';

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
