// The edit screen once the item and page are known: header (title, catalog, editors, save),
// toolbars, the editor beside its live preview, and the dialogs.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Badge, Button, Dropdown, Input, Select, Space, Spin, Tooltip } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined, PaperClipOutlined, OrderedListOutlined, EyeOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EditorView } from '@codemirror/view';
import { avatarColor } from '@shared/avatarColor';
import { call, pageApi, type Template } from '../../api';
import { useCurrentUser } from '../../session/user';
import { MarkdownEditor, type MarkdownEditorHandle } from './MarkdownEditor';
import { PreviewPane } from './PreviewPane';
import { EditorToolbar } from './EditorToolbar';
import { EditorsAvatars } from './EditorsAvatars';
import { SaveButton } from './SaveButton';
import { useEditSession } from './useEditSession';
import { useCollabDoc } from './useCollabDoc';
import { draftKey, draftToOffer, readDraft, clearDraft, useDraftAutosave } from './usePageDraft';
import { insertBlock, insertText } from './editorCommands';
import { replaceContent } from './replaceContent';
import { apiDocTemplate, dbDocTemplate } from './builtinTemplates';
import { beautifyJson, jsonToMarkdownTable, looksTabular, tsvToMarkdownTable } from './formatTools';
import { imageMarkdown, uploadImage } from './uploadImage';
import { PREVIEW_MAX_CHARS } from './limits';
import { HistoryDialog } from '../../components/page/HistoryDialog';
import { TemplatesDialog } from './dialogs/TemplatesDialog';
import { TextToolDialog, type TextTool } from './dialogs/TextToolDialog';
import { AttachmentsDialog } from './dialogs/AttachmentsDialog';
import { MockDialog } from './dialogs/MockDialog';
import { HttpTestDialog } from './dialogs/HttpTestDialog';
import { SortPagesModal } from '../catalog/SortPagesModal';
import type { EditorData } from './useEditorData';
import './pageEdit.css';

type Dialog = 'history' | 'attachments' | 'mock' | 'http' | 'sort' | null;

export function PageEditor({ itemId, pageId, catParam, data }: { itemId: number; pageId: number; catParam: number | null; data: EditorData }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const lang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  const editor = useRef<MarkdownEditorHandle>(null);
  const view = useCallback((): EditorView | null => editor.current?.view() ?? null, []);

  const page = data.page;
  const isNew = pageId <= 0;
  const [title, setTitle] = useState(page?.page_title ?? '');
  const [catId, setCatId] = useState<number>(isNew ? (catParam ?? Number(page?.cat_id ?? 0)) : Number(page?.cat_id ?? 0));
  const [text, setText] = useState(page?.page_content ?? '');
  const [scroll, setScroll] = useState(0);
  const [showPreview, setShowPreview] = useState(() => window.innerWidth >= 1000);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [textTool, setTextTool] = useState<TextTool | null>(null);
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [attachmentCount, setAttachmentCount] = useState(Number(page?.attachment_count ?? 0));
  const saving = useRef(false);
  const [savingShown, setSavingShown] = useState(false);

  const backTo = isNew ? `/${itemId}` : `/${itemId}?page_id=${pageId}`;
  const session = useEditSession(pageId, !isNew);
  const display = useMemo(() => (user ? { name: user.name || user.username, color: avatarColor(user.uid) } : null), [user]);
  const live = useCollabDoc(pageId, !isNew && session.status === 'joined', display);
  const ready = isNew || live.status === 'synced' || live.status === 'offline';

  // refused (locked by someone else, HTTP-only editor, rights gone): say who, then go back
  const leaving = useRef(false);
  useEffect(() => {
    const reason = session.status === 'refused' ? session.message : session.status === 'revoked' ? t('editor.revoked') : live.status === 'refused' ? live.reason : '';
    if (!reason || leaving.current) return;
    leaving.current = true;
    modal.warning({ title: t('editor.cannotEdit'), content: reason, onOk: () => navigate(backTo), afterClose: () => navigate(backTo) });
  }, [session.status, session.message, live.status, live.reason, modal, navigate, backTo, t]);

  // drafts: offered once the text we edit is known, kept every 30 s and when the tab goes away
  const key = draftKey(itemId, pageId);
  const drafts = useDraftAutosave(key, () => view()?.state.doc.toString() ?? null, ready);
  const offered = useRef(false);
  useEffect(() => {
    if (!ready || offered.current) return;
    offered.current = true;
    const current = view()?.state.doc.toString() ?? text;
    drafts.setBaseline(current);
    const draft = draftToOffer(readDraft(key), current);
    if (!draft) return;
    modal.confirm({
      title: t('editor.draft.title'),
      content: t('editor.draft.content'),
      okText: t('editor.draft.restore'),
      cancelText: t('editor.draft.discard'),
      onOk: () => {
        const v = view();
        if (v) replaceContent(v, draft);
      },
      onCancel: () => clearDraft(key),
    });
  }, [ready, key, drafts, modal, t, text, view]);

  // the preview switches off for long pages, with a notice once per page
  const tooLong = text.length > PREVIEW_MAX_CHARS;
  useEffect(() => {
    if (!tooLong) return;
    const k = `quire.previewNotice.${pageId}`;
    if (sessionStorage.getItem(k)) return;
    sessionStorage.setItem(k, '1');
    message.info(t('editor.previewOff', { n: PREVIEW_MAX_CHARS }));
  }, [tooLong, pageId, message, t]);

  const save = useCallback(async () => {
    const v = view();
    if (!v || saving.current) return;
    saving.current = true;
    setSavingShown(true);
    const content = v.state.doc.toString();
    try {
      const r = await call<{ page_id: number | string }>('page/save', {
        page_id: isNew ? 0 : pageId,
        item_id: itemId,
        cat_id: catId,
        page_title: title.trim() || t('editor.defaultTitle'),
        page_content: encodeURIComponent(content),
        is_urlencode: 1,
        ...(live.collab ? { from_collab: 1 } : {}),
      });
      drafts.markSaved(content);
      message.success(t('editor.saved'));
      if (isNew) {
        clearDraft(key);
        navigate(`/page/edit/${itemId}/${r.page_id}`, { replace: true });
      }
    } catch {
      /* the API client showed the error */
    } finally {
      saving.current = false;
      setSavingShown(false);
    }
  }, [view, isNew, pageId, itemId, catId, title, t, live.collab, drafts, message, navigate, key]);

  const saveTemplate = async () => {
    const content = view()?.state.doc.toString() ?? '';
    await pageApi.saveTemplate({ template_title: title.trim() || t('editor.defaultTitle'), template_content: content });
    message.success(t('editor.templates.saved'));
  };

  const toggleLock = async () => {
    if (await session.setExclusive(!session.exclusive)) message.success(session.exclusive ? t('editor.unlocked') : t('editor.locked'));
  };

  const openTemplates = async () => {
    const list = await pageApi.templates();
    if (!Array.isArray(list) || !list.length) {
      message.info(t('editor.templates.none'));
      return;
    }
    setTemplates(list);
  };

  const convert = (tool: TextTool, input: string): boolean => {
    const v = view();
    if (!v) return false;
    if (tool === 'jsonTable') {
      try {
        insertBlock(v, jsonToMarkdownTable(input, { field: t('editor.format.field'), type: t('editor.format.type'), example: t('editor.format.example') }));
      } catch {
        message.error(t('editor.format.jsonFailed'));
        return false;
      }
    } else if (tool === 'beautify') insertBlock(v, beautifyJson(input));
    else insertBlock(v, tsvToMarkdownTable(input));
    return true;
  };

  const onFiles = async (files: File[], v: EditorView) => {
    for (const file of files) {
      if (!file.type.startsWith('image/')) continue;
      const r = await uploadImage(file, itemId, pageId);
      if (r.ok && r.url) insertText(v, imageMarkdown(file.name || 'image', r.url) + '\n');
      else message.error(r.message || t('editor.imageFailed'));
    }
  };

  // spreadsheet rows pasted as text become a table
  const onPasteText = (pasted: string, v: EditorView) => {
    if (!looksTabular(pasted) || pasted.trim().split(/\r?\n/).length < 2) return false;
    insertBlock(v, tsvToMarkdownTable(pasted));
    return true;
  };

  const needSaved = (d: Dialog) => () => {
    if (isNew) message.warning(t('editor.saveFirst'));
    else setDialog(d);
  };

  const catalogOptions = [{ value: 0, label: t('editor.noCatalog') }, ...data.catalogs.map((c) => ({ value: Number(c.cat_id), label: c.cat_name }))];
  const formatItems = [
    { key: 'jsonTable', label: t('editor.format.jsonTable') },
    { key: 'beautify', label: t('editor.format.beautify') },
    { key: 'pasteTable', label: t('editor.format.pasteTable') },
  ];

  return (
    <div className="quire-page-edit">
      <header className="quire-page-edit-header">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)} aria-label={t('editor.back')} />
        <Input
          className="quire-page-edit-title"
          value={title}
          maxLength={255}
          placeholder={t('editor.titlePlaceholder')}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="page-title-input"
        />
        <Select className="quire-page-edit-catalog" value={catId} onChange={setCatId} options={catalogOptions} aria-label={t('editor.catalog')} data-testid="catalog-select" />
        <EditorsAvatars editors={session.editors} />
        {live.status === 'offline' && <span className="quire-page-edit-offline">{t('editor.offline')}</span>}
        <SaveButton
          saving={savingShown}
          exclusive={session.exclusive}
          canLock={!isNew && session.status === 'joined'}
          onSave={() => void save()}
          onSaveTemplate={() => void saveTemplate()}
          onToggleLock={() => void toggleLock()}
        />
      </header>

      <div className="quire-page-edit-tools">
        <EditorToolbar view={view} shared={!!live.collab} />
        <Space size={4} wrap>
          <Button size="small" onClick={() => view() && insertBlock(view()!, apiDocTemplate(lang))} data-testid="insert-api-template">
            {t('editor.apiTemplate')}
          </Button>
          <Button size="small" onClick={() => view() && insertBlock(view()!, dbDocTemplate(lang))}>
            {t('editor.dbTemplate')}
          </Button>
          <Button size="small" onClick={() => void openTemplates()} data-testid="more-templates">
            {t('editor.moreTemplates')}
          </Button>
          <Dropdown trigger={['click']} menu={{ items: formatItems, onClick: ({ key }) => setTextTool(key as TextTool) }}>
            <Button size="small" data-testid="format-tools">
              {t('editor.format.title')}
            </Button>
          </Dropdown>
          <Button size="small" onClick={needSaved('mock')} data-testid="open-mock">
            Mock
          </Button>
          {lang === 'zh-CN' && (
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
          <Button size="small" icon={<OrderedListOutlined />} onClick={() => setDialog('sort')}>
            {t('editor.sortPages')}
          </Button>
          <Tooltip title={tooLong ? t('editor.previewOff', { n: PREVIEW_MAX_CHARS }) : ''}>
            <Button size="small" icon={showPreview ? <EyeInvisibleOutlined /> : <EyeOutlined />} disabled={tooLong} onClick={() => setShowPreview((s) => !s)}>
              {t('editor.preview')}
            </Button>
          </Tooltip>
        </Space>
      </div>

      <div className={`quire-page-edit-body ${showPreview && !tooLong ? 'with-preview' : ''}`}>
        {ready ? (
          <MarkdownEditor
            ref={editor}
            collab={live.collab}
            initial={isNew ? (page?.page_content ?? '') : text}
            placeholder={t('editor.placeholder')}
            onChange={setText}
            onSave={() => void save()}
            onFiles={(files, v) => void onFiles(files, v)}
            onPasteText={onPasteText}
            onScroll={setScroll}
          />
        ) : (
          <div className="quire-page-edit-connecting">
            <Spin tip={t('editor.connecting')}>
              <div style={{ height: 120 }} />
            </Spin>
          </div>
        )}
        {showPreview && !tooLong && <PreviewPane text={text} scrollRatio={scroll} />}
      </div>

      {!isNew && (
        <HistoryDialog
          pageId={pageId}
          open={dialog === 'history'}
          onClose={() => setDialog(null)}
          onRestore={(content) => {
            const v = view();
            if (v) replaceContent(v, content);
          }}
        />
      )}
      <TemplatesDialog
        templates={templates}
        onClose={() => setTemplates(null)}
        onInsert={(content) => {
          const v = view();
          if (v) insertBlock(v, content);
          setTemplates(null);
        }}
        onDelete={async (tpl) => {
          await pageApi.deleteTemplate(tpl.id);
          setTemplates((list) => list?.filter((x) => x.id !== tpl.id) ?? null);
        }}
      />
      <TextToolDialog tool={textTool} onClose={() => setTextTool(null)} onConvert={convert} />
      {!isNew && (
        <AttachmentsDialog
          open={dialog === 'attachments'}
          itemId={itemId}
          pageId={pageId}
          onClose={() => setDialog(null)}
          onCount={setAttachmentCount}
          onInsert={(md) => {
            const v = view();
            if (v) insertText(v, md);
          }}
        />
      )}
      {!isNew && <MockDialog open={dialog === 'mock'} itemId={itemId} pageId={pageId} onClose={() => setDialog(null)} />}
      <HttpTestDialog open={dialog === 'http'} onClose={() => setDialog(null)} />
      <SortPagesModal open={dialog === 'sort'} itemId={itemId} catId={String(catId)} title={t('editor.sortPages')} onClose={() => setDialog(null)} />
    </div>
  );
}
