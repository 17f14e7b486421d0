import { sanitiseCmsHtml } from './html-sanitiser.js';

const PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<a href="javascript:window.__xss = 1">clic</a>',
  '<svg onload="window.__xss = 1"></svg>',
  '<iframe src="javascript:window.__xss = 1"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<details open ontoggle="window.__xss = 1">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

describe('sanitiseCmsHtml', () => {
  it.each(PAYLOADS)('removes every way to run script from %s', (payload) => {
    const clean = sanitiseCmsHtml(`<p>Avant</p>${payload}<p>Après</p>`);
    expect(clean).not.toMatch(/<script|onerror|onload|ontoggle|javascript:|<iframe|<svg|style=|data:/i);
    expect(clean).toContain('<p>Avant</p>');
  });

  it('keeps formatting, links and images', () => {
    const html = '<h2>Titre</h2><p><strong>Gras</strong> <a href="https://example.fr" target="_blank">lien</a></p><img src="https://example.fr/a.png" alt="A">';
    expect(sanitiseCmsHtml(html)).toBe(
      '<h2>Titre</h2><p><strong>Gras</strong> <a href="https://example.fr" target="_blank" rel="noopener noreferrer">lien</a></p><img src="https://example.fr/a.png" alt="A" />',
    );
  });
});
