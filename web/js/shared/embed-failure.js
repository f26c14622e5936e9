// What an embedded figure says, inside its own box, when it cannot load: which part failed (its
// scripts, its text, the WebAssembly core, a background thread, its data), from which origin, and
// what the host must do about it. These few strings live here, in code, not in i18n/: they must
// show when the strings themselves could not be fetched (a host that refuses CORS refuses those
// too). The same advice, shorter, is the fallback text inside each element of the embed snippets
// (fallbackTexts, for embed-dialog.js): a neutral loading line the browser shows until the element
// is defined, and the advice, shown only once activation-lab.js truly failed (its error event, or
// still undefined after 30 s: web/activation-lab-fallback.js), so that a slow connection never
// flashes a failure.

/** @typedef {'script' | 'strings' | 'core' | 'worker' | 'data'} FailedPart */

const TEXT = {
  en: {
    part: {
      script: 'its scripts',
      strings: 'its text',
      core: 'the WebAssembly core',
      worker: 'its background thread (a Web Worker)',
      data: 'its data',
    },
    failed: 'This Activation Lab figure could not load {part} from {origin}.',
    crossOrigin:
      'The server at {origin} must send the header Access-Control-Allow-Origin (for example *), and if this page sets a Content-Security-Policy, it must allow {origin} in script-src, worker-src, connect-src, style-src and font-src.',
    sameOrigin:
      "If this page sets a Content-Security-Policy, it must allow its own origin and WebAssembly (script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self' data:).",
    detail: 'Detail: {detail}',
    dataFile: 'its data file {file}',
    dataCrossOrigin:
      'The server at {origin} must send the header Access-Control-Allow-Origin (for example *) with that file, and if this page sets a Content-Security-Policy, its connect-src must allow {origin}.',
    dataSameOrigin:
      "If this page sets a Content-Security-Policy, its connect-src must allow the page's own origin ('self').",
    dataMissing:
      'The file {file} is missing from {origin} (HTTP {status}): this copy of the site is incomplete, and the whole of dist/ must be copied there again.',
    dataStatus: 'The server at {origin} answered HTTP {status} for {file}.',
    offline:
      'You are offline, and {file} is not in this browser’s offline copy (it is kept once a figure has fetched it online): reconnect and try again.',
    dataOtherVersion:
      'The site was updated since this page loaded, and {file} belongs to the new version: reload the page.',
    loading: 'Activation Lab: {figure}. Loading the figure…',
    fallback:
      'Activation Lab: {figure}. The figure’s script did not load: the server it comes from must send Access-Control-Allow-Origin, and a Content-Security-Policy on this page must allow that server.',
  },
  pt: {
    part: {
      script: 'os seus scripts',
      strings: 'o seu texto',
      core: 'o núcleo WebAssembly',
      worker: 'a sua tarefa de fundo (um Web Worker)',
      data: 'os seus dados',
    },
    failed: 'Esta figura do Activation Lab não conseguiu carregar {part} a partir de {origin}.',
    crossOrigin:
      'O servidor em {origin} tem de enviar o cabeçalho Access-Control-Allow-Origin (por exemplo *) e, se esta página define uma Content-Security-Policy, esta tem de permitir {origin} em script-src, worker-src, connect-src, style-src e font-src.',
    sameOrigin:
      "Se esta página define uma Content-Security-Policy, esta tem de permitir a própria origem e o WebAssembly (script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self' data:).",
    detail: 'Pormenor: {detail}',
    dataFile: 'o seu ficheiro de dados {file}',
    dataCrossOrigin:
      'O servidor em {origin} tem de enviar com esse ficheiro o cabeçalho Access-Control-Allow-Origin (por exemplo *) e, se esta página define uma Content-Security-Policy, a diretiva connect-src tem de permitir {origin}.',
    dataSameOrigin:
      "Se esta página define uma Content-Security-Policy, a diretiva connect-src tem de permitir a própria origem da página ('self').",
    dataMissing:
      'O ficheiro {file} não existe em {origin} (HTTP {status}): esta cópia do site está incompleta e é preciso voltar a copiar para lá todo o dist/.',
    dataStatus: 'O servidor em {origin} respondeu HTTP {status} ao pedido de {file}.',
    offline:
      'Está sem ligação à rede, e {file} não está na cópia offline deste navegador (fica guardado depois de uma figura o obter com rede): volte a ligar-se e tente de novo.',
    dataOtherVersion:
      'O site foi atualizado depois de esta página carregar, e {file} pertence à nova versão: recarregue a página.',
    loading: 'Activation Lab: {figure}. A carregar a figura…',
    fallback:
      'Activation Lab: {figure}. O script da figura não carregou: o servidor de onde vem tem de enviar Access-Control-Allow-Origin e uma Content-Security-Policy nesta página tem de permitir esse servidor.',
  },
};

/** A load that failed (an import, a fetch, the core's compilation): which part, and why. */
export class LoadFailure extends Error {
  /**
   * @param {FailedPart} part
   * @param {unknown} cause
   */
  constructor(part, cause) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.part = part;
  }
}

/**
 * Whether `err` is a refused or failed load rather than a bug: a fetch or a dynamic import that
 * failed (CORS, CSP, the network), an HTTP error status, WebAssembly refused or not compiled.
 * @param {unknown} err
 */
export const isLoadFailure = (err) =>
  err instanceof LoadFailure ||
  (typeof WebAssembly !== 'undefined' && err instanceof WebAssembly.CompileError) ||
  /Failed to fetch|dynamically imported|NetworkError|HTTP \d{3}|Refused to|WebAssembly/i.test(
    err instanceof Error ? err.message : String(err),
  );

/**
 * @param {string} template
 * @param {Record<string, string>} vars
 */
const fill = (template, vars) => template.replace(/\{(\w+)\}/g, (m, k) => vars[k] ?? m);

/**
 * The reader's message for a figure that failed to load: one paragraph's text.
 * @param {'en' | 'pt'} lang
 * @param {FailedPart} part
 * @param {{origin: string, pageOrigin: string, detail?: string}} where the figure's files' origin, the page's
 */
export function failureText(lang, part, { origin, pageOrigin, detail = '' }) {
  const t = TEXT[lang] ?? TEXT.en;
  const vars = { origin, part: t.part[part], detail };
  return [
    fill(t.failed, vars),
    fill(origin === pageOrigin ? t.sameOrigin : t.crossOrigin, vars),
    detail ? fill(t.detail, vars) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The reader's message for a data file the figure could not fetch: which file, from which origin,
 * and what the host must do. status is the HTTP status, 0 when no answer came (CORS, CSP, the
 * network): a 404 means the copy of the site lacks the file, which no header would fix.
 * @param {'en' | 'pt'} lang
 * @param {{url: string, status: number, pageOrigin: string, detail?: string, online?: boolean}} failure
 *   online: navigator.onLine when the fetch failed
 */
export function dataFailureText(lang, { url, status, pageOrigin, detail = '', online = true }) {
  const t = TEXT[lang] ?? TEXT.en;
  const { origin, pathname } = new URL(url);
  const file = pathname.replace(/^\//, '');
  const vars = { origin, file, status: String(status), detail };
  // No answer while the browser is offline: the network, not a policy.
  if (!status && !online) return fill(t.offline, vars);
  if (status === 404 || status === 410) return fill(t.dataMissing, vars);
  // web/sw.js's answer for a file of a version deployed after this page loaded
  if (status === 409) return fill(t.dataOtherVersion, vars);
  if (status) return fill(t.dataStatus, vars);
  return [
    fill(t.failed, { ...vars, part: fill(t.dataFile, vars) }),
    fill(origin === pageOrigin ? t.dataSameOrigin : t.dataCrossOrigin, vars),
    detail ? fill(t.detail, vars) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The reader's message for a part of a figure (a worker's script) that could not load while the
 * browser is offline: not in the offline copy yet.
 * @param {'en' | 'pt'} lang
 * @param {FailedPart} part
 */
export const offlineText = (lang, part) => {
  const t = TEXT[lang] ?? TEXT.en;
  return fill(t.offline, { file: t.part[part] });
};

/**
 * The two texts a snippet puts inside its element: the loading line, shown until the element is
 * defined, and the failure, shown instead once the script truly failed (activation-lab-fallback.js).
 * @param {'en' | 'pt'} lang
 * @param {string} figure what the figure shows, in that language
 */
export const fallbackTexts = (lang, figure) => {
  const t = TEXT[lang] ?? TEXT.en;
  return { loading: fill(t.loading, { figure }), failed: fill(t.fallback, { figure }) };
};
