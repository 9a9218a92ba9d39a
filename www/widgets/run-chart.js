// The search view's "this run" chart: each worker's current annealing run, its score (solid,
// left axis) and temperature (dashed, log scale, right axis) against the proposals taken in
// the run, so the board freezing as the temperature falls shows in every run, not only the
// first. It starts over for a worker when that worker begins a new run. Shares its points
// with the main chart (search-series.js).
import { loadCss } from '../lib/dom.js';
import { axes, begin, clipped, envelope, temperatureScale, ticks, vtext, watchBox, xAxis } from './chart-draw.js';
import { RUN_CH } from './search-series.js';

await loadCss(new URL('./score-chart.css', import.meta.url));

/** The chart of each worker's current annealing run: score and temperature. */
export class RunChart {
  /** @param {import('./search-series.js').SearchSeries} series the points to plot */
  constructor(series) {
    this.series = series;
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', "Chart of each worker's current run: score and temperature against proposals in the run");
    this.el = document.createElement('div');
    this.el.className = 'score-chart run-chart';
    this.el.append(this.canvas);
    this.drawnVersion = -1;
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
   * Redraws when something changed (or when forced).
   * @param {boolean} [force]
   */
  draw(force = false) {
    if (!force && this.drawnVersion === this.series.version) return;
    const area = begin(this);
    if (!area) return;
    const { style, g, w, h } = area;
    const left = 52;
    const right = 44;
    const top = 10;
    const bottom = 42;
    const pw = Math.max(10, Math.floor(w - left - right));
    const ph = Math.max(20, h - top - bottom);
    const workers = this.series.workers.filter((s) => s && s.runId != null);

    let maxX = 0;
    let maxY = 0;
    let minY = Infinity;
    for (const s of workers) {
      const b = s.run;
      maxX = Math.max(maxX, b.width * b.used);
      maxY = Math.max(maxY, b.max(RUN_CH.current) || 0);
      if (b.used) minY = Math.min(minY, b.min(RUN_CH.current));
    }
    // Scores from a round number below the lowest, so the settling at the top has room.
    const yt0 = ticks(Math.max(maxY * 1.02, 10), ph < 160 ? 3 : 5);
    const step = yt0[1] - yt0[0];
    const yMin = Number.isFinite(minY) ? Math.max(0, Math.floor(minY / step) * step) : 0;
    const yt = yt0.filter((v) => v >= yMin);
    const yMax = yt[yt.length - 1];
    const axis = xAxis('linear', maxX, pw, w < 500 ? 3 : 6);
    const X = (/** @type {number} */ v) => left + axis.column(v);
    const Y = (/** @type {number} */ v) => top + ph - ((v - yMin) / Math.max(1, yMax - yMin)) * ph;
    const T = temperatureScale(...this.series.temperatureRange(), top, ph);

    axes(g, style, { left, width: pw, bottom: top + ph }, { ticks: yt, y: Y }, { ticks: axis.ticks, x: X, title: 'proposals in the current run' });
    g.textAlign = 'left';
    g.textBaseline = 'middle';
    for (const r of T.rungs) g.fillText(r.label, left + pw + 6, r.y);
    // The temperature labels, top to bottom, for tests and scripts.
    this.canvas.dataset.temperatureAxis = T.rungs.map((r) => r.label).join(',');
    vtext(g, 'score', 12, top + ph / 2, -1);
    vtext(g, 'T (log, dashed)', w - 8, top + ph / 2, 1);

    clipped(g, left, top, pw, ph, () => {
      this.series.workers.forEach((s, i) => {
        if (!s || s.runId == null) return;
        g.strokeStyle = style.colour(i);
        g.globalAlpha = 0.9;
        g.lineWidth = 1.5;
        envelope(g, s.run.columns(RUN_CH.current, pw, axis.column), left, Y);
        g.setLineDash([5, 4]);
        g.lineWidth = 1.5;
        envelope(g, s.run.columns(RUN_CH.temperature, pw, axis.column), left, T.y);
        g.setLineDash([]);
      });
    });
  }

  destroy() {
    this.resize.disconnect();
  }
}
