// The /dev/flows page of `npm run dev` (issue 22, for product; docs/qa-and-product-tools.md).
//
// A Vite plugin with `apply: 'serve'`: it exists only in the dev server. It answers
//   /dev/flows                          dev/flows.html, which loads src/dev/flows/main.tsx
//   /dev/flows/screenshots.json         the screenshots the generated path skeletons saved
//                                       (.tmp/paths/screenshots/<flow>/<state>.png), by flow
//   /dev/flows/screenshots/<flow>/<f>   one of them
// before Vite's own middlewares, so the app's SPA fallback never sees these paths. `vite build`
// has no dev server: it never calls this, its only input is index.html, and nothing in src/
// outside src/dev/ imports src/dev/, so the production build holds no trace of the page.
// Plain JavaScript (types in dev-flows-plugin.d.mts) so that vite.config.ts imports it with its
// extension, as Vite's coming native config loader wants.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SAFE_NAME = /^[\w.+ -]+$/;

/** @returns {import('vite').Plugin} */
export function devFlowsPage() {
  return {
    name: 'dev-flows-page',
    apply: 'serve',
    configureServer(server) {
      const root = server.config.root;
      const shots = join(root, '.tmp', 'paths', 'screenshots');
      server.middlewares.use((req, res, next) => {
        const { pathname } = new URL(req.url ?? '/', 'http://dev.localhost');
        if (pathname === '/dev/flows' || pathname === '/dev/flows/') {
          const html = readFileSync(join(root, 'dev', 'flows.html'), 'utf8');
          server
            .transformIndexHtml(pathname, html)
            .then((page) => {
              res.setHeader('Content-Type', 'text/html; charset=utf-8');
              res.setHeader('Cache-Control', 'no-store');
              res.end(page);
            })
            .catch(next);
          return;
        }
        if (pathname === '/dev/flows/screenshots.json') {
          /** @type {Record<string, string[]>} */
          const byFlow = {};
          if (existsSync(shots)) {
            for (const flow of readdirSync(shots, { withFileTypes: true })) {
              if (!flow.isDirectory()) continue;
              byFlow[flow.name] = readdirSync(join(shots, flow.name))
                .filter((file) => file.endsWith('.png'))
                .map((file) => file.slice(0, -'.png'.length));
            }
          }
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(byFlow));
          return;
        }
        const shot = /^\/dev\/flows\/screenshots\/([^/]+)\/([^/]+\.png)$/.exec(pathname);
        if (shot) {
          const flow = decodeURIComponent(shot[1]);
          const file = decodeURIComponent(shot[2]);
          const path = join(shots, flow, file);
          if (!SAFE_NAME.test(flow) || !SAFE_NAME.test(file) || !existsSync(path)) {
            res.statusCode = 404;
            res.end();
            return;
          }
          res.setHeader('Content-Type', 'image/png');
          res.setHeader('Cache-Control', 'no-store');
          res.end(readFileSync(path));
          return;
        }
        next();
      });
    },
  };
}
