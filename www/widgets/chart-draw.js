// Canvas drawing shared by the search view's charts (score-chart.js, run-chart.js): axes with
// round ticks on a linear or logarithmic scale, and a series drawn from its per-pixel-column
// extremes so that every point's excursion shows at any zoom.

/**
 * Round tick values covering [0, max]: about `count` intervals at 1, 2 or 5 times a power of 10.
 * With `most` (more than `count`), up to that many intervals where they end the axis closer
 * to `max`: 10,600 over 3 takes steps of 2,000 to 12,000 rather than 5,000 to 15,000, which
 * would leave a third of the plot empty. `multiples` are the round steps' leading figures (an
 * x axis adds 2.5, so that 12.4M ends at 12.5M).
 * @param {number} max
 * @param {number} count
 * @param {number} [most]
 * @param {number[]} [multiples]
 * @returns {number[]}
 */
export function ticks(max, count, most = count, multiples = [1, 2, 5]) {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const steps = [...multiples, 10].map((m) => m * p);
  const intervals = (/** @type {number} */ s) => Math.ceil(max / s - 1e-9);
  // The first round step giving at most `count` intervals, or a finer one ending lower.
  const coarse = steps.find((s) => s >= raw) ?? 10 * p;
  const step = steps
    .filter((s) => intervals(s) <= Math.max(count, most))
    .reduce((a, s) => (intervals(s) * s < intervals(a) * a - 1e-9 ? s : a), coarse);
  const out = [];
  for (let v = 0; out.length < 2 || out[out.length - 1] < max - step * 1e-9; v += step) out.push(v);
  return out;
}

/**
 * Short tick labels: 1500 -> 1.5k, 2000000 -> 2M, 3e9 -> 3G.
 * @param {number} v
 */
export function short(v) {
  if (v >= 1e9) return `${+(v / 1e9).toFixed(2)}G`;
  if (v >= 1e6) return `${+(v / 1e6).toFixed(2)}M`;
  if (v >= 1e3) return `${+(v / 1e3).toFixed(1)}k`;
  if (v > 0 && v < 0.01) return v.toExponential(0);
  return String(+v.toFixed(2));
}

/**
 * An x axis up to `maxX` over `width` pixels: linear from 0 with round ticks (steps of 1, 2, 2.5
 * or 5 times a power of ten, up to twice `count` of them) ending on the first tick at or past
 * `maxX` that such steps allow, so the data reach within a few percent of the right edge; or logarithmic in 1 + x with ticks at powers of ten, starting at the power of ten at or below
 * `minX` (the first point), so the decades before any point was drawn take no room. Points left
 * of the start (none, while `minX` is the smallest x) would clamp to the left edge.
 * @param {'linear' | 'log'} scale
 * @param {number} maxX the largest x to show
 * @param {number} width pixels
 * @param {number} count about how many ticks
 * @param {number} [minX] the smallest x to show (log scale only; 0 starts at 0)
 * @returns {{column: (x: number) => number, ticks: number[], max: number}}
 */
export function xAxis(scale, maxX, width, count, minX = 0) {
  if (scale === 'log') {
    const start = minX >= 1 ? 10 ** Math.floor(Math.log10(minX) + 1e-9) : 0;
    const max = Math.max(maxX, 10 * start, 10);
    const bottom = Math.log10(1 + start);
    const span = Math.log10(1 + max) - bottom;
    const out = start ? [] : [0];
    for (let v = Math.max(1, start); v <= max; v *= 10) out.push(v);
    // Thin the decades out on a narrow chart.
    const every = Math.ceil(out.length / Math.max(2, count + 1));
    return { column: (x) => ((Math.log10(1 + x) - bottom) / span) * width, ticks: out.filter((_, i) => i % every === 0), max };
  }
  // Steps of 2.5 only where they are whole numbers of boards.
  const t = ticks(Math.max(maxX, 10), count, 2 * count, maxX >= 100 ? [1, 2, 2.5, 5] : [1, 2, 5]);
  const max = t[t.length - 1];
  return { column: (x) => (x / max) * width, ticks: t, max };
}

/** Worker colours for a stylesheet that names none (`--series-1` to `--series-8` unset). */
const FALLBACK_COLOURS = ['#1f6f5c', '#d9641e', '#5b6ad0', '#b3261e'];

/**
 * How many times the charts' colours or font may have changed since the first chart was
 * styled: the device's colour scheme or forced colours changed, or a theme was forced on the
 * page (lib/theme.js writes the root element's `data-theme` and `style`). A chart's style is
 * read again once this moved (see `styleOf`).
 */
let restyles = 0;
/** Whether `restyles` is kept (the first chart styled starts listening; node's tests never do). */
let listening = false;

/** Starts counting what may change the charts' style (`restyles`), once. */
function listen() {
  if (listening) return;
  listening = true;
  const restyle = () => restyles++;
  for (const q of ['(prefers-color-scheme: dark)', '(forced-colors: active)']) matchMedia(q).addEventListener('change', restyle);
  new MutationObserver(restyle).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
}

/** Colours and font read from a chart's stylesheet, all at once. */
export class ChartStyle {
  /** @param {Element} el an element under the chart's stylesheet */
  constructor(el) {
    const css = getComputedStyle(el);
    const prop = (/** @type {string} */ name, /** @type {string} */ fallback) => css.getPropertyValue(name).trim() || fallback;
    this.text = prop('--muted', '#666');
    this.grid = prop('--border', '#ddd');
    this.font = prop('--font', 'sans-serif');
    /** Each worker's colour, from `--series-1` to `--series-8`. */
    this.series = Array.from({ length: 8 }, (_, i) => prop(`--series-${i + 1}`, FALLBACK_COLOURS[i % 4]));
    /** The value of `restyles` when read. */
    this.restyles = restyles;
  }

  /**
   * The colour of worker `i`'s lines.
   * @param {number} i
   */
  colour(i) {
    return this.series[i % 8];
  }
}

/**
 * What a chart keeps of its box: its size, as its resize observer last saw it (null before it
 * first reports), and its style as last read (null: read it at the next draw).
 * @typedef {{el: HTMLElement, size: {w: number, h: number} | null, style: ChartStyle | null}} ChartBox
 */

/**
 * A chart's style: read from its stylesheet once, and again only after something that can
 * change it (`restyles`, or a new size of its box, where a media query may apply). Reading the
 * computed style makes the browser apply every change made to the page so far, and a chart
 * draws ten times a second while a search runs, each time after the view wrote its figures.
 * @param {ChartBox} chart
 * @returns {ChartStyle}
 */
export function styleOf(chart) {
  listen();
  if (!chart.style || chart.style.restyles !== restyles) chart.style = new ChartStyle(chart.el);
  return chart.style;
}

/**
 * Keeps a chart's size (`chart.size`, its content box, which has no padding) from a resize
 * observer, forgets its style, and calls `redraw`. Reading the size of the box at each draw
 * would make the browser lay out the page after the view's writes, ten times a second.
 * @param {ChartBox} chart
 * @param {() => void} redraw
 * @returns {ResizeObserver} the observer (to disconnect)
 */
export function watchBox(chart, redraw) {
  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1].contentRect;
    chart.size = { w: Math.round(box.width), h: Math.round(box.height) };
    chart.style = null;
    redraw();
  });
  observer.observe(chart.el);
  return observer;
}

/**
 * The font each canvas's context was last given, and how the context reads it back.
 * @type {WeakMap<HTMLCanvasElement, {font: string, read: string}>}
 */
const fonts = new WeakMap();

/**
 * Sizes `canvas` to `w` x `h` CSS pixels at the device's pixel ratio and returns its 2D
 * context in CSS pixels with the chart's font, or null when it has no size.
 * @param {HTMLCanvasElement} canvas
 * @param {number} w
 * @param {number} h
 * @param {ChartStyle} style
 * @returns {{g: CanvasRenderingContext2D, w: number, h: number} | null}
 */
export function prepare(canvas, w, h, style) {
  const dpr = window.devicePixelRatio || 1;
  if (!w || !h) return null;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, w, h);
  // Setting a font makes the browser apply every pending style change first, even to the
  // same font: it is set only when the context lost it (a resize resets the context) or the
  // style changed, which reading it back tells without a style update.
  const font = `12px ${style.font}`;
  const given = fonts.get(canvas);
  if (given?.font !== font || g.font !== given.read) {
    g.font = font;
    fonts.set(canvas, { font, read: g.font });
  }
  g.lineWidth = 1;
  return { g, w, h };
}

/**
 * Starts a redraw of a chart over a versioned series: sizes its canvas to its box (see
 * [prepare]) and marks the series' version drawn. Null when the chart has no size yet: it
 * draws when its box gets one (`watchBox`).
 * @param {ChartBox & {canvas: HTMLCanvasElement, drawnVersion: number, series: {version: number}}} chart
 * @returns {{style: ChartStyle, g: CanvasRenderingContext2D, w: number, h: number} | null}
 */
export function begin(chart) {
  // A chart drawn as soon as it is placed, before its observer first reports, reads its box.
  const { w, h } = chart.size ?? { w: chart.el.clientWidth, h: chart.el.clientHeight };
  if (!w || !h) return null;
  const style = styleOf(chart);
  const area = prepare(chart.canvas, w, h, style);
  if (!area) return null;
  chart.drawnVersion = chart.series.version;
  return { style, ...area };
}

/**
 * Draws a series from its per-column extremes (chart-buckets.js): in each column the line
 * enters at the first value, covers the smallest and largest, and leaves at the last, so a
 * spike inside one pixel column is drawn and nothing between columns is invented. A column's
 * range is filled as a rectangle the line's width (a dashed line's only where its values go
 * beyond its first and last, so that it keeps its dashes), and the line runs on from its last
 * value: one path going up and down in every column (as a long run's restarts make it) is slow
 * to rasterize (the main thread's share grew from a fifth to over half in 5 minutes of a
 * search), rectangles are not.
 * @param {CanvasRenderingContext2D} g
 * @param {import('./chart-buckets.js').Columns} cols
 * @param {number} left x of column 0
 * @param {(v: number) => number} y pixel row of a value
 */
export function envelope(g, cols, left, y) {
  /** x, top and bottom of each column with a range. */
  const spans = [];
  const dashed = g.getLineDash().length > 0;
  g.beginPath();
  let started = false;
  for (let c = 0; c < cols.first.length; c++) {
    const first = cols.first[c];
    if (Number.isNaN(first)) continue;
    const x = left + c + 0.5;
    if (started) g.lineTo(x, y(first));
    else g.moveTo(x, y(first));
    started = true;
    const lo = cols.min[c];
    const hi = cols.max[c];
    const last = cols.last[c];
    // A dashed line draws a monotonic column as one segment, so that it keeps its dashes.
    if (lo !== hi && (!dashed || lo < Math.min(first, last) || hi > Math.max(first, last))) {
      // The rectangle covers the column's range; the line leaves from the last value.
      spans.push(x, y(hi), y(lo));
      g.moveTo(x, y(last));
    } else if (last !== first) {
      g.lineTo(x, y(last));
    }
  }
  g.stroke();
  const fill = g.fillStyle;
  const w = g.lineWidth;
  g.fillStyle = g.strokeStyle;
  for (let i = 0; i < spans.length; i += 3) {
    const top = Math.min(spans[i + 1], spans[i + 2]);
    g.fillRect(spans[i] - w / 2, top, w, Math.abs(spans[i + 2] - spans[i + 1]));
  }
  g.fillStyle = fill;
}

/**
 * A dot at the largest and, where it differs, the smallest value of each pixel column: for
 * events such as runs ending, which a line between them would misrepresent. One path, so that
 * thousands of dots stay quick to fill.
 * @param {CanvasRenderingContext2D} g
 * @param {import('./chart-buckets.js').Columns} cols
 * @param {number} left x of column 0
 * @param {(v: number) => number} y pixel row of a value
 * @param {number} r radius
 */
export function dots(g, cols, left, y, r) {
  g.beginPath();
  for (let c = 0; c < cols.max.length; c++) {
    const hi = cols.max[c];
    if (Number.isNaN(hi)) continue;
    const x = left + c + 0.5;
    for (const v of hi === cols.min[c] ? [hi] : [hi, cols.min[c]]) {
      g.moveTo(x + r, y(v));
      g.arc(x, y(v), r, 0, 2 * Math.PI);
    }
  }
  g.fill();
}

/**
 * The score axis: a grid line and a label at each tick, and below the plot the x ticks and the
 * axis title, in the chart's grid and text colours.
 * @param {CanvasRenderingContext2D} g
 * @param {ChartStyle} style
 * @param {{left: number, width: number, bottom: number}} plot where the plot is
 * @param {{ticks: number[], y: (v: number) => number}} yAxis
 * @param {{ticks: number[], x: (v: number) => number, title: string}} x
 */
export function axes(g, style, plot, yAxis, x) {
  g.strokeStyle = style.grid;
  g.fillStyle = style.text;
  g.textAlign = 'right';
  g.textBaseline = 'middle';
  for (const v of yAxis.ticks) {
    hline(g, plot.left, plot.width, yAxis.y(v));
    g.fillText(short(v), plot.left - 6, yAxis.y(v));
  }
  g.textAlign = 'center';
  g.textBaseline = 'top';
  for (const v of x.ticks) g.fillText(short(v), x.x(v), plot.bottom + 5);
  g.fillText(x.title, plot.left + plot.width / 2, plot.bottom + 22);
}

/**
 * A one-pixel horizontal grid line at `y`, crisp on any pixel ratio.
 * @param {CanvasRenderingContext2D} g
 * @param {number} left
 * @param {number} width
 * @param {number} y
 */
export function hline(g, left, width, y) {
  g.beginPath();
  g.moveTo(left, Math.round(y) + 0.5);
  g.lineTo(left + width, Math.round(y) + 0.5);
  g.stroke();
}

/**
 * An axis title written vertically, centred on (x, y); `dir` -1 reads upwards, 1 downwards.
 * @param {CanvasRenderingContext2D} g
 * @param {string} text
 * @param {number} x
 * @param {number} y
 * @param {number} dir
 */
export function vtext(g, text, x, y, dir) {
  g.save();
  g.translate(x, y);
  g.rotate((dir * Math.PI) / 2);
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, 0, 0);
  g.restore();
}

/**
 * Runs `paint` clipped to a plot area (with a little room for line width).
 * @param {CanvasRenderingContext2D} g
 * @param {number} left
 * @param {number} top
 * @param {number} width
 * @param {number} height
 * @param {() => void} paint
 */
export function clipped(g, left, top, width, height, paint) {
  g.save();
  g.beginPath();
  g.rect(left, top - 2, width + 2, height + 4);
  g.clip();
  g.lineJoin = 'round';
  paint();
  g.restore();
}

/**
 * A vertical log scale for temperatures, mapped onto [top, top + height]: from the first of 1, 2
 * or 5 times a power of ten at or above `maxT`, down as many decades as reach `minT`: 1, 2 or at
 * most 4, so that the middle of the panel is a round number or no mark. A schedule that cools
 * from 100 to 30 fills half the panel rather than an eighth of four fixed decades; one that
 * freezes towards 0 gets all four; before any temperature (NaN) the scale is one decade below 1.
 * `rungs` are the panel's top, middle and bottom, each with its temperature's label, or '' where
 * the middle falls between decades.
 * @param {number} minT
 * @param {number} maxT
 * @param {number} top
 * @param {number} height
 * @returns {{y: (v: number) => number, rungs: {y: number, label: string}[]}}
 */
export function temperatureScale(minT, maxT, top, height) {
  const tTop = maxT > 0 ? roundUp(maxT) : 1;
  // A hair under a whole decade counts as that decade (100 down to exactly 1 is two).
  const span = minT > 0 ? Math.ceil(Math.log10(tTop / minT) - 1e-9) : minT === 0 ? Infinity : 1;
  const decades = span <= 1 ? 1 : span <= 2 ? 2 : 4;
  return {
    y: (v) => top + height * Math.min(1, Math.log10(tTop / Math.max(v, tTop * 1e-9)) / decades),
    rungs: [0, 0.5, 1].map((f) => {
      const d = f * decades;
      return { y: top + height * f, label: Number.isInteger(d) ? short(tTop / 10 ** d) : '' };
    }),
  };
}

/**
 * The first of 1, 2 or 5 times a power of ten at or above `v` (> 0).
 * @param {number} v
 */
function roundUp(v) {
  const p = 10 ** Math.floor(Math.log10(v));
  // Rounding in log10 may put p a step high or low; the loop settles it.
  for (const m of [0.5, 1, 2, 5, 10]) if (m * p >= v * (1 - 1e-12)) return m * p;
  return 10 * p;
}
