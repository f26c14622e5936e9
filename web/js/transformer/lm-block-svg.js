// The drawing of one Transformer block as an SVG string (pure: no DOM, testable in Node). Top to
// bottom: embeddings, the block (LayerNorm, attention with its softmax, residual; LayerNorm, the FFN
// with its activation, residual), the final LayerNorm and the output softmax. The parts the article
// talks about carry a class (lm-softmax, lm-norm, lm-act) that the stylesheet colours, and every
// box has a <title>; the whole drawing is one labelled image (title + desc) for screen readers.
// Sizes come from the model's configuration (the core's), labels from the i18n tables.

const W = 340,
  X = 40,
  BW = 180, // box left and width; the notes on the right get the rest
  BH = 28;

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** @param {unknown} s */
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ENTITIES[c]);

/**
 * @param {number} y
 * @param {string} label
 * @param {{cls?: string, tip?: string, data?: string}} [options]
 */
function box(y, label, { cls = '', tip = label, data = '' } = {}) {
  return `<g class="lm-box ${cls}"${data ? ` data-part="${data}"` : ''}><title>${esc(tip)}</title>
    <rect x="${X}" y="${y}" width="${BW}" height="${BH}" rx="6"/>
    <text x="${X + BW / 2}" y="${y + BH / 2}" dominant-baseline="central" text-anchor="middle">${esc(label)}</text></g>`;
}

/**
 * @param {number} y1
 * @param {number} y2
 */
const arrow = (y1, y2, x = X + BW / 2) =>
  `<line class="lm-flow" x1="${x}" y1="${y1}" x2="${x}" y2="${y2 - 3}" marker-end="url(#lm-arrow)"/>`;

/** @param {number} y */
function plus(y) {
  const cx = X + BW / 2;
  return `<g class="lm-add"><circle cx="${cx}" cy="${y}" r="9"/><path d="M${cx - 5} ${y}h10M${cx} ${y - 5}v10"/></g>`;
}

/**
 * A residual path: leaves the main line at y1, runs down the left margin, joins the ⊕ at y2.
 * @param {number} y1
 * @param {number} y2
 */
const skip = (y1, y2) =>
  `<path class="lm-skip" d="M${X + BW / 2} ${y1}H${X - 22}V${y2}H${X + BW / 2 - 12}" marker-end="url(#lm-arrow)"/>`;

/**
 * t(key, vars): the i18n lookup; model: { d, ffn, heads, layers, ctx, activation } where
 * activation is the display name of the FFN activation. Returns the <svg> markup.
 * @param {(key: string, vars?: import('../shared/types').I18nVars) => string} t
 * @param {{d: number, ffn: number, heads: number, layers: number, ctx: number, activation: string}} model
 */
export function blockSvg(t, model) {
  const y = {
    emb: 8,
    ln1: 70,
    att: 118,
    add1: 178,
    ln2: 206,
    w1: 270,
    act: 310,
    w2: 350,
    add2: 406,
    lnf: 448,
    out: 496,
  };
  const H = y.out + BH + 8;
  const v = { ...model };
  const parts = [
    box(y.emb, t('lm.svg_embed'), { tip: t('lm.svg_embed_tip', v) }),
    arrow(y.emb + BH, y.ln1),
    `<rect class="lm-frame" x="${X - 32}" y="${y.ln1 - 22}" width="${W - X + 28}" height="${y.add2 - y.ln1 + 40}" rx="10"/>`,
    `<text class="lm-frame-label" x="${W - 10}" y="${y.ln1 - 9}" text-anchor="end">${esc(t('lm.svg_block', v))}</text>`,
    box(y.ln1, t('lm.svg_ln'), { cls: 'lm-norm', tip: t('lm.svg_ln_tip') }),
    arrow(y.ln1 + BH, y.att),
    // Attention: a taller box, its softmax drawn as an inner pill.
    `<g class="lm-box lm-attn" data-part="attention"><title>${esc(t('lm.svg_attn_tip', v))}</title>
      <rect x="${X}" y="${y.att}" width="${BW}" height="${BH + 22}" rx="6"/>
      <text x="${X + BW / 2}" y="${y.att + 12}" dominant-baseline="central" text-anchor="middle">${esc(t('lm.svg_attn', v))}</text></g>`,
    `<g class="lm-box lm-softmax" data-part="softmax"><title>${esc(t('lm.svg_softmax_tip'))}</title>
      <rect x="${X + 34}" y="${y.att + 24}" width="${BW - 68}" height="20" rx="10"/>
      <text x="${X + BW / 2}" y="${y.att + 34}" dominant-baseline="central" text-anchor="middle">${esc(t('lm.svg_softmax'))}</text></g>`,
    arrow(y.att + BH + 22, y.add1 - 9),
    plus(y.add1),
    skip(y.ln1 - 8, y.add1),
    arrow(y.add1 + 9, y.ln2),
    box(y.ln2, t('lm.svg_ln'), { cls: 'lm-norm', tip: t('lm.svg_ln2_tip'), data: 'ln2' }),
    `<text class="lm-note" x="${X + BW + 8}" y="${y.ln2 + BH / 2}" dominant-baseline="central">${esc(t('lm.svg_unit'))}</text>`,
    `<rect class="lm-ffn" x="${X - 8}" y="${y.w1 - 22}" width="${BW + 16}" height="${y.w2 + BH - y.w1 + 30}" rx="8"/>`,
    `<text class="lm-frame-label" x="${X - 2}" y="${y.w1 - 10}">${esc(t('lm.svg_ffn'))}</text>`,
    arrow(y.ln2 + BH, y.w1),
    box(y.w1, t('lm.svg_linear', { from: v.d, to: v.ffn }), { tip: t('lm.svg_w1_tip', v) }),
    arrow(y.w1 + BH, y.act),
    box(y.act, v.activation, { cls: 'lm-act', tip: t('lm.svg_act_tip', v), data: 'activation' }),
    `<text class="lm-note lm-note-act" x="${X + BW + 8}" y="${y.act + BH / 2}" dominant-baseline="central">${esc(t('lm.svg_here'))}</text>`,
    arrow(y.act + BH, y.w2),
    box(y.w2, t('lm.svg_linear', { from: v.ffn, to: v.d }), { tip: t('lm.svg_w2_tip', v) }),
    arrow(y.w2 + BH, y.add2 - 9),
    plus(y.add2),
    skip(y.add1 + 14, y.add2),
    arrow(y.add2 + 9, y.lnf),
    box(y.lnf, t('lm.svg_lnf'), { cls: 'lm-norm', tip: t('lm.svg_ln_tip') }),
    arrow(y.lnf + BH, y.out),
    box(y.out, t('lm.svg_out'), { cls: 'lm-softmax', tip: t('lm.svg_out_tip') }),
  ];
  return `<svg class="lm-svg" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="lm-svg-title lm-svg-desc" focusable="false">
  <title id="lm-svg-title">${esc(t('lm.svg_title', v))}</title>
  <desc id="lm-svg-desc">${esc(t('lm.svg_desc', v))}</desc>
  <defs><marker id="lm-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L8 4L0 8z"/></marker></defs>
  ${parts.join('\n  ')}
</svg>`;
}
