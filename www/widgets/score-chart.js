// The search view's live chart, drawn on a canvas: for each worker its best score (thick),
// current score (thin) and each finished run's best (a dot) against the boards that worker
// scored; for annealing a second panel below shares the x axis and shows each worker's
// temperature (dashed, log scale, left axis) and the share of its last proposals accepted
// (solid, right axis). Every pixel column is drawn from the extremes of the points that fell
// in it (chart-buckets.js), so the shape of a long search stays true at any length; the x axis
// is linear (the long haul) or logarithmic (the early climb and the first runs' cooling).
//
// Many short runs would bury that under their own lines, so the chart summarises them as they
// crowd (chart-crowd.js). Once runs are under 10 pixels wide the current score's line is left
// to the current run's own chart, and the lower panel draws a light band over the range the
// runs' temperature sweeps, a dashed line through their average temperatures and a solid one
// through their average share accepted, each averaged over a few pixel columns. Once there are
// more runs than half the plot's pixel columns, their dots would pile up: they give way to
// grey shading of where runs ended, over every worker (chart-bins.js), darker where more ended,
// with each worker's best drawn over it. What is drawn grows with the plot's width, never with
// the number of runs. Colours come from the stylesheet's custom properties (score-chart.css),
// so dark mode just works.
import { loadCss } from '../lib/dom.js';
import { addCells, shades } from './chart-bins.js';
import { band, line, shadeCells, windowMeans } from './chart-crowd.js';
import { axes, begin, clipped, dots, envelope, hline, styleOf, temperatureScale, ticks, vtext, watchBox, xAxis } from './chart-draw.js';
import { CH, MEAN_CH, SearchSeries } from './search-series.js';

await loadCss(new URL('./score-chart.css', import.meta.url));

/**
 * The chart's key in words, for the line beneath it: what the thick and thin lines and the dots
 * are, and with annealing what the lower panel holds.
 * @param {boolean} anneal
 */
export function chartKey(anneal) {
  // Short enough for a widget on a phone; the canvas's own description says more.
  const below = ' · below: temperature (dashed), share accepted (averaged once runs crowd)';
  return `thick: best · thin: current · dots: each run’s best (grey: where many ended)${anneal ? below : ''}`;
}

/** Pixel columns per cell of the run-end shading. */
const CELL = 3;
/** The least height of a cell of the run-end shading, in pixels. */
const CELL_HEIGHT = 4;

/** The x axis scales the chart offers. */
export const SCALES = /** @type {const} */ (['linear', 'log']);

/** The live search chart: best and current scores, run ends, and annealing's temperature panel. */
export class ScoreChart {
  /** @param {{series?: SearchSeries}} [opts] the points to plot (shared with other charts) */
  constructor({ series = new SearchSeries() } = {}) {
    this.series = series;
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.el = document.createElement('div');
    this.el.className = 'score-chart';
    this.el.append(this.canvas);
    this.anneal = false;
    /** @type {'linear' | 'log'} */
    this.scale = 'linear';
    this.drawnVersion = -1;
    /** The last 100 draw times, in ms (a ring), and how many draws there were. */
    this.drawTimes = new Float64Array(100);
    this.drawCount = 0;
    this.label();
    /**
     * The chart's box as last seen, and its style as last read (chart-draw.js, `watchBox`).
     * @type {{w: number, h: number} | null}
     */
    this.size = null;
    /** @type {import('./chart-draw.js').ChartStyle | null} */
    this.style = null;
    this.resize = watchBox(this, () => this.draw(true));
  }

  /**
   * Clears the chart for a new search; `anneal` adds the temperature and acceptance panel.
   * @param {{anneal: boolean}} opts
   */
  reset({ anneal }) {
    this.series.reset();
    this.anneal = Boolean(anneal);
    this.el.classList.toggle('score-chart-anneal', this.anneal);
    this.label();
    this.draw(true);
  }

  /**
   * Linear or logarithmic x axis.
   * @param {'linear' | 'log'} scale
   */
  setScale(scale) {
    this.scale = scale === 'log' ? 'log' : 'linear';
    this.el.dataset.scale = this.scale;
    this.draw(true);
  }

  label() {
    const what = this.anneal ? 'and below it temperature and the share of proposals accepted (once runs are narrow, the runs’ averages), ' : '';
    this.canvas.setAttribute('aria-label', `Chart of best and current score, and each finished run's best (once runs crowd, shading where they ended), against boards scored by each worker, ${what}one colour per worker`);
  }

  /**
   * The colour of worker `i`'s lines.
   * @param {number} i
   */
  colour(i) {
    return styleOf(this).colour(i);
  }

  /**
   * Adds a progress report of worker `i` (its detailed `samples` when it has them).
   * @param {number} i
   * @param {Parameters<SearchSeries['add']>[1]} p
   */
  add(i, p) {
    this.series.add(i, p);
  }

  /**
   * Redraws when something changed (or when forced, e.g. after a resize).
   * @param {boolean} [force]
   */
  draw(force = false) {
    if (!force && this.drawnVersion === this.series.version) return;
    const began = performance.now();
    this.paint();
    // The longest draw so far, and the median and longest of the last 100, for benchmarks
    // (benches/search-soak.mjs): on a busy machine the longest includes time the main thread
    // waited for a core, the median hardly; the first draws also pay for compiling the code.
    const ms = performance.now() - began;
    if (!(ms <= Number(this.el.dataset.drawMsMax))) this.el.dataset.drawMsMax = ms.toFixed(1);
    this.drawTimes[this.drawCount++ % this.drawTimes.length] = ms;
    const recent = this.drawTimes.slice(0, Math.min(this.drawCount, this.drawTimes.length)).sort((a, b) => a - b);
    this.el.dataset.drawMsMedian = recent[recent.length >> 1].toFixed(1);
    this.el.dataset.drawMsRecentMax = recent[recent.length - 1].toFixed(1);
  }

  /** Draws the chart now. */
  paint() {
    const area = begin(this);
    if (!area) return;
    const { style, g, w, h } = area;

    const left = 52;
    // Room on the right for the acceptance ticks ("100%") and, clear of them, their title.
    const right = this.anneal ? 56 : 16;
    const top = 10;
    const bottom = 42;
    const pw = Math.max(10, Math.floor(w - left - right));
    const total = Math.max(20, h - top - bottom);
    // With annealing the lower 35% (less a gap) holds temperature and acceptance.
    const gap = this.anneal ? 14 : 0;
    const ph = this.anneal ? Math.round(total * 0.65) - gap : total;
    const lower = { top: top + ph + gap, h: total - ph - gap };
    const workers = this.series.workers;

    let maxY = 0;
    for (const s of workers) {
      if (!s) continue;
      maxY = Math.max(maxY, s.linear.max(CH.best) || 0, s.linear.max(CH.current) || 0);
    }
    const axis = xAxis(this.scale, this.series.maxBoards(), pw, w < 500 ? 3 : 6, this.series.minBoards());
    const yt = ticks(Math.max(maxY * 1.05, 10), ph < 160 ? 3 : 5, ph < 160 ? 6 : 8);
    const yMax = yt[yt.length - 1];
    const X = (/** @type {number} */ v) => left + axis.column(v);
    const Y = (/** @type {number} */ v) => top + ph - (v / yMax) * ph;
    const plotBottom = this.anneal ? lower.top + lower.h : top + ph;

    // Grid, ticks and axis titles.
    const log = this.scale === 'log';
    const title = `boards scored by each worker${log ? ' (log scale)' : ''}`;
    axes(g, style, { left, width: pw, bottom: plotBottom }, { ticks: yt, y: Y }, { ticks: axis.ticks, x: X, title });
    vtext(g, 'score', 12, top + ph / 2, -1);

    // Lines from each pixel column's extremes: current (thin) and best (thick), per worker.
    const bucketsOf = (/** @type {import('./search-series.js').WorkerSeries} */ s) => (log ? s.log : s.linear);
    // Each finished run's best is a dot; once runs are narrower than about 10 pixels the
    // current score's restarts would fill the plot with a comb, so it is left to the current
    // run's own chart and the dots tell the story; once runs crowd, where they ended is shaded.
    const crowd = crowded(workers, pw);
    const narrow = dense(workers, pw);
    /** @type {number[]} */
    const drawnBest = [];
    /** @type {number[]} */
    const drawnEnds = [];
    let shaded = 0;
    clipped(g, left, top, pw, ph, () => {
      if (crowd) shaded = this.shadeEnds(g, style.text, { left, width: pw, height: ph, yMax }, Y, axis.column);
      workers.forEach((s, i) => {
        if (!s) return;
        const b = bucketsOf(s);
        g.strokeStyle = style.colour(i);
        g.fillStyle = style.colour(i);
        if (!narrow) {
          g.globalAlpha = 0.35;
          g.lineWidth = 1;
          envelope(g, b.columns(CH.current, pw, axis.column), left, Y);
        }
        g.globalAlpha = 1;
        g.lineWidth = 2.5;
        const best = b.columns(CH.best, pw, axis.column);
        envelope(g, best, left, Y);
        drawnBest[i] = lastValue(best.last);
        // Smaller dots on a narrow plot.
        if (!crowd) dots(g, (log ? s.endsLog : s.endsLinear).columns(0, pw, axis.column), left, Y, pw < 400 ? 2 : 2.5);
        drawnEnds[i] = s.ended;
      });
    });
    // The best score each worker's line ends on and the runs it marks, for tests and scripts.
    this.canvas.dataset.drawnBest = drawnBest.join(',');
    this.canvas.dataset.drawnEnds = drawnEnds.join(',');
    // How many runs' ends the shading counts (0: each is a dot).
    this.canvas.dataset.shadedEnds = String(shaded);
    if (!this.anneal) return;

    // Temperature on a log scale over the decades it spans, acceptance 0-100%.
    const T = temperatureScale(...this.series.temperatureRange(), lower.top, lower.h);
    const A = (/** @type {number} */ v) => lower.top + lower.h * (1 - Math.min(1, Math.max(0, v)));
    g.strokeStyle = style.grid;
    g.fillStyle = style.text;
    T.rungs.forEach(({ y, label }, k) => {
      hline(g, left, pw, y);
      g.textAlign = 'right';
      g.textBaseline = 'middle';
      g.fillText(label, left - 6, y);
      g.textAlign = 'left';
      g.fillText(`${100 - k * 50}%`, left + pw + 6, y);
    });
    vtext(g, 'T (log)', 12, lower.top + lower.h / 2, -1);
    vtext(g, 'accepted', w - 8, lower.top + lower.h / 2, 1);
    /** @type {number[]} */
    const drawnMeans = [];
    clipped(g, left, lower.top, pw, lower.h, () => {
      workers.forEach((s, i) => {
        if (!s) return;
        const b = bucketsOf(s);
        g.strokeStyle = style.colour(i);
        if (narrow) {
          // Runs too narrow to follow repeat one schedule, and their lines would fill the panel
          // with a comb: the temperature's range is a light band, and lines through the runs'
          // averages, taken over a few columns, carry the story.
          g.fillStyle = style.colour(i);
          g.globalAlpha = 0.08;
          band(g, b.columns(CH.temperature, pw, axis.column), left, T.y);
          const means = log ? s.meansLog : s.meansLinear;
          g.globalAlpha = 0.9;
          g.lineWidth = 1.5;
          g.setLineDash([5, 4]);
          line(g, windowMeans(means.columns(MEAN_CH.temperature, pw, axis.column), MEAN_RADIUS), left, T.y);
          g.setLineDash([]);
          line(g, windowMeans(means.columns(MEAN_CH.acceptance, pw, axis.column), MEAN_RADIUS), left, A);
          drawnMeans[i] = means.points;
          return;
        }
        g.lineWidth = 1.5;
        g.globalAlpha = 0.9;
        g.setLineDash([5, 4]);
        envelope(g, b.columns(CH.temperature, pw, axis.column), left, T.y);
        g.setLineDash([]);
        g.globalAlpha = 0.55;
        g.lineWidth = 1;
        envelope(g, b.columns(CH.acceptance, pw, axis.column), left, A);
        drawnMeans[i] = 0;
      });
    });
    // How many runs' averages each worker's lower panel draws (0: its runs' own lines), where
    // the panel lies (left, top, width, height in CSS pixels) and its temperature labels, top
    // to bottom, for tests and scripts.
    this.canvas.dataset.drawnMeans = drawnMeans.join(',');
    this.canvas.dataset.lowerPanel = [left, lower.top, pw, lower.h].join(',');
    this.canvas.dataset.temperatureAxis = T.rungs.map((r) => r.label).join(',');
  }

  /**
   * Shades where every worker's runs ended, in cells CELL columns wide and at least CELL_HEIGHT
   * pixels tall, in `colour` (the text's: neutral beside the workers' colours), as one picture
   * for all workers, who run the same search from different seeds; returns how many run ends
   * it counted.
   * @param {CanvasRenderingContext2D} g
   * @param {string} colour
   * @param {{left: number, width: number, height: number, yMax: number}} plot where the score
   *   panel is, and the score at its top
   * @param {(v: number) => number} Y pixel row of a score
   * @param {(x: number) => number} column pixel column of a board count
   */
  shadeEnds(g, colour, { left, width: pw, height: ph, yMax }, Y, column) {
    const log = this.scale === 'log';
    const bins = this.series.workers.filter(Boolean).map((s) => (log ? s.endBinsLog : s.endBinsLinear));
    // One cell height for every worker: a power of two times the widest bin of any.
    let height = Math.max(...bins.map((b) => b.binWidth));
    while ((height / yMax) * ph < CELL_HEIGHT) height *= 2;
    const rows = Math.ceil(yMax / height);
    const cells = bins.map((b) => b.cells(pw, column, CELL, height, rows)).reduce(addCells);
    g.fillStyle = colour;
    shadeCells(g, cells, shades(cells), left, Y);
    return cells.counts.reduce((a, n) => a + n, 0);
  }

  destroy() {
    this.resize.disconnect();
  }
}

/** Pixel columns either side over which the lower panel averages crowded runs' averages. */
const MEAN_RADIUS = 4;

/**
 * True when the workers' runs together outnumber half a plot `width` pixels wide: their dots
 * would crowd each other and their restarts fill the plot.
 * @param {(import('./search-series.js').WorkerSeries | undefined)[]} workers
 * @param {number} width
 */
function crowded(workers, width) {
  return workers.reduce((n, s) => n + (s?.ended ?? 0), 0) * 2 > width;
}

/**
 * True when any worker's runs average under 10 pixels across a plot `width` wide: too narrow
 * to follow one by one. Decided for the chart, so that every worker is drawn the same way.
 * @param {(import('./search-series.js').WorkerSeries | undefined)[]} workers
 * @param {number} width
 */
function dense(workers, width) {
  return workers.some((s) => s && s.ended * 10 > width);
}

/**
 * The last value that is not NaN.
 * @param {Float64Array} values
 */
function lastValue(values) {
  for (let i = values.length - 1; i >= 0; i--) if (!Number.isNaN(values[i])) return values[i];
  return NaN;
}
