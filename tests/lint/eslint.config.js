// ESLint (flat config) for every JavaScript file of the project. `npm run lint` runs it from the
// repository root with `--config tests/lint/eslint.config.js`, so the patterns below are relative
// to the root. Formatting is Prettier's job (.prettierrc.json), not ESLint's.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/', 'dist/', 'node_modules/', 'test-results/'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `==` hides type conversions; `== null` (null or undefined) is the one idiom kept.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      // A shadowed name reads as the outer one: in widgets with many closures that misleads.
      'no-shadow': 'error',
      'no-throw-literal': 'error',
      'no-implicit-coercion': ['error', { allow: ['!!'] }],
      // `({ type, id, ...rest }) => rest` is how a copy without some keys is written.
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // The page: modules loaded by the browser.
  {
    files: ['web/js/**/*.js', 'web/activation-lab.js'],
    languageOptions: { globals: globals.browser },
  },
  // The embed snippets' fallback and the frames' resize listener: classic scripts (no CORS needed).
  {
    files: ['web/activation-lab-fallback.js', 'web/activation-lab-frames.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  // Module workers: no DOM, `self` and postMessage.
  { files: ['web/js/**/*-worker.js'], languageOptions: { globals: globals.worker } },
  { files: ['web/sw.js'], languageOptions: { globals: globals.serviceworker } },
  // Node: the build, the server, the CLI, the tests and the benches.
  {
    files: ['web/*.mjs', 'web/ship/**/*.mjs', 'wasm/**/*.mjs', 'tests/**/*.mjs', 'tests/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  // Browser tests and the browser bench run functions inside the page (page.evaluate).
  {
    files: ['tests/e2e/**/*.mjs', 'tests/bench/browser.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
