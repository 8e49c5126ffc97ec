/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin } from 'vite';

/**
 * src/main.tsx imports the app in steps (one task each, issue 10); those steps are dynamic imports,
 * which Vite would fetch one after another, each when its step starts. This adds a module preload to
 * index.html for every chunk the steps need, so that all of them are fetched at once with the entry.
 */
/** What src/main.tsx imports statically: nothing that imports the app. */
const ENTRY_IMPORTS = /[\\/]src[\\/](ui[\\/]global\.css|app[\\/]nextTask\.ts)/;

/** Where start-up's steps begin (src/main.tsx): what they import statically is needed at once. */
const STARTUP_ROOTS = /[\\/]src[\\/]app[\\/](start\.tsx|router\.tsx|session\.ts)$/;

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** An app module that a start-up step imports, directly or through other modules, statically. */
function neededAtStartup(id: string, getModuleInfo: ModuleInfoOf, seen = new Set<string>()): boolean {
  if (!/[\\/](src|machines)[\\/]/.test(id) || ENTRY_IMPORTS.test(id) || seen.has(id)) return false;
  if (STARTUP_ROOTS.test(id)) return true;
  seen.add(id);
  return (getModuleInfo(id)?.importers ?? []).some((importer) => neededAtStartup(importer, getModuleInfo, seen));
}

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

// The API lives on the reference platform (server/). In development Vite proxies /api to it;
// API_BASE_URL points the built app at another platform (read at runtime by server/, see README).
const platform = process.env.PLATFORM_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    vanillaExtractPlugin(),
    startupPreloads(),
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
            codeSplitting: {
              groups: [
                // Vite's helper for dynamic imports, which the entry uses: on its own (a few hundred bytes).
                { name: 'preload', test: /vite[\\/]preload-helper/, priority: 40 },
                { name: 'entry', test: ENTRY_IMPORTS, priority: 40 },
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
                { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
                { name: 'state', test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 20 },
                // The app's modules that start-up needs and other chunks share, in one chunk; not the
                // entry's own two imports, which would make the entry import the whole app at once.
                { name: (id, ctx) => (neededAtStartup(id, (moduleId) => ctx.getModuleInfo(moduleId)) ? 'app' : null), minShareCount: 2, priority: 10 },
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
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
