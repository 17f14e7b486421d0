import { messages as m } from './messages';

/**
 * What a page shows while its code loads: a spinner drawn in CSS (no antd Spin in the shell's
 * JavaScript), in a box as tall as the fold, so that the footer never shows above it and jumps.
 */
export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-label={m.loading}>
      <span className="page-loader__spinner" />
    </div>
  );
}
