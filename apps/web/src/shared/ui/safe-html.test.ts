// @vitest-environment jsdom
// DOMPurify needs a faithful HTML parser; happy-dom's returns the markup as text.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html.js';

describe('sanitizeHtml', () => {
  it('should strip scripts and event handlers from editor HTML', () => {
    const html = sanitizeHtml('<p onclick="x()">Oi<script>alert(1)</script><img src=x onerror="y()"></p>');
    expect(html).toBe('<p>Oi<img src="x"></p>');
  });

  it('should keep formatting and safe links but drop javascript: URLs', () => {
    expect(
      sanitizeHtml(
        '<p><strong>a</strong> <a href="https://x.com">b</a> <a href="javascript:alert(1)">c</a></p>',
      ),
    ).toBe('<p><strong>a</strong> <a href="https://x.com">b</a> <a>c</a></p>');
  });
});
