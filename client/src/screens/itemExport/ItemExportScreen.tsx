import '../../i18n/screenTexts';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Radio, Result, Segmented, Select, Skeleton, Space } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { CatalogPage } from '@shared/api/catalog';
import { catalogApi, exportApi, flag, itemApi } from '../../api';
import { AppHeader } from '../../layout/AppHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { useLoad } from '../itemSetting/shared/useLoad';
import { catalogOptions } from './catalogOptions';
import { JobProgress } from './JobProgress';
import { followJobs } from './watchJob';

type Format = 'word' | 'markdown' | 'html';
const LABEL = { fontWeight: 600, marginBottom: 8 } as const;
type Started = { mode: 'file' } | { mode: 'job'; jobId: string; pages: number };

/**
 * Export (spec §2): Word for the whole item, one catalog (nested names joined by ' / ') or one
 * page of it; Markdown and offline HTML for the whole item. A small export downloads at once;
 * a large one runs in the background and its progress shows here (and on the Downloads screen).
 */
export default function ItemExportScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { item_id = '' } = useParams();
  const item = useLoad(() => itemApi.info({ item_id }), [item_id]);
  const cats = useLoad(() => catalogApi.listGroup(item_id), [item_id]);
  const [format, setFormat] = useState<Format>('word');
  const [range, setRange] = useState<'all' | 'catalog'>('all');
  const [catId, setCatId] = useState<string | undefined>(undefined);
  const [pageId, setPageId] = useState('0');
  const [pages, setPages] = useState<CatalogPage[]>([]);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<Started | null>(null);
  const narrow = useViewportWidth() < 480;
  const [jobs, setJobs] = useState<ReturnType<typeof followJobs> | null>(null);
  useDocumentTitle(item.data ? t('itemExport.titleOf', { name: item.data.item_name }) : t('itemExport.title'));

  // pushes are heard from before an export starts: a quick job may finish before its id is known
  useEffect(() => {
    const f = followJobs();
    setJobs(f);
    return () => f.stop();
  }, []);

  useEffect(() => {
    setPageId('0');
    setPages([]);
    if (!catId) return;
    let alive = true;
    catalogApi
      .pagesByCat(item_id, catId)
      .then((list) => alive && setPages(list ?? []))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [item_id, catId]);

  const backTo = `/${encodeURIComponent(item_id)}`;
  const canExport = item.data ? flag(item.data.ItemPermn ?? item.data.item_edit) : false;
  const isSheet = item.data ? String(item.data.item_type) === '4' : false;
  const needsCatalog = format === 'word' && range === 'catalog' && !catId;

  const begin = async () => {
    setBusy(true);
    setStarted(null);
    try {
      const word = format === 'word' && range === 'catalog';
      const r = await exportApi.start({ item_id: String(item.data?.item_id ?? item_id), format, cat_id: word ? Number(catId) : 0, page_id: word ? Number(pageId) : 0 });
      if (r.mode === 'job') {
        setStarted({ mode: 'job', jobId: r.job_id, pages: r.pages });
      } else {
        setStarted({ mode: 'file' });
        // the file comes back as an attachment: the browser downloads it and stays here
        window.location.assign(r.url);
      }
    } catch {
      // the API client showed the error
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (item.loading && !item.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!item.data) body = <Result status="warning" title={t('itemExport.loadFailed')} />;
  else if (isSheet) body = <Result status="info" title={t('itemExport.sheet')} extra={<Button onClick={() => navigate(backTo)}>{t('itemExport.backToItem')}</Button>} />;
  else if (!canExport)
    body = <Result status="403" title={t('itemExport.noPermission')} data-testid="export-no-permission" extra={<Button onClick={() => navigate(backTo)}>{t('itemExport.backToItem')}</Button>} />;
  else
    body = (
      <Card>
        <Space direction="vertical" size={18} style={{ width: '100%' }}>
          <div>
            <div style={LABEL}>{t('itemExport.format')}</div>
            <Segmented<Format>
              block
              value={format}
              onChange={(v) => {
                setFormat(v);
                setStarted(null);
              }}
              options={[
                { value: 'word', label: t('itemExport.word') },
                { value: 'markdown', label: t('itemExport.markdown') },
                { value: 'html', label: narrow ? t('itemExport.htmlShort') : t('itemExport.html') },
              ]}
              data-testid="export-format"
            />
          </div>
          {format === 'word' && (
            <div>
              <div style={LABEL}>{t('itemExport.range')}</div>
              <Radio.Group value={range} onChange={(e) => setRange(e.target.value as 'all' | 'catalog')} data-testid="export-range">
                <Radio value="all">{t('itemExport.all')}</Radio>
                <Radio value="catalog">{t('itemExport.oneCatalog')}</Radio>
              </Radio.Group>
            </div>
          )}
          {format === 'word' && range === 'catalog' && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('itemExport.chooseCatalog')}
                value={catId}
                onChange={setCatId}
                options={catalogOptions(cats.data)}
                loading={cats.loading}
                style={{ width: '100%' }}
                data-testid="export-catalog"
              />
              <Select
                value={pageId}
                onChange={setPageId}
                disabled={!catId}
                options={[{ value: '0', label: t('itemExport.allPages') }, ...pages.map((p) => ({ value: String(p.page_id), label: p.page_title }))]}
                style={{ width: '100%' }}
                data-testid="export-page"
              />
            </Space>
          )}
          <Alert type="info" title={t(`itemExport.tips.${format}`)} />
          <Button type="primary" block size="large" icon={<ExportOutlined />} loading={busy} disabled={needsCatalog} onClick={() => void begin()} data-testid="export-begin">
            {needsCatalog ? t('itemExport.chooseCatalogFirst') : t('itemExport.begin')}
          </Button>
          {started?.mode === 'file' && <Alert type="success" showIcon title={t('itemExport.starting')} data-testid="export-started" />}
          {started?.mode === 'job' && jobs && <JobProgress jobId={started.jobId} pages={started.pages} watch={jobs.watch} />}
        </Space>
      </Card>
    );

  return (
    <>
      <AppHeader />
      <div className="page-container" style={{ maxWidth: 640 }} data-testid="export-screen">
        <div className="page-title-row">
          <h1 style={{ overflowWrap: 'anywhere' }}>{item.data ? t('itemExport.titleOf', { name: item.data.item_name }) : t('itemExport.title')}</h1>
          <Button onClick={() => navigate(backTo)}>{t('itemExport.backToItem')}</Button>
        </div>
        {body}
      </div>
    </>
  );
}
