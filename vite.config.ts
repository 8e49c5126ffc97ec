/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

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
  ],
  server: { proxy: { '/api': { target: platform, ws: true } } },
  build: isSsrBuild
    ? // The platform's first paint (src/app/prerender.tsx), loaded by server/http/pages.ts; never served.
      { target: 'node20', outDir: 'dist-ssr', sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : // One stylesheet for the whole app: the platform inlines it into every page (issue 10), so no
      // CSS blocks the first paint and the page's first render has every style it needs.
      { target: 'es2022', sourcemap: false, cssCodeSplit: false },
  test: {
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
