// A worker that cannot start (most often a Content-Security-Policy without this script's origin
// in worker-src, when a blog embeds the figures from another origin) fires only a bare `error`
// event, with no message the reader could act on. The code that starts workers reports it as
// workerFailed(event), a marked message, and the widget shows it with explainError(i18n, text):
// in the figure's language, with the origin the policy must allow.
// A data file a worker cannot fetch (the Transformer's model or corpus: another origin without
// CORS, a policy without connect-src, a file missing from the copy) is likewise a marked message,
// dataFailed, that explainError turns into embed-failure.js's text for that file.
import { dataFailureText, offlineText } from './embed-failure.js';

const MARK = 'activation-lab:worker-failed';
const DATA_MARK = 'activation-lab:data-failed';

/**
 * The message for a worker's `error` event (its own text kept as the detail).
 * @param {{message?: string} | undefined} event  (an ErrorEvent, or the constructor's error)
 */
export const workerFailed = (event) => `${MARK} ${event?.message ?? ''}`.trim();

/**
 * Whether a message is a workerFailed one.
 * @param {unknown} message
 */
export const isWorkerFailure = (message) => String(message).startsWith(MARK);

/**
 * The marked message for a data file that could not be fetched.
 * @param {URL} url
 * @param {number} status the HTTP status, 0 when no answer came
 * @param {string} detail the browser's own words
 */
const dataFailed = (url, status, detail) =>
  `${DATA_MARK} ${JSON.stringify({ url: url.href, status, detail })}`;

/**
 * The response for a data file fetched relative to `base`; a failure rejects with a dataFailed
 * message.
 * @param {string} path
 * @param {string | URL} base
 */
async function fetchOk(path, base) {
  const url = new URL(path, base);
  /** @type {Response} */
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new Error(dataFailed(url, 0, messageOf(err)));
  }
  if (!response.ok) throw new Error(dataFailed(url, response.status, `HTTP ${response.status}`));
  return response;
}

/**
 * A data file as text, fetched relative to `base`; a failure rejects with a dataFailed message.
 * @param {string} path
 * @param {string | URL} base
 */
export const fetchData = async (path, base) => (await fetchOk(path, base)).text();

/**
 * A binary data file (the image subset), as fetchData.
 * @param {string} path
 * @param {string | URL} base
 */
export const fetchBytes = async (path, base) =>
  new Uint8Array(await (await fetchOk(path, base)).arrayBuffer());

/**
 * The reader's text, in `lang`, for a dataFailed message; null for any other message.
 * @param {'en' | 'pt'} lang
 * @param {unknown} message
 */
export function explainDataFailure(lang, message) {
  if (!String(message).startsWith(DATA_MARK)) return null;
  const failure = JSON.parse(String(message).slice(DATA_MARK.length));
  return dataFailureText(lang, {
    ...failure,
    pageOrigin: location.origin,
    online: globalThis.navigator?.onLine !== false,
  });
}

/**
 * A message for the reader: a marked worker failure becomes the localised CSP hint, a marked data
 * failure the file's own explanation (in the language of `i18n`).
 * @param {{t: (key: string, vars?: import('./types').I18nVars) => string, language: () => string}} i18n
 * @param {string} message
 */
export function explainError(i18n, message) {
  const data = explainDataFailure(i18n.language() === 'pt' ? 'pt' : 'en', message);
  if (data) return data;
  if (!isWorkerFailure(message)) return message;
  // Offline, a worker's script missing from the offline copy is the network's fault, not a policy's.
  const lang = i18n.language() === 'pt' ? 'pt' : 'en';
  if (globalThis.navigator?.onLine === false) return offlineText(lang, 'worker');
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
