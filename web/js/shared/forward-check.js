// A weight file can pass every check of its own (names, shapes, each value finite) and still be
// unusable: values near float32's largest (3e38) overflow in the first matrix product, and the
// model's outputs come out NaN or infinite (a sampler that prints only newlines, null losses).
// Whoever loads weights (the CLI's lm commands, the MLP swap's import, the Transformer's shipped
// files) runs the forward pass once and refuses such a model with this one message.

/**
 * '' when every loss of the model's forward pass is finite, else why the model is refused.
 * @param {Record<string, unknown>} losses  name -> loss (a JSON null stands for NaN or infinity)
 */
export function forwardFault(losses) {
  const bad = Object.keys(losses).filter((name) => !Number.isFinite(losses[name]));
  if (!bad.length) return '';
  return `its forward pass is not finite (${bad.join(', ')}: ${bad.map((n) => String(losses[n] ?? 'NaN or infinity')).join(', ')}): the weights are too large for float32 arithmetic`;
}

/**
 * forwardFault of a Transformer (LmExperiment) whose weights just loaded: its training and
 * validation losses, now.
 * @param {{evaluateJson(): string}} e
 */
export function lmForwardFault(e) {
  const { train_loss, val_loss } = JSON.parse(e.evaluateJson());
  return forwardFault({ train_loss, val_loss });
}

/**
 * forwardFault of an MLP (Experiment) whose weights just loaded: its training and validation
 * losses, now.
 * @param {{evaluateJson(which: 'train' | 'val'): string}} e
 */
export function mlpForwardFault(e) {
  const loss = (/** @type {'train' | 'val'} */ which) => JSON.parse(e.evaluateJson(which)).loss;
  return forwardFault({ train_loss: loss('train'), val_loss: loss('val') });
}
