// The optimize view's live chart, drawn on a canvas: for each worker its best score (thick) and
// current score (thin) against boards scored; for annealing a second panel below shares the
// x axis and shows each worker's temperature (dashed, log scale, left axis) and the share of
// proposals accepted (solid, right axis), so the hot, cooling and cold phases are visible.
// Colours come from the stylesheet's custom properties (score-chart.css), so dark mode just
// works.
import { loadCss } from '../lib/dom.js';

await loadCss(new URL('./score-chart.css', import.meta.url));

const MAX_POINTS = 1600;

/** Round tick values covering [0, max]: about `count` of them at 1, 2 or 5 times a power of 10. */
function ticks(max, count) {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
  const out = [];
  for (let v = 0; out.length < 2 || out[out.length - 1] < max - step * 1e-9; v += step) out.push(v);
  return out;
}

/** Short tick labels: 1500 -> 1.5k, 2000000 -> 2M. */
function short(v) {
  if (v >= 1e6) return `${+(v / 1e6).toFixed(2)}M`;
  if (v >= 1e3) return `${+(v / 1e3).toFixed(1)}k`;
  return String(+v.toFixed(2));
}

export class ScoreChart {
  constructor() {
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Chart of best and current score against boards scored, one colour per worker');
    this.el = document.createElement('div');
    this.el.className = 'score-chart';
    this.el.append(this.canvas);
    this.series = [];
    this.anneal = false;
    this.resize = new ResizeObserver(() => this.draw(true));
    this.resize.observe(this.el);
  }

  /** Clears the chart for a new run; `anneal` adds the temperature and acceptance panel. */
  reset({ anneal }) {
    this.series = [];
    this.anneal = Boolean(anneal);
    this.el.classList.toggle('score-chart-anneal', this.anneal);
    this.canvas.setAttribute(
      'aria-label',
      this.anneal
        ? 'Chart of best and current score against boards scored, and below it temperature and acceptance, one colour per worker'
        : 'Chart of best and current score against boards scored, one colour per worker',
    );
    this.draw(true);
  }

  /** The colour of worker `i`'s lines. */
  colour(i) {
    const css = getComputedStyle(this.el);
    const n = 8;
    return css.getPropertyValue(`--series-${(i % n) + 1}`).trim() || ['#1f6f5c', '#d9641e', '#5b6ad0', '#b3261e'][i % 4];
  }

  /** Adds a progress report of worker `i` (its detailed `samples` when it has them). */
  add(i, p) {
    let s = (this.series[i] ??= []);
    const points = p.samples?.length
      ? p.samples.map((x) => [x.boards, x.current, x.best, x.temperature, x.acceptance])
      : [[p.boards, p.current_score, p.best_score, p.temperature ?? 0, p.acceptance ?? 0]];
    for (const pt of points) {
      const last = s[s.length - 1];
      if (!last || last[0] !== pt[0] || last[1] !== pt[1]) s.push(pt);
    }
    while (s.length > MAX_POINTS) {
      // Halve the resolution, keeping the newest point.
      const kept = s.filter((_, k) => k % 2 === 0);
      if (kept[kept.length - 1] !== s[s.length - 1]) kept.push(s[s.length - 1]);
      s = this.series[i] = kept;
    }
    this.changed = true;
  }

  /** Redraws when something changed (or when forced, e.g. after a resize). */
  draw(force = false) {
    if (!force && !this.changed) return;
    this.changed = false;
    const dpr = window.devicePixelRatio || 1;
    const w = this.el.clientWidth;
    const h = this.el.clientHeight;
    if (!w || !h) return;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
    }
    const g = this.canvas.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    const css = getComputedStyle(this.el);
    const style = {
      text: css.getPropertyValue('--muted').trim() || '#666',
      grid: css.getPropertyValue('--border').trim() || '#ddd',
      font: css.getPropertyValue('--font').trim() || 'sans-serif',
    };
    g.font = `12px ${style.font}`;
    g.lineWidth = 1;

    const left = 52;
    const right = this.anneal ? 44 : 16;
    const top = 10;
    const bottom = 42;
    const pw = Math.max(10, w - left - right);
    const total = Math.max(20, h - top - bottom);
    // With annealing the lower 35% (less a gap) holds temperature and acceptance.
    const gap = this.anneal ? 14 : 0;
    const ph = this.anneal ? Math.round(total * 0.65) - gap : total;
    const lower = { top: top + ph + gap, h: total - ph - gap };

    let maxX = 0;
    let maxY = 0;
    let maxT = 0;
    for (const s of this.series) {
      if (!s?.length) continue;
      maxX = Math.max(maxX, s[s.length - 1][0]);
      for (const pt of s) {
        maxY = Math.max(maxY, pt[1], pt[2]);
        maxT = Math.max(maxT, pt[3]);
      }
    }
    const xt = ticks(Math.max(maxX, 10), w < 500 ? 3 : 6);
    const yt = ticks(Math.max(maxY * 1.05, 10), ph < 160 ? 3 : 5);
    const xMax = xt[xt.length - 1];
    const yMax = yt[yt.length - 1];
    const X = (v) => left + (v / xMax) * pw;
    const Y = (v) => top + ph - (v / yMax) * ph;
    const plotBottom = this.anneal ? lower.top + lower.h : top + ph;

    // Grid, ticks and axis titles.
    g.strokeStyle = style.grid;
    g.fillStyle = style.text;
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    for (const v of yt) {
      hline(g, left, pw, Y(v));
      g.fillText(short(v), left - 6, Y(v));
    }
    g.textAlign = 'center';
    g.textBaseline = 'top';
    for (const v of xt) g.fillText(short(v), X(v), plotBottom + 5);
    g.fillText('boards scored', left + pw / 2, plotBottom + 22);
    vtext(g, 'score', 12, top + ph / 2, -1);

    // Lines: current (thin) and best (thick), per worker.
    const line = (s, y) => {
      g.beginPath();
      s.forEach((pt, n) => {
        if (n) g.lineTo(X(pt[0]), y(pt));
        else g.moveTo(X(pt[0]), y(pt));
      });
      g.stroke();
    };
    const clip = (y0, hh, paint) => {
      g.save();
      g.beginPath();
      g.rect(left, y0 - 2, pw + 2, hh + 4);
      g.clip();
      g.lineJoin = 'round';
      paint();
      g.restore();
    };
    clip(top, ph, () => {
      this.series.forEach((s, i) => {
        if (!s?.length) return;
        g.strokeStyle = this.colour(i);
        g.globalAlpha = 0.35;
        g.lineWidth = 1;
        line(s, (pt) => Y(pt[1]));
        g.globalAlpha = 1;
        g.lineWidth = 2.5;
        line(s, (pt) => Y(pt[2]));
      });
    });
    if (!this.anneal) return;

    // Temperature on a log scale over four decades below the highest, acceptance 0-100%.
    const tTop = maxT > 0 ? 10 ** Math.ceil(Math.log10(maxT)) : 1;
    const decades = 4;
    const T = (v) => lower.top + lower.h * Math.min(1, Math.log10(tTop / Math.max(v, tTop * 1e-9)) / decades);
    const A = (v) => lower.top + lower.h * (1 - Math.min(1, Math.max(0, v)));
    g.strokeStyle = style.grid;
    g.fillStyle = style.text;
    for (let d = 0; d <= decades; d += 2) {
      const y = lower.top + (lower.h * d) / decades;
      hline(g, left, pw, y);
      g.textAlign = 'right';
      g.textBaseline = 'middle';
      g.fillText(short(tTop / 10 ** d), left - 6, y);
      g.textAlign = 'left';
      g.fillText(`${100 - (d / decades) * 100}%`, left + pw + 6, y);
    }
    vtext(g, 'T (log)', 12, lower.top + lower.h / 2, -1);
    vtext(g, 'accepted', w - 8, lower.top + lower.h / 2, 1);
    clip(lower.top, lower.h, () => {
      this.series.forEach((s, i) => {
        if (!s?.length) return;
        g.strokeStyle = this.colour(i);
        g.lineWidth = 1.5;
        g.globalAlpha = 0.9;
        g.setLineDash([5, 4]);
        line(s, (pt) => T(pt[3]));
        g.setLineDash([]);
        g.globalAlpha = 0.55;
        g.lineWidth = 1;
        line(s, (pt) => A(pt[4] ?? 0));
      });
    });
  }

  destroy() {
    this.resize.disconnect();
  }
}

/** A one-pixel horizontal grid line at `y`, crisp on any pixel ratio. */
function hline(g, left, width, y) {
  g.beginPath();
  g.moveTo(left, Math.round(y) + 0.5);
  g.lineTo(left + width, Math.round(y) + 0.5);
  g.stroke();
}

/** An axis title written vertically, centred on (x, y); `dir` -1 reads upwards, 1 downwards. */
function vtext(g, text, x, y, dir) {
  g.save();
  g.translate(x, y);
  g.rotate((dir * Math.PI) / 2);
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, 0, 0);
  g.restore();
}
