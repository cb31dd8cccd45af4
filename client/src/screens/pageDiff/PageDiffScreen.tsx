// /page/diff/:page_id/:page_history_id — a history version against the current text,
// side by side (wide screens) or inline, computed with diff-match-patch line by line.
import '../../i18n/editorTexts';
import { useEffect, useMemo, useState } from 'react';
import { Empty, Segmented, Spin, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageApi } from '../../api';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageDiff } from '@shared/api/page';
import { lineDiff, sideBySide } from './lineDiff';
import './pageDiff.css';

export default function PageDiffScreen() {
  const { page_id, page_history_id } = useParams();
  const { t } = useTranslation();
  const [diff, setDiff] = useState<PageDiff | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'side' | 'inline'>(() => (window.innerWidth >= 1000 ? 'side' : 'inline'));

  useEffect(() => {
    pageApi
      .diff(String(page_id), String(page_history_id))
      .then(setDiff)
      .catch(() => setFailed(true));
  }, [page_id, page_history_id]);

  const chunks = useMemo(() => (diff ? lineDiff(diff.history_page.page_content ?? '', diff.page.page_content ?? '') : []), [diff]);
  const rows = useMemo(() => sideBySide(chunks), [chunks]);
  // the diff opens in its own tab: name it after the page
  useDocumentTitle(diff ? t('editor.diff.pageTitle', { title: diff.page.page_title }) : null);

  if (failed) return <Empty style={{ marginTop: '20vh' }} description={t('editor.diff.unavailable')} />;
  if (!diff) return <Spin size="large" style={{ display: 'block', marginTop: '20vh' }} />;
  return (
    <div className="quire-diff">
      <div className="quire-diff-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {diff.page.page_title}
        </Typography.Title>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'side' | 'inline')}
          options={[
            { value: 'side', label: t('editor.diff.side') },
            { value: 'inline', label: t('editor.diff.inline') },
          ]}
        />
      </div>
      {mode === 'side' ? (
        <table className="quire-diff-table" data-testid="diff-side">
          <thead>
            <tr>
              <th>{t('editor.diff.version', { time: diff.history_page.addtime ?? '' })}</th>
              <th>{t('editor.diff.current')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td className={r.left?.kind ?? 'empty'}>{r.left?.text ?? ''}</td>
                <td className={r.right?.kind ?? 'empty'}>{r.right?.text ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <pre className="quire-diff-inline" data-testid="diff-inline">
          {chunks.flatMap((c, i) =>
            c.lines.map((line, j) => (
              <div key={`${i}.${j}`} className={c.kind}>
                {c.kind === 'added' ? '+ ' : c.kind === 'removed' ? '- ' : '  '}
                {line}
              </div>
            )),
          )}
        </pre>
      )}
    </div>
  );
}
