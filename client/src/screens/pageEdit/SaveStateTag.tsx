// The editor's save state beside the save button: saved / unsaved changes / saving / offline.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './useSaveState';

const COLORS: Record<SaveState, string> = { saved: 'success', unsaved: 'warning', saving: 'processing', offline: 'error' };

export function SaveStateTag({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} className="quire-page-edit-state" data-testid="editor-save-state" data-state={state} aria-live="polite">
      {t(`editor.live.${state}`)}
    </Tag>
  );
}
