import { messages as m } from './messages';

/**
 * What a page shows while its code loads: a spinner drawn in CSS (no antd Spin in the shell's
 * JavaScript), in a box as tall as the fold, so that the footer never shows above it and jumps.
 * `text` says what is awaited under the spinner (« Reprise de la session… »).
 */
export function PageLoader({ text }: { text?: string } = {}) {
  return (
    <div className="page-loader" role="status" aria-label={text ?? m.loading}>
      <span className="page-loader__spinner" />
      {text ? <span className="page-loader__text">{text}</span> : null}
    </div>
  );
}
