import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown';

describe('markdownToHtml', () => {
  it('renders headings, lists, emphasis and tables', () => {
    const html = markdownToHtml(
      '## Steps\n\n1. Open the **web app**\n2. Go to *Transfers*\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Steps</h2>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong>web app</strong>');
    expect(html).toContain('<em>Transfers</em>');
    expect(html).toContain('<td>1</td>');
  });

  it('drops raw HTML instead of passing it through', () => {
    const html = markdownToHtml(
      'Hello <script>alert(1)</script> there\n\n<iframe src="https://x.test"></iframe>',
    );
    expect(html).not.toMatch(/<script|<iframe/);
    expect(html).toContain('Hello');
  });

  it('opens outside links in a new tab and keeps site links in place', () => {
    expect(markdownToHtml('[docs](https://example.com/a)')).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noreferrer">docs</a>',
    );
    expect(markdownToHtml('[refunds](/refund-policy)')).toContain('<a href="/refund-policy">refunds</a>');
  });

  it('renders script links and images as plain text', () => {
    const html = markdownToHtml('[click](javascript:alert(1)) ![a cat](https://x.test/cat.png)');
    expect(html).not.toMatch(/javascript:|<img/);
    expect(html).toContain('click');
    expect(html).toContain('a cat');
  });
});
