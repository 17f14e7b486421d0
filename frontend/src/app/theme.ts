import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#e65d00';

/** antd's theme: the brand colour, shared by the app's ConfigProvider and the toasts' (feedback-host.tsx). */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 8,
    fontFamily: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
  },
};
