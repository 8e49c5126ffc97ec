// Lint: typescript-eslint strict type-checked rules, the layers of ARCHITECTURE.md, and Lingui's
// rule against unlocalised strings. The layer rules are the ones a reviewer would otherwise police
// by hand: machines stay pure, features stay apart, only src/api/ knows URLs.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import pluginLingui from 'eslint-plugin-lingui';

const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const browserGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch', 'XMLHttpRequest', 'WebSocket'];

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-ssr/**', 'node_modules/**', 'src/routeTree.gen.ts', 'locales/**/*.js', 'locales/**/*.ts', 'test-results/**', 'playwright-report/**', '.tmp/**', '.data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }, { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Plain scripts served as they are (public/app-boot.js): the browser's, no module.
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  // machines/: pure. No React, no router, no i18n runtime, nothing from src/ at run time, no
  // browser globals: the world reaches a machine through provided actors and actions.
  {
    files: ['machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../src/*', '../../src/*'], allowTypeImports: true, message: 'machines/ may only import types from src/ (ARCHITECTURE.md).' },
            { group: ['react', 'react-dom', 'react/*', '@xstate/react', '@tanstack/*', '@lingui/*', 'dompurify', 'partysocket'], message: 'machines/ are pure: no UI, router, i18n or I/O libraries.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...browserGlobals, 'setTimeout', 'setInterval'],
    },
  },
  // Every flow is a child of the session: actors are created in src/app/ (the composition root) only.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@xstate/react', importNames: ['useActorRef', 'useMachine'], message: 'Flows are children of the session: send it flow.start from the route and read the ref from its context (docs/ARCHITECTURE.md).' },
            { name: 'xstate', importNames: ['createActor', 'interpret'], message: 'Only src/app/ creates actors (docs/ARCHITECTURE.md).' },
          ],
        },
      ],
    },
  },
  // The wire and the platform know no flow: src/api/ and server/ import no machine file.
  {
    files: ['src/api/**/*.ts', 'server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/*.machine', '**/*.machine.ts'], message: 'src/api/ and server/ import no *.machine.ts: shared types and rules live in machines/lib/ or the API contract.' }] },
      ],
    },
  },
  // Only src/api/ talks to the network.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/api/ calls fetch.' }, { name: 'XMLHttpRequest', message: 'Only src/api/ calls the network.' }],
    },
  },
  // src/ui/ is shared by every feature and imports none of them.
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/routes/**'], message: 'src/ui/ must not import features or routes.' }] }],
    },
  },
  // server/routes/: parse with the contract, call a service, map to HTTP; the SQL lives in
  // server/repositories/ (ARCHITECTURE.md "The reference platform", issue 9 "A service layer").
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', allowTypeImports: true, message: 'Routes hold no SQL: put the query in server/repositories/ and call it from a service.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
          message: 'Routes hold no SQL: put the query in server/repositories/ and call it from a service.',
        },
        { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: 'Routes hold no SQL: put the query in server/repositories/.' },
        {
          selector: 'CallExpression[callee.property.name="execute"][callee.object.callee.property.name="transaction"]',
          message: 'Services open transactions (server/repositories/transaction.ts inTransaction), not routes.',
        },
      ],
    },
  },
  // Features do not import each other (shared pieces go to src/ui/).
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((f) => f !== feature).flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`, `../${other}`, `../${other}/**`]),
              message: 'Features do not import each other; move shared code to src/ui/.',
            },
            { group: ['**/routes/**'], message: 'Features do not import routes.' },
          ],
        },
      ],
    },
  })),
  // Every user-visible string goes through Lingui.
  {
    files: ['src/**/*.tsx'],
    plugins: { lingui: pluginLingui },
    rules: {
      ...pluginLingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^[A-Z][a-z]+[A-Z]\\w*$'],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            'id', 'to', 'href', 'src', 'srcSet', 'type', 'rel', 'target', 'name', 'role', 'width', 'height', 'viewBox', 'd', 'fill', 'stroke', 'lang', 'content', 'property', 'displayName', 'data-testid', 'autoComplete', 'inputMode', 'method', 'key', 'variant', 'kind', 'size', 'tone', 'xmlns',
          ],
          ignoreFunctions: ['Error', 'console.*', '*.addEventListener', '*.removeEventListener', '*.getElementById', '*.querySelector', '*.setAttribute', '*.includes', '*.startsWith', '*.endsWith', 'redirect', 'notFound', 'createFileRoute', 'createRootRouteWithContext', 'useNavigate', 'matchMedia', '*.matchMedia', 'send', '*.send'],
          useTsTypes: true,
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has'],
        },
      ],
    },
  },
  // src/dev/ (issue 22, /dev/flows): a developer tool served by `npm run dev` only, never built and
  // never shown to players, so its texts are English; the Lingui rule is off there and nowhere else.
  {
    files: ['src/dev/**/*.{ts,tsx}'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
