// A decision boundary: the network's class-1 probability over a grid as a smooth heat map, the
// 0.5 level as a line (marching squares) and the data points on top: training points filled,
// test points as rings. Optionally, thin outlines of the regions where the hidden units' on/off
// pattern is constant (js/pieces.js), at their own grid resolution.
import { createCanvas, theme } from './canvas.js';
import { boundaryCorners, patternEdges } from '../pieces.js';

function rgb(color) {
  const m = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(color.trim());
  return m ? m.slice(1).map((h) => parseInt(h, 16)) : [128, 128, 128];
}
const MAX_POINTS = 4000;
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/** Segments of the p = 0.5 line across an n×n grid (row 0 = ymin), in grid coordinates. */
function contour(grid, n, level = 0.5) {
  const segs = [];
  const at = (i, j) => grid[j * n + i] - level;
  const cross = (x0, y0, v0, x1, y1, v1) => {
    const t = v0 / (v0 - v1);
    return [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
  };
  for (let j = 0; j < n - 1; j++) {
    for (let i = 0; i < n - 1; i++) {
      const v = [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)];
      const c = [
        [i, j],
        [i + 1, j],
        [i + 1, j + 1],
        [i, j + 1],
      ];
      const pts = [];
      for (let k = 0; k < 4; k++) {
        const a = v[k],
          b = v[(k + 1) % 4];
        if (a < 0 !== b < 0) pts.push(cross(...c[k], a, ...c[(k + 1) % 4], b));
      }
      if (pts.length === 2) segs.push(pts);
      else if (pts.length === 4) segs.push([pts[0], pts[1]], [pts[2], pts[3]]); // saddle: either pairing is fine at this scale
    }
  }
  return segs;
}

export function createBoundary(parent) {
  let data = null,
    bounds = [-2, 3, -2, 2],
    grid = null,
    n = 0,
    outlines = null; // { segs, corners, n } in pattern-grid coordinates
  const image = document.createElement('canvas');

  function paintImage(t) {
    image.width = n;
    image.height = n;
    const ictx = image.getContext('2d');
    const pixels = ictx.createImageData(n, n);
    const bg = rgb(t.bg),
      c0 = rgb(t.class0),
      c1 = rgb(t.class1);
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const p = grid[j * n + i];
        const q = Number.isFinite(p) ? p : 0.5;
        const [r, g, b] = mix(bg, q >= 0.5 ? c1 : c0, 0.12 + 0.5 * Math.abs(2 * q - 1));
        const o = ((n - 1 - j) * n + i) * 4; // row 0 is ymin: the bottom of the picture
        pixels.data[o] = r;
        pixels.data[o + 1] = g;
        pixels.data[o + 2] = b;
        pixels.data[o + 3] = 255;
      }
    }
    ictx.putImageData(pixels, 0, 0);
  }

  // The points never change during a run: paint them once per data, size and colour scheme, then
  // copy that layer on every frame (thousands of arcs per frame would stall the page).
  let layer = null,
    layerKey = '';
  function pointsLayer(t, w, h) {
    const dpr = window.devicePixelRatio || 1;
    const key = `${w}x${h}@${dpr} ${t.class0} ${t.class1} ${t.bg}`;
    if (layer && layerKey === key) return layer;
    layer ??= document.createElement('canvas');
    layer.width = Math.round(w * dpr);
    layer.height = Math.round(h * dpr);
    layerKey = key;
    const ctx = layer.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const [x0, x1, y0, y1] = bounds;
    const px = (x) => ((x - x0) / (x1 - x0)) * w;
    const py = (y) => h - ((y - y0) / (y1 - y0)) * h;
    const r = Math.max(1.6, Math.min(3.2, w / 160));
    const colors = [t.class0, t.class1];
    // Beyond MAX_POINTS, every stride-th point of each split: a board a few hundred pixels wide
    // shows no more, and 100,000 arcs would hold the main thread for over a second.
    const total = ['train', 'val', 'test'].reduce((sum, k) => sum + (data[k]?.length ?? 0) / 3, 0);
    const stride = 3 * Math.max(1, Math.ceil(total / MAX_POINTS));
    for (const [which, ring] of [
      ['train', false],
      ['val', false],
      ['test', true],
    ]) {
      const d = data[which];
      if (!d) continue;
      // One path per class and split, filled and stroked once: thousands of separate
      // fill/stroke calls cost the main thread hundreds of milliseconds to raster.
      const paths = [new Path2D(), new Path2D()],
        rr = ring ? r + 0.6 : r;
      for (let k = 0; k < d.length; k += stride) {
        const cx = px(d[k]),
          cy = py(d[k + 1]),
          path = paths[d[k + 2] > 0.5 ? 1 : 0];
        path.moveTo(cx + rr, cy);
        path.arc(cx, cy, rr, 0, 2 * Math.PI);
      }
      paths.forEach((path, c) => {
        if (ring) {
          ctx.fillStyle = t.bg;
          ctx.fill(path);
          ctx.lineWidth = 1.6;
          ctx.strokeStyle = colors[c];
          ctx.stroke(path);
        } else {
          ctx.fillStyle = colors[c];
          ctx.fill(path);
          ctx.lineWidth = 0.7;
          ctx.strokeStyle = t.bg;
          ctx.stroke(path);
        }
      });
    }
    return layer;
  }

  function draw(ctx, w, h) {
    const t = theme();
    ctx.fillStyle = t.bgSoft;
    ctx.fillRect(0, 0, w, h);
    if (grid) {
      paintImage(t);
      ctx.imageSmoothingEnabled = true;
      // Grid values sit on cell centres of the image: stretch so centres land on the bounds.
      const sx = w / (n - 1),
        sy = h / (n - 1);
      ctx.drawImage(image, -sx / 2, -sy / 2, w + sx, h + sy);
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 1.5;
      ctx.globalAlpha = 0.75;
      ctx.beginPath();
      for (const [[ax, ay], [bx, by]] of contour(grid, n)) {
        ctx.moveTo(ax * sx, h - ay * sy);
        ctx.lineTo(bx * sx, h - by * sy);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    if (outlines) {
      const ox = w / (outlines.n - 1),
        oy = h / (outlines.n - 1);
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 0.7;
      ctx.globalAlpha = 0.22;
      ctx.beginPath();
      for (const [[ax, ay], [bx, by]] of outlines.segs) {
        ctx.moveTo(ax * ox, h - ay * oy);
        ctx.lineTo(bx * ox, h - by * oy);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.fillStyle = t.fg;
      ctx.strokeStyle = t.bg;
      ctx.lineWidth = 1;
      for (const [x, y] of outlines.corners) {
        ctx.beginPath();
        ctx.arc(x * ox, h - y * oy, 2.2, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
      }
    }
    if (data) ctx.drawImage(pointsLayer(t, w, h), 0, 0, w, h);
    ctx.strokeStyle = t.rule;
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, 0.5, w - 1, h - 1);
  }

  const aspect = () => (bounds[3] - bounds[2]) / (bounds[1] - bounds[0]);
  const surface = createCanvas(parent, { height: (w) => w * aspect(), draw });
  return {
    canvas: surface.canvas,
    /** Points (x0, x1, label triples per split) and the plotted region [xmin, xmax, ymin, ymax]. */
    setData(points, box) {
      data = points;
      bounds = box;
      grid = null;
      outlines = null;
      layerKey = '';
      surface.relayout();
    },
    setGrid(values, size) {
      grid = values;
      n = size;
      surface.redraw();
    },
    /**
     * Outlines where the on/off pattern (core patternGrid, size × size) changes, and with
     * `corners` dots where the decision boundary (the current grid, same size) crosses into
     * another region; null hides them.
     */
    setPatterns(patterns, size, corners = false) {
      outlines = patterns
        ? {
            segs: patternEdges(patterns, size),
            corners: corners && grid && n === size ? boundaryCorners(grid, patterns, size) : [],
            n: size,
          }
        : null;
      surface.redraw();
    },
    destroy: () => surface.destroy(),
  };
}
