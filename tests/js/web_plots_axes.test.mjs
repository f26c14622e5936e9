// Tick labels stay inside their plot (a phone's narrow canvas clipped "1500" to "500"), checked
// on the pure layout rule and on a whole line plot drawn through the build's SVG context, whose
// measureText the layout itself used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitLabel, plotBox } from '../../web/js/plots/axes.js';
import { drawLinePlot } from '../../web/js/plots/line-plot.js';
import { createSvgContext, asCanvas } from '../../web/ship/pictures/svg-context.mjs';
import { PICTURE_THEME } from '../../web/ship/pictures/theme.mjs';

test('fitLabel keeps a label inside [lo, hi], centred or right-aligned where there is room', () => {
  assert.equal(fitLabel(100, 20, 'center', 0, 300), 90);
  assert.equal(fitLabel(39, 30, 'right', 0, 300), 9);
  assert.equal(fitLabel(39, 50, 'right', 0, 300), 0); // "1500" against a 44 px margin
  assert.equal(fitLabel(295, 30, 'center', 0, 300), 270); // the last x tick
  assert.equal(fitLabel(5, 30, 'center', 0, 300), 0);
  assert.equal(fitLabel(10, 400, 'center', 0, 300), 0); // wider than the room: starts at lo
});

test('plotBox: the area inside the margins, shared by the line plot, histogram and profile', () => {
  const margin = { top: 10, right: 12, bottom: 22, left: 44 };
  assert.deepEqual(plotBox(375, 200, margin), { x: 44, y: 10, w: 375 - 44 - 12, h: 200 - 10 - 22 });
});

test('a 375 px line plot up to 1500 draws every tick label whole inside the canvas', () => {
  const w = 343,
    h = 220;
  const ctx = createSvgContext(w, h);
  drawLinePlot(
    asCanvas(ctx),
    w,
    h,
    {
      series: [{ xs: [0, 1500], ys: [0, 1500], color: 'gelu' }],
      marks: [],
      cursor: null,
      xDomain: [0, 1500],
      yDomain: [0, 1500],
      fmt: (v, d) => v.toFixed(d),
    },
    PICTURE_THEME,
  );
  const svg = ctx.svg();
  const labels = [
    ...svg.matchAll(
      /<text x="([\d.-]+)"[^>]*font-size:(\d+)px[^>]*text-anchor="(\w+)"[^>]*>([^<]*)</g,
    ),
  ];
  assert.ok(
    labels.some((m) => m[4] === '1500'),
    'a 1500 tick',
  );
  for (const [, x, size, anchor, text] of labels) {
    const width = ctx.measureText(text).width;
    assert.ok(Number(size) > 0);
    const left =
      anchor === 'middle'
        ? Number(x) - width / 2
        : anchor === 'end'
          ? Number(x) - width
          : Number(x);
    assert.ok(
      left >= 0 && left + width <= w + 1e-9,
      `"${text}" spans ${left}..${left + width} of ${w}`,
    );
  }
});
