import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ConfigProvider } from 'antd';
// The ES module, as the rest of antd: `antd/locale/fr_FR` is CommonJS and brought antd's `lib/` copies of the
// date pickers' locales into every page's first script (docs/adr/0010).
import frFR from 'antd/es/locale/fr_FR';
import { FeedbackOutlet } from './feedback-outlet';
import type { AppStore } from './store';
import { THEME } from './theme';

/**
 * A click beside a dialog never closes it: most dialogs hold something being typed (a learner's
 * answer, a grade and its feedback, a message), lost to a stray click. « Annuler », the close
 * button and Escape still close it.
 */
const MODAL = { mask: { closable: false } } as const;

/**
 * The page's CSP nonce (docs/adr/0029): the server writes a new one into Vite's
 * `<meta property="csp-nonce">` for each page; antd's CSS-in-JS gives it to the `<style>` it adds.
 */
function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

const CSP = { nonce: cspNonce() };

/**
 * Some antd internals add a `<style>` of their own without the ConfigProvider's nonce (the table
 * measures the scrollbar through @rc-component/util's getScrollBarSize): every `<style>` element
 * the app's own scripts create carries the page's nonce, set before it is inserted. Markup parsed
 * from a string (an injected `<style>` tag) does not go through createElement and stays blocked.
 */
function nonceOwnStyles(nonce: string | undefined): void {
  if (!nonce || typeof document === 'undefined') return;
  const create = document.createElement.bind(document) as (tagName: string, options?: ElementCreationOptions) => HTMLElement;
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}

nonceOwnStyles(CSP.nonce);

/**
 * The store and antd's theme and French locale. Toasts and alert dialogs come through
 * lib/feedback.ts, whose code loads on first use (antd's App would put it in every page's).
 * dayjs is not loaded either: the screen that brings the first date picker sets its French locale.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={frFR} theme={THEME} csp={CSP} modal={MODAL}>
        {children}
        <FeedbackOutlet />
      </ConfigProvider>
    </Provider>
  );
}
