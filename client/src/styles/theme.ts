// One design language: Ant Design tokens (primary colour, radius, CJK-friendly font stack).
import type { ThemeConfig } from 'antd';

export const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Source Han Sans SC", "Helvetica Neue", Arial, sans-serif';

export const PRIMARY = '#3b5bdb';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    borderRadius: 8,
    fontFamily: FONT_STACK,
    colorBgLayout: '#f5f7fb',
    colorTextBase: '#1f2430',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px', siderBg: '#ffffff' },
    Menu: { itemHeight: 36, subMenuItemBg: 'transparent', itemBorderRadius: 6, itemMarginInline: 6 },
    Card: { borderRadiusLG: 12 },
  },
};
