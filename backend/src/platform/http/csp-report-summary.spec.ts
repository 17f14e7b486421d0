import { summarise } from './security-headers.js';

describe('the CSP report summary written to the log', () => {
  it('keeps no control character of a hostile report (line breaks, NUL, terminal escapes) and cuts long fields', () => {
    const [line] = summarise({
      'csp-report': { 'effective-directive': 'script-src\nFAUX: journal', 'blocked-uri': `inline\u0000\u001b[31m`, 'document-uri': 'x'.repeat(500) },
    });
    expect(line).toBe(`directive=script-src FAUX: journal bloqué=inline  [31m page=${'x'.repeat(200)}`);
    expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it('reads both formats and at most ten reports of a batch', () => {
    const batch = Array.from({ length: 12 }, () => ({ body: { effectiveDirective: 'style-src-elem', blockedURL: 'inline', documentURL: 'https://lms/' } }));
    expect(summarise(batch)).toHaveLength(10);
    expect(summarise([null, 3, 'texte'])).toEqual([]);
  });
});
