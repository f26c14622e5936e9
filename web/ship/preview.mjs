// The link-preview image (Open Graph / Twitter card), drawn at build time from a real run of the
// core: the same WASM module trains a ReLU and a GELU network on the article's moons (its default
// data and network, fewer epochs to keep the build quick), and each panel shows one network's
// decision boundary with the test points, as the twin lab draws them. Light palette of the page.
// The same picture and the two runs' histories are the twin lab's no-script picture (pictures/).
import { boundsOf } from '../js/shared/bounds.js';
import { encodePng } from './encode.mjs';

export const PREVIEW = { width: 1200, height: 630, path: 'img/preview.png', epochs: 40 };
const EPOCHS = PREVIEW.epochs;
const PALETTE = { bg: [255, 255, 255], class0: [0xe7, 0x6f, 0x51], class1: [0x2a, 0x6f, 0xb0] };
/**
 * @param {number[]} a
 * @param {number[]} b
 * @param {number} t
 */
const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/**
 * Trains one network to the end: its test points, P(class 1) on an n×n grid over bounds and its
 * history (EpochStats[]).
 * @param {import('../js/shared/types').ActivationLab} M
 * @param {import('../js/shared/types').ActivationName} activation
 * @param {number} n
 */
function run(M, activation, n) {
  const exp = new M.Experiment(JSON.stringify({ activation, epochs: EPOCHS }));
  try {
    if (exp.status() === 'invalid') throw new Error(`preview: ${exp.error()}`);
    while (exp.step());
    const train = Float32Array.from(exp.data('train'));
    const test = Float32Array.from(exp.data('test'));
    const bounds = boundsOf([train, test]);
    const grid = Float32Array.from(exp.grid(n, n, ...bounds));
    const history = /** @type {import('../js/shared/types').EpochStats[]} */ (
      JSON.parse(exp.historyJson())
    );
    return { test, bounds, grid, history, acc: JSON.parse(exp.evaluateJson('test')).acc };
  } finally {
    exp.delete();
  }
}

/**
 * The PNG bytes, the two runs' test accuracies and their histories.
 * @param {import('../js/shared/types').ActivationLab} M
 */
export function renderPreview(M) {
  const { width, height } = PREVIEW;
  const rgb = Buffer.alloc(width * height * 3, 255);
  const margin = 20,
    gap = 20;
  const size = Math.min((width - 2 * margin - gap) / 2, height - 2 * margin);
  const top = Math.round((height - size) / 2);
  /** @type {Record<string, number>} */
  const accs = {};
  /** @type {Record<string, import('../js/shared/types').EpochStats[]>} */
  const histories = {};
  /** @type {import('../js/shared/types').ActivationName[]} */ (['relu', 'gelu']).forEach(
    (activation, k) => {
      const n = Math.round(size);
      const { test, bounds, grid, acc, history } = run(M, activation, n);
      accs[activation] = acc;
      histories[activation] = history;
      const left = Math.round(
        margin + k * (size + gap) + (width - 2 * margin - gap - 2 * size) / 2,
      );
      /**
       * @param {number} x
       * @param {number} y
       * @param {number[]} color
       */
      const put = (x, y, color) => {
        if (x < 0 || y < 0 || x >= n || y >= n) return;
        rgb.set(color, ((top + y) * width + left + x) * 3);
      };
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const p = grid[j * n + i];
          const q = Number.isFinite(p) ? p : 0.5;
          const tint = mix(
            PALETTE.bg,
            q >= 0.5 ? PALETTE.class1 : PALETTE.class0,
            0.12 + 0.5 * Math.abs(2 * q - 1),
          );
          put(i, n - 1 - j, tint); // row 0 of the grid is ymin: the bottom of the picture
        }
      }
      const [xmin, xmax, ymin, ymax] = bounds;
      for (let t = 0; t < test.length; t += 3) {
        const cx = ((test[t] - xmin) / (xmax - xmin)) * (n - 1);
        const cy = (1 - (test[t + 1] - ymin) / (ymax - ymin)) * (n - 1);
        const color = test[t + 2] > 0.5 ? PALETTE.class1 : PALETTE.class0;
        for (let dy = -4; dy <= 4; dy++) {
          for (let dx = -4; dx <= 4; dx++) {
            const r2 = dx * dx + dy * dy;
            if (r2 <= 16)
              put(Math.round(cx + dx), Math.round(cy + dy), r2 >= 10 ? [255, 255, 255] : color);
          }
        }
      }
    },
  );
  return { png: encodePng(width, height, rgb), accs, histories };
}
