// In the reader: the page's shared document holds edits nobody saved yet ("Ann is editing —
// 3 unsaved changes"), so the reader knows the text shown is the saved version.
import { useEffect, useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageApi, type Id } from '../../api';
import type { LiveDraft } from '@shared/api/page/liveDraft';

export function LiveDraftNotice({ pageId }: { pageId: Id }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LiveDraft | null>(null);
  useEffect(() => {
    let current = true;
    setDraft(null);
    pageApi
      .liveDraft(pageId)
      .then((d) => current && setDraft(d))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [pageId]);
  if (!draft || draft.changes <= 0) return null;
  const text = draft.editing ? t('liveDraft.editing', { name: draft.editing, count: draft.changes }) : t('liveDraft.pending', { count: draft.changes });
  return (
    // a plain element, not antd's Tag: the reader route has a JavaScript budget (DESIGN §7)
    <span className="quire-live-draft" data-testid="live-draft-notice">
      <EditOutlined />
      {text}
    </span>
  );
}
