import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { FeedbackOutlet } from './feedback-outlet';
import type { AppStore } from './store';
import { THEME } from './theme';

/**
 * The store and antd's theme and French locale. Toasts and alert dialogs come through
 * lib/feedback.ts, whose code loads on first use (antd's App would put it in every page's).
 * dayjs is not loaded either: the screen that brings the first date picker sets its French locale.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={frFR} theme={THEME}>
        {children}
        <FeedbackOutlet />
      </ConfigProvider>
    </Provider>
  );
}
