import { describe, expect, it, vi } from 'vitest';
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
});
