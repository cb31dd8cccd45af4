// Shown to everyone in the editor the moment another user locks editing (naming them) or their
// own edit right goes: the editor turns read-only and keeps their text to copy.
// (spreadsheet items show it too: their screen does not load the editor's texts otherwise)
import '../../i18n/editorTexts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CollabAccess } from '@shared/realtime';

export function ReadOnlyBanner({ access }: { access: CollabAccess }) {
  const { t } = useTranslation();
  if (access.write) return null;
  const text = access.reason === 'lock' ? t('editor.live.lockedBy', { name: access.holder }) : t('editor.live.noRights');
  return <Alert className="quire-page-edit-banner" type="warning" showIcon message={text} data-testid="editor-readonly-banner" />;
}
