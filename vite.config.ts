/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { devFlowsPage } from './scripts/dev-flows-plugin.mjs';
import { stripMachineDescriptions } from './scripts/strip-descriptions-plugin.mjs';

/**
 * src/main.tsx imports the app in steps (one task each, issue 10); those steps are dynamic imports,
 * which Vite would fetch one after another, each when its step starts. This adds a module preload to
 * index.html for every chunk the steps need, so that all of them are fetched at once with the entry.
 */
/** What src/main.tsx imports statically: nothing that imports the app. */
const ENTRY_IMPORTS = /[\\/]src[\\/](ui[\\/]global\.css|app[\\/]nextTask\.ts)/;

/**
 * Start-up's steps in the order src/main.tsx takes them (the vendor steps aside), each with the chunk
 * of the app's modules it is the first to need. One chunk per step, not one for all: a chunk's
 * modules are evaluated together, so one `app` chunk ran the machines', the API's, the route tree's
 * and the screens' top levels in one task of 80-115 ms on this machine (issue 22: Total Blocking
 * Time). A module goes to the first step that imports it, so a chunk imports earlier steps' only.
 */
const STARTUP_STEPS = [
  { chunk: 'app-player-machines', root: /[\\/]src[\\/]app[\\/]playerMachines\.ts$/ },
  { chunk: 'app-machines', root: /[\\/]src[\\/]app[\\/]machines\.ts$/ },
  { chunk: 'app-session', root: /[\\/]src[\\/]app[\\/]session\.ts$/ },
  { chunk: 'app-routes', root: /[\\/]src[\\/]app[\\/]router\.tsx$/ },
  { chunk: 'app', root: /[\\/]src[\\/]app[\\/]start\.tsx$/ },
] as const;

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** An app module that a start-up step (roots) imports, directly or through other modules, statically. */
function neededAtStartup(id: string, getModuleInfo: ModuleInfoOf, roots: RegExp, seen = new Set<string>()): boolean {
  if (!/[\\/](src|machines)[\\/]/.test(id) || ENTRY_IMPORTS.test(id) || seen.has(id)) return false;
  if (roots.test(id)) return true;
  seen.add(id);
  return (getModuleInfo(id)?.importers ?? []).some((importer) => neededAtStartup(importer, getModuleInfo, roots, seen));
}

/** The start-up chunk of an app module (STARTUP_STEPS), or null when start-up does not need it. */
function startupChunkOf(id: string, getModuleInfo: ModuleInfoOf): string | null {
  return STARTUP_STEPS.find((step) => neededAtStartup(id, getModuleInfo, step.root))?.chunk ?? null;
}

/** src/ui's form controls, their styles and the error texts the forms show (the 'forms' chunk). */
const FORM_MODULES = /[\\/]src[\\/]ui[\\/]((Field|PasswordField|PhoneField|CodeField|FactorCodeField)\.tsx|(form|passwordField|phoneField)\.css\.ts|(commonErrors|selfExclusionRegisterMessages)\.ts)$/;

/** The layout route's split component (src/routes/$langmarket.tsx): the shell of every page. */
const LAYOUT_ROUTE_SCREENS = /[\\/]src[\\/]routes[\\/]\$langmarket\.tsx\?tsr-split=component$/;

function startupPreloads(): Plugin {
  return {
    name: 'startup-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const needed = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (needed.has(fileName) || output?.type !== 'chunk') return;
          needed.add(fileName);
          for (const imported of output.imports) visit(imported);
        };
        for (const step of chunk.dynamicImports) visit(step);
        // The layout route's screens (the shell), which every page renders right after start-up: with
        // the steps, a few a task (public/app-boot.js), not in the router's first load, where Vite's
        // preload of a route's imports started them all in one task (issue 22: Total Blocking Time).
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.facadeModuleId !== null && LAYOUT_ROUTE_SCREENS.test(output.facadeModuleId)) visit(output.fileName);
        }
        needed.delete(chunk.fileName);
        // Vite preloads the entry's own imports already.
        const links = [...needed]
          .filter((fileName) => !html.includes(`href="/${fileName}"`))
          .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`).join('\n    ');
        return links === '' ? html : html.replace('</head>', () => `  ${links}\n  </head>`);
      },
    },
  };
}

/**
 * Issue 22: the home page uses about one text in eight of its language's catalog, yet fetched the
 * whole catalog (12 KB gzip, as much as the rest of its own code). This splits each language's
 * compiled catalog (locales/<language>/messages.po, compiled by Lingui's plugin into one chunk) in
 * two, by the message ids the code holds as literals (explicit ids everywhere, CONTRIBUTING.md):
 *
 * - the core: every text of the modules that start-up evaluates and of the home route (the static
 *   imports of the entry, of start-up's steps and of the home route's split components): the chunk
 *   keeps its place, exports `messages` (the core) and `rest`, which imports the other texts;
 * - the rest, a file of its own beside it (`messages-rest-<language>-<hash>.js`, content-hashed).
 *
 * Every other chunk whose code names a text of the rest starts by awaiting
 * `globalThis.__catalogRest` (src/i18n/catalog.ts: loads the rest of the active language): its
 * module is evaluated only once the texts it may show are there, so no screen ever renders a
 * missing text. Pages other than home ask for the rest from the start (src/app/start.tsx). Builds
 * only (development and tests load whole catalogs), and only the browser's build.
 */
const CATALOG_MODULE = /[\\/]locales[\\/]([a-z]+)[\\/]messages\.po$/;
/** The app's entry, whose dynamic imports are start-up's steps. */
const STARTUP_ENTRY = /[\\/]src[\\/]main\.tsx$/;
const HOME_ROUTE_SPLITS = /[\\/]src[\\/]routes[\\/]\$langmarket(\.index)?\.tsx\?tsr-split=component$/;
const CATALOG_REST_HOOK = '__catalogRest';

function catalogIds(): string[] {
  const po = readFileSync(new URL('./locales/en/messages.po', import.meta.url), 'utf8');
  const ids: string[] = [];
  // msgid "..." possibly continued on the next lines ("...").
  const pattern = /^msgid ((?:"(?:[^"\\]|\\.)*"\s*)+)/gm;
  for (const match of po.matchAll(pattern)) {
    const id = [...(match[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((part) => JSON.parse(`"${part[1]}"`) as string).join('');
    if (id !== '') ids.push(id);
  }
  return ids;
}

/** `value` as JSON in a single-quoted string literal (fewer escapes than JSON.stringify twice). */
const jsonLiteral = (value: unknown) =>
  `'${JSON.stringify(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;

/** Whether `code` holds `id` as a string literal (quoted any way). */
const namesId = (code: string, id: string) => code.includes(`"${id}"`) || code.includes(`'${id}'`) || code.includes(`\`${id}\``);

/**
 * What `namesId` would find, for every id at once (an id-like token between quotes; the closing
 * quote is not consumed, so no quoted token is skipped): a superset of the ids `code` names, read in
 * one pass instead of one search of the whole code per id. Ids of other characters fall back to it.
 */
function namedIn(code: string): (id: string) => boolean {
  const tokens = new Set<string>();
  for (const match of code.matchAll(/["'`]([\w.-]+)(?=["'`])/g)) tokens.add(match[1] ?? '');
  return (id) => (/^[\w.-]+$/.test(id) ? tokens.has(id) : namesId(code, id));
}

function splitCatalogs(): Plugin {
  let core = new Set<string>();
  let rest: string[] = [];
  let startup = new Set<string>();
  const restFiles = new Map<string, string>();
  return {
    name: 'split-catalogs',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    renderStart() {
      // The modules start-up and the home route evaluate: static imports from the entry, start-up's
      // steps (the entry's dynamic imports) and the home route's split components.
      const ids = [...this.getModuleIds()];
      const roots = ids.filter((id) => this.getModuleInfo(id)?.isEntry || HOME_ROUTE_SPLITS.test(id));
      startup = new Set<string>();
      const visit = (id: string) => {
        if (startup.has(id)) return;
        startup.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of info?.importedIds ?? []) visit(imported);
        if (STARTUP_ENTRY.test(id)) for (const step of info?.dynamicallyImportedIds ?? []) visit(step);
      };
      roots.forEach(visit);
      const startupCode = [...startup].map((id) => this.getModuleInfo(id)?.code ?? '').join('\n');
      const allCode = ids.map((id) => this.getModuleInfo(id)?.code ?? '').join('\n');
      const all = catalogIds();
      // A text no module names as a literal (an id built at run time) cannot be placed: it stays in
      // the core, which every page loads.
      const namedAnywhere = namedIn(allCode);
      const namedAtStartup = namedIn(startupCode);
      const unnamed = all.filter((id) => !namedAnywhere(id));
      if (unnamed.length > 0) this.warn(`catalog texts no module names as a literal, kept at start-up: ${unnamed.join(', ')}`);
      core = new Set(all.filter((id) => namedAtStartup(id) || unnamed.includes(id)));
      rest = all.filter((id) => !core.has(id));
      restFiles.clear();
      this.info(`catalogs split: ${core.size} texts at start-up and on the home page, ${rest.length} later`);
    },
    async renderChunk(code, chunk) {
      const catalog = chunk.moduleIds.map((id) => CATALOG_MODULE.exec(id)).find((match) => match !== null);
      if (catalog) {
        const language = catalog[1];
        // The compiled catalog is a module of its own (no imports): its messages, as the app gets them.
        const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { messages: Record<string, unknown> };
        const pick = (keep: (id: string) => boolean) => Object.fromEntries(Object.entries(module.messages).filter(([id]) => keep(id)));
        const restSource = `export const messages = JSON.parse(${jsonLiteral(pick((id) => !core.has(id)))});\n`;
        const hash = createHash('sha256').update(restSource).digest('base64url').slice(0, 8);
        const restName = `messages-rest-${language}-${hash}.js`;
        restFiles.set(`assets/${restName}`, restSource);
        return (
          `export const messages = JSON.parse(${jsonLiteral(pick((id) => core.has(id)))});\n` +
          `export const rest = () => import("./${restName}");\n`
        );
      }
      // A chunk outside start-up that may show a text of the rest waits for it before its code runs.
      if (chunk.moduleIds.every((id) => startup.has(id))) return null;
      const named = namedIn(code);
      if (!rest.some(named)) return null;
      if (chunk.moduleIds.some((id) => startup.has(id) && (chunk.modules[id]?.renderedLength ?? 0) > 0)) this.info(`${chunk.fileName} shares modules with start-up's imports and shows texts of the catalog's rest (it waits for them wherever it loads)`);
      return `await globalThis.${CATALOG_REST_HOOK}?.();\n${code}`;
    },
    generateBundle() {
      for (const [fileName, source] of restFiles) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/** V8's file-wide compile hint, the first line of every client chunk with code (`postBanner` below). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** Below this much code (before minification) a chunk gets no hint: re-exports, class names, the runtime. */
const COMPILE_HINT_MIN_BYTES = 1024;
const renderedBytes = (chunk: { modules: Record<string, { renderedLength: number }> }) =>
  Object.values(chunk.modules).reduce((sum, module) => sum + module.renderedLength, 0);

/** The unit test files that mock a module (vi.mock): they run isolated (see test.projects). */
const UNIT_MOCKS = ['tests/unit/app/catalogRest.test.ts'];

// The API lives on the reference platform (server/). In development Vite proxies /api to it;
// API_BASE_URL points the built app at another platform (read at runtime by server/, see README).
const platform = process.env.PLATFORM_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    // The build's machines without their descriptions (tools read them from the source).
    stripMachineDescriptions(),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    vanillaExtractPlugin(),
    startupPreloads(),
    splitCatalogs(),
    // /dev/flows (issue 22): the dev server's only (apply: 'serve'); never part of a build.
    devFlowsPage(),
  ],
  server: { proxy: { '/api': { target: platform, ws: true } } },
  build: isSsrBuild
    ? // The platform's first paint (src/app/prerender.tsx), loaded by server/http/pages.ts; never served.
      { target: 'node20', outDir: 'dist-ssr', sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : // One stylesheet for the whole app: the platform inlines it into every page (issue 10), so no
      // CSS blocks the first paint and the page's first render has every style it needs.
      {
        target: 'es2022',
        sourcemap: false,
        cssCodeSplit: false,
        rolldownOptions: {
          output: {
            // V8's explicit compile hint (Chromium 136+; other engines read a comment): compile every
            // function of the file as it streams in, on a background thread, not each one on the main
            // thread at its first call. Each chunk here is fetched when it is about to run (the entry,
            // a start-up step, a route and its screen), so most of its functions run at once. Issue
            // 22: on /en-UN/terms, the start-up's tasks were half lazy compilation (V8.CompileCode,
            // ParseFunction at 4x: 10-28 ms a task); with the hint, Lighthouse's Total Blocking Time
            // went from 397 to 223 ms, the median of 5 in the same minutes. After minification, or
            // the minifier would drop it (a `banner` is dropped). Not on the chunks of a few hundred
            // bytes: nothing to compile, and the line would be a tenth of them.
            postBanner: (chunk) => (renderedBytes(chunk) >= COMPILE_HINT_MIN_BYTES ? COMPILE_HINT : ''),
            codeSplitting: {
              groups: [
                // Vite's helper for dynamic imports, which the entry uses: on its own (a few hundred bytes).
                { name: 'preload', test: /vite[\\/]preload-helper/, priority: 40 },
                { name: 'entry', test: ENTRY_IMPORTS, priority: 40 },
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
                { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
                { name: 'state', test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 20 },
                // The form controls and their error texts, which the flow pages load together: one chunk, not
                // eight of a few hundred bytes, each of which Vite's preload started with a link of its own
                // in the route's load (issue 22: Total Blocking Time on /signup and /reset-password).
                { name: 'forms', test: FORM_MODULES, priority: 5 },
                // The app's modules that start-up needs and other chunks share, one chunk per start-up step; not the
                // entry's own two imports, which would make the entry import the whole app at once.
                // A group per step, earlier steps first (a higher priority): a captured module takes its
                // dependencies along, so a later step's group must not be the first to meet them.
                ...STARTUP_STEPS.map(({ chunk }, index) => ({
                  name: (id: string, ctx: { getModuleInfo: ModuleInfoOf }) => (startupChunkOf(id, (moduleId) => ctx.getModuleInfo(moduleId)) === chunk ? chunk : null),
                  minShareCount: 2,
                  priority: 10 + STARTUP_STEPS.length - index,
                })),
              ],
            },
          },
        },
      },
  test: {
    // Both cores: Vitest 4's default on a 2-core machine is one worker, which ran every test file
    // one after the other (7 minutes). The tests measure behaviour, never time, so two files at
    // once only make the whole run shorter (CONTRIBUTING "no timed assertions").
    maxWorkers: 2,
    projects: [
      // The test files of a project run one after another in a worker that keeps its loaded modules
      // (isolate: false): loading the same modules again for every file was a third of the run's
      // CPU (server: 373 s -> 180-240 s; unit and machines: 135 s -> 80-110 s on this machine), and the
      // server's caches (the generated game catalogue) now serve every file. What a module keeps
      // must therefore not belong to one file: the server tests' helpers key what they keep by the
      // file's database (tests/server/helpers/wallet.ts), the platform's caches are functions of
      // their keys, and each createApp sets the process's message sender. A file that mocks a module
      // (vi.mock) needs a fresh module graph: it stays isolated ('unit-mocks'). `npx vitest run
      // --sequence.shuffle.files` is the check that no file leans on another's leftovers (the tests
      // within a file run in their order).
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: [...UNIT_MOCKS], environment: 'jsdom', isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-mocks', include: [...UNIT_MOCKS], environment: 'jsdom' },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One PGlite initdb, migration and content seed for the whole run: each test database
          // starts from a copy (tests/server/helpers/pglite-template.ts).
          globalSetup: ['tests/server/helpers/pglite-template.ts'],
          // New password hashes at a low scrypt cost, except in the files that test hashing.
          setupFiles: ['tests/server/helpers/hash-cost.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
    ],
  },
}));
