import { useEffect, useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { BackToTop } from '../../components/BackToTop';
import { TextPlaceholder } from '../../components/TextPlaceholder';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageInfo } from '@shared/api/page';
import { Brand } from '../../components/Brand';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { DocArticle } from '../../components/doc/DocArticle';
import { Toc } from '../../markdown/Toc';
import { useMarkdown } from '../../markdown/useMarkdown';
import { BREAKPOINTS, useViewportWidth } from '../../hooks/useViewportWidth';

/**
 * One page on its own (/page/:id and /p/:key): title, Markdown, table of contents, back-to-top,
 * and a full-screen toggle — the toggle and the TOC are hidden under 1000 px (spec §2).
 */
/** what a standalone page shows while it loads */
export function StandaloneLoading() {
  return (
    <div style={{ padding: 40, maxWidth: 900, margin: '0 auto' }}>
      <TextPlaceholder rows={12} />
    </div>
  );
}

export function StandaloneDocument({ page, actions }: { page: PageInfo; actions?: ReactNode }) {
  const { t } = useTranslation();
  const width = useViewportWidth();
  const rendered = useMarkdown(page.page_content);
  const [fullScreen, setFullScreen] = useState(false);
  const wide = width >= BREAKPOINTS.pageMobile;
  const full = fullScreen && wide;

  useEffect(() => {
    document.title = page.page_title;
  }, [page.page_title]);

  return (
    <div className={`standalone${full ? ' full-page' : ''}`} data-testid="standalone-page">
      {!full && (
        <header className="app-header">
          <Brand compact={width < 600} />
          <div className="header-center">{actions}</div>
          <div className="header-right">
            <LanguageSwitch compact={width < 600} />
          </div>
        </header>
      )}
      <div className={`doc-layout${wide ? '' : ' narrow'}`}>
        <DocArticle page={page} html={rendered.html} />
        {wide && !full && <Toc headings={rendered.headings} />}
      </div>
      {wide && (
        <Tooltip title={full ? t('doc.exitFullScreen') : t('doc.fullScreen')} placement="left">
          <Button
            className="full-page-exit"
            shape="circle"
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullScreen(!full)}
            aria-label={full ? t('doc.exitFullScreen') : t('doc.fullScreen')}
            style={full ? undefined : { top: 70 }}
            data-testid="full-screen-toggle"
          />
        </Tooltip>
      )}
      <BackToTop />
    </div>
  );
}
