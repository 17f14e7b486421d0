import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { App as AntdApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import type { AppStore } from './store';

dayjs.locale('fr');

export const BRAND_COLOR = '#e65d00';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider
        locale={frFR}
        theme={{
          token: {
            colorPrimary: BRAND_COLOR,
            colorLink: BRAND_COLOR,
            borderRadius: 8,
            fontFamily:
              "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
          },
        }}
      >
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </Provider>
  );
}
