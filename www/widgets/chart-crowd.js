// Canvas drawing for a chart whose runs are too narrow to follow one by one: summaries per
// pixel column instead of every run's own line, each drawn with a bounded number of paths and
// rectangles however many runs there were. Shading of where runs ended (chart-bins.js), a band
// over the range a value swept, and a line through a value's mean over a few columns.

/**
 * Shades each cell of `cells` in the current fill colour, at an opacity that grows with its
 * shade (0 to 1, see chart-bins.js `shades`) up to `most`. Cells are grouped into a few levels
 * of opacity, one path each, so a plot full of cells costs a handful of fills.
 * @param {CanvasRenderingContext2D} g
 * @param {import('./chart-bins.js').Cells} cells
 * @param {Float64Array} shade one per cell, 0 (not drawn) to 1
 * @param {number} left x of pixel column 0
 * @param {(v: number) => number} y pixel row of a score
 * @param {number} [most] the opacity of the darkest level
 * @param {number} [levels] levels of opacity
 */
export function shadeCells(g, cells, shade, left, y, most = 0.55, levels = 6) {
  const { cols, rows, cellWidth, height } = cells;
  const alpha = g.globalAlpha;
  for (let level = 1; level <= levels; level++) {
    g.beginPath();
    let any = false;
    for (let c = 0; c < cols; c++) {
      for (let r = 0; r < rows; r++) {
        const s = shade[c * rows + r];
        if (!s || Math.min(levels, Math.ceil(s * levels)) !== level) continue;
        const top = y((r + 1) * height);
        g.rect(left + c * cellWidth, top, cellWidth, y(r * height) - top);
        any = true;
      }
    }
    if (!any) continue;
    g.globalAlpha = alpha * most * (level / levels);
    g.fill();
  }
  g.globalAlpha = alpha;
}

/**
 * Fills the range each pixel column's values swept, from its smallest to its largest, in the
 * current fill colour: one area per stretch of columns that hold points, so a value that sweeps
 * the same range in every short run is a light band, not a comb of lines drawn over each other.
 * @param {CanvasRenderingContext2D} g
 * @param {import('./chart-buckets.js').Columns} cols
 * @param {number} left x of column 0
 * @param {(v: number) => number} y pixel row of a value
 */
export function band(g, cols, left, y) {
  const n = cols.min.length;
  g.beginPath();
  for (let c = 0; c < n; ) {
    if (Number.isNaN(cols.min[c])) {
      c++;
      continue;
    }
    let end = c;
    while (end + 1 < n && !Number.isNaN(cols.min[end + 1])) end++;
    // Along the top edge, back along the bottom; a lone column is a one-pixel sliver.
    g.moveTo(left + c, y(cols.max[c]));
    for (let k = c; k <= end; k++) g.lineTo(left + k + 1, y(cols.max[k]));
    for (let k = end; k >= c; k--) g.lineTo(left + k + (k === end ? 1 : 0), y(cols.min[k]));
    g.closePath();
    c = end + 1;
  }
  g.fill();
}

/**
 * The mean of each pixel column's values taken over the columns within `radius` of it (their
 * sums over their counts), at the columns that hold values (NaN elsewhere): many short runs'
 * averages vary from run to run, and the mean over a few columns is the level they keep.
 * @param {import('./chart-buckets.js').Columns} cols
 * @param {number} radius columns either side
 * @returns {Float64Array}
 */
export function windowMeans(cols, radius) {
  const n = cols.count.length;
  const out = new Float64Array(n).fill(NaN);
  let sum = 0;
  let count = 0;
  // A sliding window: add the column entering on the right, drop the one leaving on the left.
  for (let c = -radius; c < n; c++) {
    const enter = c + radius;
    if (enter < n) {
      sum += cols.sum[enter];
      count += cols.count[enter];
    }
    const leave = c - radius - 1;
    if (leave >= 0) {
      sum -= cols.sum[leave];
      count -= cols.count[leave];
    }
    if (c >= 0 && cols.count[c] > 0 && count > 0) out[c] = sum / count;
  }
  return out;
}

/**
 * Strokes a line through `values` (one per pixel column, NaN: none), straight across the
 * columns without one, in the current stroke style.
 * @param {CanvasRenderingContext2D} g
 * @param {Float64Array} values
 * @param {number} left x of column 0
 * @param {(v: number) => number} y pixel row of a value
 */
export function line(g, values, left, y) {
  g.beginPath();
  let started = false;
  for (let c = 0; c < values.length; c++) {
    const v = values[c];
    if (Number.isNaN(v)) continue;
    if (started) g.lineTo(left + c + 0.5, y(v));
    else g.moveTo(left + c + 0.5, y(v));
    started = true;
  }
  g.stroke();
}
