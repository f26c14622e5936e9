// Getting results out of the page: files the reader downloads (CSV, JSON, PNG) and the PyTorch
// snippet that loads exported weights. Everything is made in the browser; nothing is uploaded.
import { theme } from './plots/canvas.js';

/** Saves a Blob (or text) as a file through a temporary link. */
export function download(filename, content, type = 'text/plain;charset=utf-8') {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started once click() returns; keep the URL a moment for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

const csvCell = (v) => {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  const s = typeof v === 'number' ? String(v) : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** CSV text of rows (objects) with the given columns, full precision, '.' decimals. */
export function toCsv(rows, columns) {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\n') + '\n';
}

/**
 * A plot canvas as a PNG Blob. The canvases are transparent (the page shows through), so the
 * picture is composed on the page background: a dark-mode plot stays readable in a file.
 */
export function canvasPng(canvas) {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d');
  ctx.fillStyle = theme().bg || '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return new Promise((ok, fail) => out.toBlob((b) => (b ? ok(b) : fail(new Error('PNG encoding failed'))), 'image/png'));
}

export async function downloadPng(canvas, filename) {
  download(filename, await canvasPng(canvas));
}

const TORCH_ACT = {
  relu: 'nn.ReLU()',
  gelu: 'nn.GELU()',
  gelu_tanh: "nn.GELU(approximate='tanh')",
  silu: 'nn.SiLU()',
  identity: 'nn.Identity()',
};

/** Python that rebuilds the lab's network in PyTorch and loads an exported state_dict file. */
export function torchSnippet(hidden, activation, filename) {
  const widths = [2, ...hidden, 1];
  const layers = [];
  for (let i = 0; i + 1 < widths.length; i++) {
    layers.push(`nn.Linear(${widths[i]}, ${widths[i + 1]})`);
    if (i + 2 < widths.length) layers.push(TORCH_ACT[activation] ?? TORCH_ACT.gelu);
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
export function stampedName(stem, ext) {
  const d = new Date(), p = (n) => String(n).padStart(2, '0');
  return `activation-lab-${stem}-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}.${ext}`;
}
