// The live preview switches off for long pages, with a notice once per page and tab.
import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { PREVIEW_MAX_CHARS } from './limits';

/** whether `text` is too long to preview */
export function usePreviewLimit(text: string, pageId: number): boolean {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tooLong = text.length > PREVIEW_MAX_CHARS;
  useEffect(() => {
    if (!tooLong) return;
    const k = `quire.previewNotice.${pageId}`;
    if (sessionStorage.getItem(k)) return;
    sessionStorage.setItem(k, '1');
    message.info(t('editor.previewOff', { n: PREVIEW_MAX_CHARS }));
  }, [tooLong, pageId, message, t]);
  return tooLong;
}
