import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_DATA_ID } from '../../../src/api/firstPaint';
import { contentKeys } from '../../../src/api/queries';
import { parseLangMarket } from '../../../machines/lib/markets';
import { seedFromFirstPaint } from '../../../src/app/firstPaint';
import { sanitizeCmsHtml } from '../../../src/features/content/sanitize';

// Issue 2 "Static and legal pages": CMS HTML is sanitised with DOMPurify before it reaches the DOM.

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('sanitizeCmsHtml', () => {
  it('removes scripts, styles, frames and forms', () => {
    const out = parse(
      sanitizeCmsHtml(
        '<p>Keep</p><script>window.__x = 1</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe><form action="/steal"><input name="pw"></form>',
      ),
    );
    expect(out.textContent).toBe('Keep');
    expect(out.querySelector('script, style, iframe, form, input')).toBeNull();
  });

  it('removes event handlers, inline styles and javascript: links', () => {
    const out = parse(
      sanitizeCmsHtml('<img src="/x.png" alt="x" onerror="alert(1)"><p style="color:red" onclick="alert(2)">t</p><a href="javascript:alert(3)">l</a>'),
    );
    expect(out.querySelector('[onerror], [onclick], [style]')).toBeNull();
    expect(out.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect(out.querySelector('img')?.getAttribute('alt')).toBe('x');
  });

  it('cuts handler attributes before parsing (a parsed handler logs a CSP error in Chromium), keeping the text', () => {
    const parseSpy = vi.spyOn(DOMParser.prototype, 'parseFromString');
    const out = sanitizeCmsHtml('<p class="a" onclick=\'x()\' ONMOUSEOVER=y() title="on=1">Click on=me</p><img src="/x.png" onerror="a()" onload="b()" alt="x">');
    expect(parseSpy).toHaveBeenCalled();
    for (const [markup] of parseSpy.mock.calls) expect(markup).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).toContain('Click on=me');
    expect(out).toContain('title="on=1"');
    parseSpy.mockRestore();
  });

  it('keeps prose markup: headings, lists, tables, links, emphasis', () => {
    const html =
      '<h2>Title</h2><p><strong>a</strong> <em>b</em> <a href="/en-UN/terms">terms</a></p><ul><li>one</li></ul><table><tbody><tr><td>c</td></tr></tbody></table>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it('moves CMS h1 headings down a level: the page title is the only h1', () => {
    const out = parse(sanitizeCmsHtml('<h1>Editor heading</h1><p>x</p>'));
    expect(out.querySelector('h1')).toBeNull();
    expect(out.querySelector('h2')?.textContent).toBe('Editor heading');
  });

  it('links that open a new window do not get our window', () => {
    const out = parse(sanitizeCmsHtml('<a href="https://help.example" target="_blank">help</a>'));
    expect(out.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('returns the HTML the first paint showed as it is, and sanitises any other', async () => {
    // What the platform painted (it sanitised it: here a link that opens a new window keeps no rel,
    // which the browser's policy would add) is in the page already; the app does not sanitise it again.
    const painted = '<p>Painted terms <a href="https://help.example" target="_blank">help</a></p>';
    const doc = document.implementation.createHTMLDocument('first paint');
    const data = doc.createElement('script');
    data.id = FIRST_PAINT_DATA_ID;
    data.type = 'application/json';
    data.textContent = JSON.stringify({
      langmarket: 'en-UN',
      footer: null,
      seo: null,
      page: { id: 'terms_and_conditions', market: 'UN', language: 'en', title: 'Terms', html: painted, seo: { title: 'Terms', description: 'Terms' }, updatedAt: '2026-11-01T00:00:00Z' },
    });
    doc.body.append(data);
    const queryClient = new QueryClient();
    expect(await seedFromFirstPaint(queryClient, doc)).toBe(true);
    const langMarket = parseLangMarket('en-UN');
    if (langMarket === null) throw new Error('en-UN parses');
    expect(queryClient.getQueryData(contentKeys.page(langMarket, 'terms_and_conditions'))).toMatchObject({ html: painted });
    expect(sanitizeCmsHtml(painted)).toBe(painted);
    // Anything else, even the painted HTML with one character more, goes through the policy.
    const other = parse(sanitizeCmsHtml(`${painted} <script>window.__x = 1</script>`));
    expect(other.querySelector('script')).toBeNull();
    expect(other.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
