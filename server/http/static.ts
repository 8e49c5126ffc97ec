import { readFile, stat } from 'node:fs/promises';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { escapeHtml } from '../content/terms';
import { ERROR_CODES, errorResponse } from './errors';

// The built app (Vite's dist/): files as they are, hashed assets cached for a year, and a history
// fallback: any other GET outside /api answers index.html, so the client router takes over.

export interface StaticAppOptions {
  staticDir: string;
  /** Written into index.html as <meta name="api-base-url"> (read by src/api/client.ts). */
  apiBaseUrl?: string | undefined;
  /** Written into index.html as <meta name="platform-mode"> (src/features/shell/SimulationBanner.tsx shows it). */
  platformMode?: string | undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** index.html with the API base URL (and the platform mode) written into its head. */
export function injectApiBaseUrl(html: string, apiBaseUrl: string | undefined, platformMode?: string): string {
  const metas = [
    ...(apiBaseUrl ? [`<meta name="api-base-url" content="${escapeHtml(apiBaseUrl)}">`] : []),
    ...(platformMode ? [`<meta name="platform-mode" content="${escapeHtml(platformMode)}">`] : []),
  ];
  if (metas.length === 0) return html;
  const meta = metas.join('\n    ');
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${meta}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

export function staticApp({ staticDir, apiBaseUrl, platformMode }: StaticAppOptions): MiddlewareHandler {
  const serveFile = serveStatic({ root: staticDir });

  // index.html answers every page load: keep it, with the base URL written in, until a new build
  // replaces the file (its mtime changes), so a page load costs a stat, not a read and a rewrite.
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = async (): Promise<string> => {
    const path = `${staticDir}/index.html`;
    const { mtimeMs } = await stat(path);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: injectApiBaseUrl(await readFile(path, 'utf8'), apiBaseUrl, platformMode) };
    }
    return cached.html;
  };

  const sendIndex = async (c: Context): Promise<Response> => {
    let html: string;
    try {
      html = await indexHtml();
    } catch {
      return c.text('The app is not built: run `npm run build` (or `npm start`).', 404);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };

  return async (c, next) => {
    const { method, path } = c.req;
    if ((method !== 'GET' && method !== 'HEAD') || isApiPath(path)) return next();
    if (path === '/' || path === '/index.html') return sendIndex(c);
    // serveStatic answers a file it finds, and calls `next` (answering nothing) otherwise.
    const response = await serveFile(c, () => Promise.resolve());
    if (response) {
      response.headers.set('Cache-Control', path.startsWith('/assets/') ? IMMUTABLE : SHORT);
      return response;
    }
    // A missing hashed asset is a stale page asking for an old build: a 404, not the app's HTML.
    if (path.startsWith('/assets/')) return errorResponse(c, 404, ERROR_CODES.notFound, `No file at ${path}`);
    return sendIndex(c);
  };
}
