import { Hono } from 'hono';
import * as v from 'valibot';
import type { Kysely } from 'kysely';
import {
  STATIC_PAGE_IDS,
  type Footer,
  type StaticPage,
  type StaticPageId,
} from '../../src/api/content';
import {
  DOCUMENT_KINDS,
  findDocument,
  findPage,
  footerBodySchema,
  seoBodySchema,
  signupBodySchema,
  SINGLE_DOCUMENT_KEY,
  termsVersionsBodySchema,
  type DocumentKind,
} from '../content/documents';
import { buildMarketsDocument } from '../content/markets-document';
import { resolveContentScope, type ContentScope } from '../content/scope';
import { footerWithYear } from '../content/seed';
import { renderTermsDocument, TERMS_FILE_NAME } from '../content/terms';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { DOCUMENT_ONLY_CSP } from '../http/security';
import type { SiteEnv } from '../http/site-context';
// The content service (behaviour.md §7 "Content"), mounted at /api/content. Documents are per
// site (SiteContext), market and language; the answers follow the wire schemas of src/api/content.ts.

export interface ContentRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

function isStaticPageId(id: string): id is StaticPageId {
  return (STATIC_PAGE_IDS as readonly string[]).includes(id);
}

function notFound(what: string): HttpError {
  return new HttpError(404, ERROR_CODES.contentNotFound, `No ${what} in this market and language.`);
}

export function contentRoutes({ db, clock }: ContentRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();

  const single = async <TSchema extends v.GenericSchema>(scope: ContentScope, kind: DocumentKind, schema: TSchema) => {
    const document = await findDocument(db, scope, kind, SINGLE_DOCUMENT_KEY, schema);
    if (!document) throw notFound(kind);
    return document.body;
  };

  routes.get('/markets', (c) => c.json(buildMarketsDocument()));

  routes.get('/:market/:language/pages/:pageId', async (c) => {
    const scope = resolveContentScope(c.var.siteId, c.req.param('market'), c.req.param('language'));
    const id = c.req.param('pageId');
    const page = isStaticPageId(id) ? await findPage(db, scope, id) : null;
    if (!page) throw notFound(`page "${id}"`);
    const answer: StaticPage = {
      id: id as StaticPageId,
      market: scope.market,
      language: scope.language,
      title: page.body.title,
      html: page.body.html,
      seo: page.body.seo,
      updatedAt: page.updatedAt.toISOString(),
    };
    return c.json(answer);
  });

  routes.get('/:market/:language/footer', async (c) => {
    const scope = resolveContentScope(c.var.siteId, c.req.param('market'), c.req.param('language'));
    const footer = await single(scope, DOCUMENT_KINDS.footer, footerBodySchema);
    const answer: Footer = footerWithYear(footer, clock());
    return c.json(answer);
  });

  routes.get('/:market/:language/terms-versions', async (c) => {
    const scope = resolveContentScope(c.var.siteId, c.req.param('market'), c.req.param('language'));
    return c.json(await single(scope, DOCUMENT_KINDS.termsVersions, termsVersionsBodySchema));
  });

  routes.get('/:market/:language/seo', async (c) => {
    const scope = resolveContentScope(c.var.siteId, c.req.param('market'), c.req.param('language'));
    return c.json(await single(scope, DOCUMENT_KINDS.seo, seoBodySchema));
  });

  // The sign-up page's bonus CTA panel (behaviour.md §7 "Content": the signup page query).
  routes.get('/:market/:language/signup', async (c) => {
    const scope = resolveContentScope(c.var.siteId, c.req.param('market'), c.req.param('language'));
    return c.json(await single(scope, DOCUMENT_KINDS.signup, signupBodySchema));
  });

  // The documents the terms-versions answer links to: the market's terms page as published.
  routes.get('/terms/:market/:language/:file', async (c) => {
    const scope = resolveContentScope(c.var.siteId, c.req.param('market'), c.req.param('language'));
    const match = TERMS_FILE_NAME.exec(c.req.param('file'));
    const versions = await single(scope, DOCUMENT_KINDS.termsVersions, termsVersionsBodySchema);
    const release = match ? versions.versions.find((item) => item.version === Number(match[1])) : undefined;
    const page = await findPage(db, scope, 'terms_and_conditions');
    if (!release || !page) throw notFound('terms version');
    c.header('Content-Security-Policy', DOCUMENT_ONLY_CSP);
    return c.html(renderTermsDocument(scope, release, page.body));
  });

  return routes;
}
