// web/js/shared/embed-failure.js's data messages: offline is said as offline, not as a policy;
// a file of a later deploy (sw.js's 409) asks for a reload (issue 63).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataFailureText, offlineText } from '../../web/js/shared/embed-failure.js';

const failure = {
  url: 'https://example.org/blog/data/jargon.txt',
  status: 0,
  pageOrigin: 'https://example.org',
  detail: 'Failed to fetch',
};

test('no answer while offline says offline, in both languages; online, the policy hint stays', () => {
  for (const lang of /** @type {const} */ (['en', 'pt'])) {
    const offline = dataFailureText(lang, { ...failure, online: false });
    assert.match(offline, /offline/);
    assert.match(offline, /blog\/data\/jargon\.txt/);
    assert.doesNotMatch(offline, /Content-Security-Policy|connect-src/);
    assert.match(dataFailureText(lang, failure), /connect-src/);
    assert.match(offlineText(lang, 'worker'), /Web Worker/);
  }
});

test('an answer is the server’s, offline or not; 409 asks for a reload', () => {
  const missing = dataFailureText('en', { ...failure, status: 404, online: false });
  assert.match(missing, /HTTP 404/);
  assert.match(dataFailureText('en', { ...failure, status: 409 }), /reload the page/);
  assert.match(dataFailureText('pt', { ...failure, status: 409 }), /recarregue a página/);
});
