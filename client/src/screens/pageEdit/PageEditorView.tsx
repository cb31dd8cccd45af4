// The edit screen as it looks: header (title, catalog, editors, save), toolbars, the editor beside
// its live preview, and the dialogs. What it shows and does comes from PageEditor's hooks; it keeps
// only what is on screen (which dialog is open, the preview, the scroll position).
import { useState, type ReactNode, type Ref } from 'react';
import { App, Badge, Button, Dropdown, Input, Select, Space, Spin, Tooltip } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined, PaperClipOutlined, OrderedListOutlined, EyeOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EditorView } from '@codemirror/view';
import type { PresenceUser } from '@shared/realtime';
import type { CatalogRow } from '../catalog/catalogRow';
import type { Language } from '../../i18n';
import { MarkdownEditor, type Collab, type MarkdownEditorHandle } from './MarkdownEditor';
import { PreviewPane } from './PreviewPane';
import { EditorToolbar } from './EditorToolbar';
import { EditorsAvatars } from './EditorsAvatars';
import { SaveButton } from './SaveButton';
import { SaveStateTag } from './SaveStateTag';
import type { SaveState } from './useSaveState';
import { PREVIEW_MAX_CHARS } from './limits';
import { HistoryDialog } from '../../components/page/HistoryDialog';
import { TemplatesDialog } from './dialogs/TemplatesDialog';
import { TextToolDialog, type TextTool } from './dialogs/TextToolDialog';
import { SqlTableDialog } from './dialogs/SqlTableDialog';
import { AttachmentsDialog } from './dialogs/AttachmentsDialog';
import { MockDialog } from './dialogs/MockDialog';
import { HttpTestDialog } from './dialogs/HttpTestDialog';
import { SortPagesModal } from '../catalog/SortPagesModal';
import type { SaveActions } from './useSaveActions';
import type { InsertTools } from './useInsertTools';
import './pageEdit.css';

type Dialog = 'history' | 'attachments' | 'mock' | 'http' | 'sort' | 'sqlTable' | null;

export interface PageEditorViewProps {
  itemId: number;
  /** ≤ 0: a new page (no history, attachments or mock until it is saved) */
  pageId: number;
  lang: Language;
  title: string;
  onTitle(title: string): void;
  catId: number;
  onCatalog(catId: number): void;
  catalogs: CatalogRow[];
  /** a single-page item has no catalogs: no catalog selector, no page sorting */
  singlePage: boolean;
  /** who else edits the page */
  editors: PresenceUser[];
  exclusive: boolean;
  canLock: boolean;
  /** another user's lock, the edit right gone, or the draft question open: the text shows but cannot change */
  readOnly: boolean;
  /** why it is read-only (ReadOnlyBanner), above the editor */
  banner: ReactNode;
  saveState: SaveState;
  /** the co-editing connection dropped after it synced */
  offline: boolean;
  /** the text to edit is known: show the editor (else a spinner) */
  ready: boolean;
  collab: Collab | null;
  editorRef: Ref<MarkdownEditorHandle>;
  view(): EditorView | null;
  /** the text the editor starts with */
  initial: string;
  /** the text as typed (for the preview) */
  text: string;
  onText(text: string): void;
  tooLong: boolean;
  attachmentCount: number;
  actions: SaveActions;
  tools: InsertTools;
  onBack(): void;
}

export function PageEditorView(p: PageEditorViewProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isNew = p.pageId <= 0;
  const [scroll, setScroll] = useState(0);
  const [showPreview, setShowPreview] = useState(() => window.innerWidth >= 1000);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [textTool, setTextTool] = useState<TextTool | null>(null);
  const [attachmentCount, setAttachmentCount] = useState(p.attachmentCount);
  const { actions, tools } = p;

  const needSaved = (d: Dialog) => () => {
    if (isNew) message.warning(t('editor.saveFirst'));
    else setDialog(d);
  };

  const catalogOptions = [{ value: 0, label: t('editor.noCatalog') }, ...p.catalogs.map((c) => ({ value: Number(c.cat_id), label: c.cat_name }))];
  const formatItems = [
    { key: 'jsonTable', label: t('editor.format.jsonTable') },
    { key: 'beautify', label: t('editor.format.beautify') },
    { key: 'pasteTable', label: t('editor.format.pasteTable') },
  ];

  return (
    <div className="quire-page-edit">
      <header className="quire-page-edit-header">
        <Button icon={<ArrowLeftOutlined />} onClick={p.onBack} aria-label={t('editor.back')} />
        <Input
          className="quire-page-edit-title"
          value={p.title}
          maxLength={255}
          placeholder={t('editor.titlePlaceholder')}
          onChange={(e) => p.onTitle(e.target.value)}
          data-testid="page-title-input"
        />
        {!p.singlePage && (
          <Select className="quire-page-edit-catalog" value={p.catId} onChange={p.onCatalog} options={catalogOptions} aria-label={t('editor.catalog')} data-testid="catalog-select" />
        )}
        <EditorsAvatars editors={p.editors} />
        {p.offline && <span className="quire-page-edit-offline">{t('editor.offline')}</span>}
        <SaveStateTag state={p.saveState} />
        <SaveButton
          saving={actions.saving}
          disabled={p.readOnly}
          exclusive={p.exclusive}
          canLock={p.canLock}
          onSave={() => void actions.save()}
          onSaveTemplate={() => void actions.saveTemplate()}
          onToggleLock={() => void actions.toggleLock()}
        />
      </header>

      <div className="quire-page-edit-tools">
        <EditorToolbar view={p.view} shared={!!p.collab} onImages={(files, v) => void tools.onFiles(files, v)} />
        <Space size={4} wrap>
          <Button size="small" onClick={() => tools.insertBuiltin('api')} data-testid="insert-api-template">
            {t('editor.apiTemplate')}
          </Button>
          <Button size="small" onClick={() => tools.insertBuiltin('db')}>
            {t('editor.dbTemplate')}
          </Button>
          <Button size="small" onClick={() => void tools.openTemplates()} data-testid="more-templates">
            {t('editor.moreTemplates')}
          </Button>
          <Dropdown trigger={['click']} menu={{ items: formatItems, onClick: ({ key }) => setTextTool(key as TextTool) }}>
            <Button size="small" data-testid="format-tools">
              {t('editor.format.title')}
            </Button>
          </Dropdown>
          <Button size="small" onClick={() => setDialog('sqlTable')} data-testid="sql-table-tool">
            {t('editor.sqlTable.button')}
          </Button>
          <Button size="small" onClick={needSaved('mock')} data-testid="open-mock">
            Mock
          </Button>
          {p.lang === 'zh-CN' && (
            <Button size="small" onClick={() => setDialog('http')}>
              {t('editor.http.title')}
            </Button>
          )}
          <Badge dot={attachmentCount > 0}>
            <Button size="small" icon={<PaperClipOutlined />} onClick={needSaved('attachments')} data-testid="open-attachments">
              {t('editor.attachments.title')}
            </Button>
          </Badge>
          {!isNew && (
            <Button size="small" icon={<HistoryOutlined />} onClick={() => setDialog('history')} data-testid="open-history">
              {t('editor.history.title')}
            </Button>
          )}
          {!p.singlePage && (
            <Button size="small" icon={<OrderedListOutlined />} onClick={() => setDialog('sort')}>
              {t('editor.sortPages')}
            </Button>
          )}
          <Tooltip title={p.tooLong ? t('editor.previewOff', { n: PREVIEW_MAX_CHARS }) : ''}>
            <Button size="small" icon={showPreview ? <EyeInvisibleOutlined /> : <EyeOutlined />} disabled={p.tooLong} onClick={() => setShowPreview((s) => !s)}>
              {t('editor.preview')}
            </Button>
          </Tooltip>
        </Space>
      </div>

      {p.banner}
      <div className={`quire-page-edit-body ${showPreview && !p.tooLong ? 'with-preview' : ''}`}>
        {p.ready ? (
          <MarkdownEditor
            ref={p.editorRef}
            collab={p.collab}
            initial={p.initial}
            cursorKey={isNew ? undefined : `page.${p.pageId}`}
            readOnly={p.readOnly}
            placeholder={t('editor.placeholder')}
            onChange={p.onText}
            onSave={() => void actions.save()}
            onFiles={(files, v) => void tools.onFiles(files, v)}
            onPasteText={tools.onPasteText}
            onScroll={setScroll}
          />
        ) : (
          <div className="quire-page-edit-connecting">
            <Spin tip={t('editor.connecting')}>
              <div style={{ height: 120 }} />
            </Spin>
          </div>
        )}
        {showPreview && !p.tooLong && <PreviewPane text={p.text} scrollRatio={scroll} />}
      </div>

      {!isNew && <HistoryDialog pageId={p.pageId} open={dialog === 'history'} onClose={() => setDialog(null)} onRestore={tools.restore} />}
      <TemplatesDialog templates={tools.templates} shared={tools.sharedTemplates} onClose={tools.closeTemplates} onInsert={tools.insertTemplate} onDelete={tools.deleteTemplate} />
      <TextToolDialog tool={textTool} onClose={() => setTextTool(null)} onConvert={tools.convert} />
      <SqlTableDialog open={dialog === 'sqlTable'} onClose={() => setDialog(null)} onInsert={tools.insertMarkdownBlock} />
      {!isNew && (
        <AttachmentsDialog
          open={dialog === 'attachments'}
          itemId={p.itemId}
          pageId={p.pageId}
          onClose={() => setDialog(null)}
          onCount={setAttachmentCount}
          onInsert={tools.insertLink}
        />
      )}
      {!isNew && <MockDialog open={dialog === 'mock'} itemId={p.itemId} pageId={p.pageId} onClose={() => setDialog(null)} />}
      <HttpTestDialog open={dialog === 'http'} onClose={() => setDialog(null)} />
      <SortPagesModal open={dialog === 'sort'} itemId={p.itemId} catId={String(p.catId)} title={t('editor.sortPages')} onClose={() => setDialog(null)} />
    </div>
  );
}
