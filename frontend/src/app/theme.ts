import type { ThemeConfig } from 'antd';

/** The brand colour: logo, icons, borders, focus, accents, and large text only (3.5:1 on white). */
export const BRAND_COLOR = '#e65d00';
/** Its darker shade for text and for fills under white text: 5.2:1 on white (WCAG AA, docs/adr/0010). */
export const BRAND_TEXT_COLOR = '#b84a00';
const BRAND_TEXT_HOVER = '#a04000';
const BRAND_TEXT_ACTIVE = '#8f3a00';
/** Secondary text: 6:1 on white (antd's default grey is 3.4:1). */
const MUTED_TEXT = '#5c6370';
/** Placeholders (the Select's is text axe checks): 4.8:1 on white (antd's default grey is 1.8:1). */
const PLACEHOLDER = '#6b7280';
/** Errors (form messages): 5.6:1 on white (antd's default red is 3.3:1). */
const ERROR = '#cf1322';

/** antd's theme, shared by the app's ConfigProvider and nothing else. */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorPrimaryText: BRAND_TEXT_COLOR,
    colorPrimaryTextHover: BRAND_TEXT_HOVER,
    colorPrimaryTextActive: BRAND_TEXT_ACTIVE,
    colorLink: BRAND_TEXT_COLOR,
    colorLinkHover: BRAND_TEXT_HOVER,
    colorLinkActive: BRAND_TEXT_ACTIVE,
    colorTextSecondary: MUTED_TEXT,
    colorTextDescription: MUTED_TEXT,
    colorTextPlaceholder: PLACEHOLDER,
    colorError: ERROR,
    borderRadius: 8,
    fontFamily: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // White on the brand colour is 3.5:1: solid buttons take the darker shade.
    Button: {
      colorPrimary: BRAND_TEXT_COLOR,
      colorPrimaryHover: BRAND_TEXT_HOVER,
      colorPrimaryActive: BRAND_TEXT_ACTIVE,
      defaultHoverColor: BRAND_TEXT_COLOR,
      defaultHoverBorderColor: BRAND_TEXT_COLOR,
      defaultActiveColor: BRAND_TEXT_ACTIVE,
      defaultActiveBorderColor: BRAND_TEXT_ACTIVE,
    },
    Menu: {
      itemSelectedColor: BRAND_TEXT_COLOR,
    },
  },
};
