// Text formats of the lab's results, pure (no DOM), so that Node tests can check them: CSV,
// file names and the PyTorch snippet that loads exported weights (the layer widths of a state_dict
// file are the core's to read: stateDictHiddenJson). export.js turns them into downloads.

/** @param {unknown} v */
const csvCell = (v) => {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  const s = String(v); // numbers in full precision (shortest round-trip form)
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * CSV text of rows (objects) with the given columns, full precision, '.' decimals.
 * @param {{[column: string]: unknown}[]} rows
 * @param {string[]} columns
 */
export function toCsv(rows, columns) {
  return (
    [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join(
      '\n',
    ) + '\n'
  );
}

/**
 * The PyTorch module of each MLP activation (the core's activationNames(); a test holds that every
 * one is here).
 * @type {Readonly<Record<string, string>>}
 */
export const TORCH_ACT = Object.freeze({
  relu: 'nn.ReLU()',
  gelu: 'nn.GELU()',
  gelu_tanh: "nn.GELU(approximate='tanh')",
  silu: 'nn.SiLU()',
  elu: 'nn.ELU()',
  identity: 'nn.Identity()',
});

/**
 * Python that rebuilds the lab's network in PyTorch and loads an exported state_dict file.
 * @param {number[]} hidden
 * @param {string} activation
 * @param {string} filename
 */
export function torchSnippet(hidden, activation, filename) {
  // A name without a module here would load the weights under another function: refuse it.
  if (!Object.hasOwn(TORCH_ACT, activation))
    throw new Error(
      `torchSnippet: no PyTorch module for the activation ${JSON.stringify(activation)} (known: ${Object.keys(TORCH_ACT).join(', ')})`,
    );
  const widths = [2, ...hidden, 1];
  const layers = [];
  for (let i = 0; i + 1 < widths.length; i++) {
    layers.push(`nn.Linear(${widths[i]}, ${widths[i + 1]})`);
    if (i + 2 < widths.length) layers.push(TORCH_ACT[activation]);
  }
  return [
    'import json, torch',
    'from torch import nn',
    '',
    `model = nn.Sequential(${layers.join(', ')})`,
    `with open(${JSON.stringify(filename)}) as f:`,
    '    state = json.load(f)',
    'model.load_state_dict({k: torch.tensor(v) for k, v in state.items()})',
    'model.eval()',
    '# P(class 1) of a point: torch.sigmoid(model(torch.tensor([[x0, x1]])))',
  ].join('\n');
}

/** A file name with the current date and time, e.g. activation-lab-seeds-20260129-0930.csv */
/**
 * @param {string} stem
 * @param {string} ext
 */
export function stampedName(stem, ext) {
  const d = new Date(),
    p = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `activation-lab-${stem}-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}.${ext}`;
}
