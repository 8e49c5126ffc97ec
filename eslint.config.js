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

// ---------------------------------------------------------------------------------- server layers
// docs/server-layers.md: routes -> services -> repositories -> db. Every SQL statement lives in
// server/repositories/ (and the migrations, server/db/); a layer imports only the layers below it.
const SERVER_MACHINE_RULE = { group: ['**/*.machine', '**/*.machine.ts'], message: 'src/api/ and server/ import no *.machine.ts: shared types and rules live in machines/lib/ or the API contract.' };
/** An import of server/<folder> from anywhere under server/ ('../folder/x', '../../folder'). */
const serverFolder = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const SQL_MESSAGE = 'SQL lives in server/repositories/ (docs/server-layers.md): add a named function there and call it.';
const SQL_SYNTAX = [
  { selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]', message: SQL_MESSAGE },
  { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: SQL_MESSAGE },
  { selector: 'CallExpression[callee.object.name="sql"]', message: SQL_MESSAGE },
];
const KYSELY_VALUES = { name: 'kysely', allowTypeImports: true, message: 'Only server/repositories/ and server/db/ use Kysely at run time (the sql tag, builders); elsewhere import its types only (docs/server-layers.md).' };
const layerRule = (folders, message, allowTypeImports = false) => ({ regex: serverFolder(folders), message, allowTypeImports });
/** The shared error catalogue and the redacted logger, which every layer may use. */
const HTTP_EXCEPT_ERRORS = '^(\\.\\./)+http/(?!errors$)';
const HTTP_EXCEPT_SHARED = '^(\\.\\./)+http/(?!(errors|validation|redact|client-address)$)';

function serverLayer(name, files, { patterns = [], paths = [KYSELY_VALUES], sql = true, extraSyntax = [] } = {}) {
  return {
    name: `server layers: ${name}`,
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns: [SERVER_MACHINE_RULE, ...patterns] }],
      ...(sql || extraSyntax.length > 0 ? { 'no-restricted-syntax': ['error', ...(sql ? SQL_SYNTAX : []), ...extraSyntax] } : {}),
    },
  };
}

function serverLayers() {
  return [
    // The composition root (app.ts, main.ts, config.ts) wires every layer, and holds no SQL.
    serverLayer('composition root', ['server/*.ts']),
    // routes/: parse with the contract, call a service, map the result to HTTP.
    serverLayer('routes', ['server/routes/**/*.ts'], {
      patterns: [
        layerRule(['repositories'], 'Routes call services, never repositories: the SQL is reached through a service (docs/server-layers.md).'),
        layerRule(['db'], 'Routes import only types from server/db/ (docs/server-layers.md).', true),
        layerRule(['crypto'], 'Routes call services; secrets, tokens and passwords are handled there (docs/server-layers.md).'),
      ],
      extraSyntax: [
        {
          selector: 'CallExpression[callee.property.name="execute"][callee.object.callee.property.name="transaction"]',
          message: 'Services open transactions (server/repositories/transaction.ts inTransaction), not routes.',
        },
      ],
    }),
    // http/: middleware and transports shared by the routes (auth, site context, the live wallet socket).
    serverLayer('http', ['server/http/**/*.ts'], {
      patterns: [
        layerRule(['routes'], 'server/http/ is below the routes: it imports no route (docs/server-layers.md).'),
        layerRule(['repositories'], 'server/http/ reaches the database through services (docs/server-layers.md).'),
        layerRule(['db'], 'server/http/ imports only types from server/db/ (docs/server-layers.md).', true),
      ],
    }),
    // services/: the rules; they open transactions and call repositories.
    serverLayer('services', ['server/services/**/*.ts'], {
      patterns: [
        layerRule(['routes'], 'Services do not import routes: a route calls a service (docs/server-layers.md).'),
        { regex: HTTP_EXCEPT_SHARED, message: 'Services know no HTTP: only the error catalogue (http/errors, http/validation), the redacted logger (http/redact) and the client address (http/client-address) (docs/server-layers.md).' },
        layerRule(['providers'], 'Services get providers from their caller (deps) and import only their types (docs/server-layers.md).', true),
        { regex: '^(\\.\\./)+db/(database|migrate|migrations)(/|$)', message: 'Services import only the schema types of server/db/ (docs/server-layers.md).', allowTypeImports: true },
      ],
    }),
    // repositories/: every SQL statement; they import the database schema and pure values only.
    serverLayer('repositories', ['server/repositories/**/*.ts'], {
      paths: [{ name: 'hono', message: 'Repositories know no HTTP (docs/server-layers.md).' }],
      sql: false,
      patterns: [
        layerRule(['routes', 'services', 'http', 'providers', 'content', 'crypto', 'contract'], 'Repositories import only server/db/, server/domain/ and other repositories: the rules are the services\' (docs/server-layers.md).'),
      ],
    }),
    // domain/ (and platform/decimal.ts): pure rules and values, no I/O.
    serverLayer('domain', ['server/domain/**/*.ts', 'server/platform/**/*.ts'], {
      paths: [KYSELY_VALUES, { name: 'hono', message: 'server/domain/ is pure: no HTTP (docs/server-layers.md).' }],
      patterns: [
        layerRule(['routes', 'services', 'repositories', 'providers', 'content', 'crypto', 'db'], 'server/domain/ is pure rules: it imports nothing with I/O (docs/server-layers.md).'),
        { regex: HTTP_EXCEPT_ERRORS, message: 'server/domain/ may use only the error catalogue (http/errors) of server/http/ (docs/server-layers.md).' },
      ],
    }),
    // crypto/: secrets, tokens, passwords; no database (a stored secret is loaded by a service).
    serverLayer('crypto', ['server/crypto/**/*.ts'], {
      paths: [KYSELY_VALUES, { name: 'hono', message: 'server/crypto/ knows no HTTP (docs/server-layers.md).' }],
      patterns: [
        layerRule(['routes', 'services', 'repositories', 'providers', 'content', 'db'], 'server/crypto/ is infrastructure without storage: a service loads what it needs (docs/server-layers.md).'),
        { regex: HTTP_EXCEPT_ERRORS, message: 'server/crypto/ may use only the error catalogue (http/errors) of server/http/ (docs/server-layers.md).' },
      ],
    }),
    // providers/: the third parties and their simulations; each simulator registers its own routes.
    serverLayer('providers', ['server/providers/**/*.ts'], {
      patterns: [layerRule(['routes'], 'A provider imports no route: a simulator serves its own pages (its `routes`), and what it needs of the platform is handed in by server/app.ts (docs/server-layers.md).')],
    }),
    // content/: the content seed and its readers.
    serverLayer('content', ['server/content/**/*.ts'], {
      patterns: [
        layerRule(['routes', 'services'], 'server/content/ is read by services and routes, not the other way round (docs/server-layers.md).'),
        { regex: HTTP_EXCEPT_ERRORS, message: 'server/content/ may use only the error catalogue (http/errors) of server/http/ (docs/server-layers.md).' },
      ],
    }),
    // contract/: the wire contract for game providers' developers; nothing of the platform.
    serverLayer('contract', ['server/contract/**/*.ts'], {
      patterns: [layerRule(['routes', 'services', 'repositories', 'http', 'providers', 'content', 'crypto', 'db', 'domain'], 'server/contract/ is the providers\' wire contract: it imports nothing of the platform (docs/server-layers.md).')],
    }),
    // db/: the connection and the migrations; below everything.
    serverLayer('db', ['server/db/**/*.ts'], {
      paths: [],
      sql: false,
      patterns: [layerRule(['routes', 'services', 'repositories', 'http', 'providers', 'content', 'crypto', 'domain', 'contract'], 'server/db/ is the bottom layer: it imports no other server folder (docs/server-layers.md).')],
    }),
  ];
}

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
  // server/: the layers of docs/server-layers.md, one block per folder (a later block replaces an
  // earlier one's no-restricted-imports for the same file, so each repeats the machine rule).
  ...serverLayers(),
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
