// A worker that cannot start (most often a Content-Security-Policy without this script's origin
// in worker-src, when a blog embeds the figures from another origin) fires only a bare `error`
// event, with no message the reader could act on. The code that starts workers reports it as
// workerFailed(event), a marked message, and the widget shows it with explainError(i18n, text):
// in the figure's language, with the origin the policy must allow.
const MARK = 'activation-lab:worker-failed';

/**
 * The message for a worker's `error` event (its own text kept as the detail).
 * @param {ErrorEvent | undefined} event
 */
export const workerFailed = (event) => `${MARK} ${event?.message ?? ''}`.trim();

/**
 * Whether a message is a workerFailed one.
 * @param {unknown} message
 */
export const isWorkerFailure = (message) => String(message).startsWith(MARK);

/**
 * A message for the reader: a marked worker failure becomes the localised CSP hint.
 * @param {{t: (key: string, vars?: import('./types').I18nVars) => string}} i18n
 * @param {string} message
 */
export function explainError(i18n, message) {
  if (!isWorkerFailure(message)) return message;
  const detail = String(message).slice(MARK.length).trim();
  const origin = new URL(import.meta.url).origin;
  return i18n.t('common.worker_failed', { origin: origin === 'null' ? 'blob:' : origin, detail });
}

/**
 * The message of a caught value: an Error's message, or the value as text (a throw of a string,
 * which `err.message` would print as "undefined").
 * @param {unknown} err
 */
export const messageOf = (err) => (err instanceof Error ? err.message : String(err));
