// The optimize view's live chart, drawn on a canvas: for each worker its best score (thick) and
// current score (thin) against boards scored, and for annealing the temperature (dashed, right
// axis). Colours come from the stylesheet's custom properties (score-chart.css), so dark mode
// just works.
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
    this.temperature = null;
    this.resize = new ResizeObserver(() => this.draw(true));
    this.resize.observe(this.el);
  }

  /** Clears the chart for a new run; `temperature` is T0 for annealing (right axis) or null. */
  reset({ temperature }) {
    this.series = [];
    this.temperature = temperature;
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
      ? p.samples.map((x) => [x.boards, x.current, x.best, x.temperature])
      : [[p.boards, p.current_score, p.best_score, p.temperature ?? 0]];
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
    const text = css.getPropertyValue('--muted').trim() || '#666';
    const grid = css.getPropertyValue('--border').trim() || '#ddd';
    const font = css.getPropertyValue('--font').trim() || 'sans-serif';

    const temp = this.temperature;
    const left = 52;
    const right = temp ? 52 : 16;
    const top = 10;
    const bottom = 42;
    const pw = Math.max(10, w - left - right);
    const ph = Math.max(10, h - top - bottom);

    let maxX = 0;
    let maxY = 0;
    for (const s of this.series) {
      if (!s?.length) continue;
      maxX = Math.max(maxX, s[s.length - 1][0]);
      for (const pt of s) maxY = Math.max(maxY, pt[1], pt[2]);
    }
    const xt = ticks(Math.max(maxX, 10), w < 500 ? 3 : 6);
    const yt = ticks(Math.max(maxY * 1.05, 10), ph < 160 ? 3 : 5);
    const xMax = xt[xt.length - 1];
    const yMax = yt[yt.length - 1];
    const X = (v) => left + (v / xMax) * pw;
    const Y = (v) => top + ph - (v / yMax) * ph;

    // Grid, ticks and axis titles.
    g.font = `12px ${font}`;
    g.lineWidth = 1;
    g.strokeStyle = grid;
    g.fillStyle = text;
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    for (const v of yt) {
      g.beginPath();
      g.moveTo(left, Math.round(Y(v)) + 0.5);
      g.lineTo(left + pw, Math.round(Y(v)) + 0.5);
      g.stroke();
      g.fillText(short(v), left - 6, Y(v));
    }
    g.textAlign = 'center';
    g.textBaseline = 'top';
    for (const v of xt) g.fillText(short(v), X(v), top + ph + 5);
    g.fillText('boards scored', left + pw / 2, top + ph + 22);
    g.save();
    g.translate(12, top + ph / 2);
    g.rotate(-Math.PI / 2);
    g.textBaseline = 'middle';
    g.fillText('score', 0, 0);
    g.restore();
    if (temp) {
      g.textAlign = 'left';
      g.textBaseline = 'middle';
      for (const v of ticks(temp, 4)) g.fillText(short(v), left + pw + 6, top + ph - (v / temp) * ph);
      g.save();
      g.translate(w - 10, top + ph / 2);
      g.rotate(Math.PI / 2);
      g.textAlign = 'center';
      g.fillText('temperature', 0, 0);
      g.restore();
    }

    // Lines: temperature (dashed), current (thin), best (thick), per worker.
    const line = (s, k, scale) => {
      g.beginPath();
      s.forEach((pt, n) => {
        const x = X(pt[0]);
        const y = top + ph - Math.min(1, pt[k] / scale) * ph;
        if (n) g.lineTo(x, y);
        else g.moveTo(x, y);
      });
      g.stroke();
    };
    g.save();
    g.beginPath();
    g.rect(left, top - 2, pw + 2, ph + 4);
    g.clip();
    g.lineJoin = 'round';
    this.series.forEach((s, i) => {
      if (!s?.length) return;
      const c = this.colour(i);
      g.strokeStyle = c;
      if (temp) {
        g.globalAlpha = 0.55;
        g.lineWidth = 1;
        g.setLineDash([4, 4]);
        line(s, 3, temp);
        g.setLineDash([]);
      }
      g.globalAlpha = 0.35;
      g.lineWidth = 1;
      line(s, 1, yMax);
      g.globalAlpha = 1;
      g.lineWidth = 2.5;
      line(s, 2, yMax);
    });
    g.restore();
  }

  destroy() {
    this.resize.disconnect();
  }
}
