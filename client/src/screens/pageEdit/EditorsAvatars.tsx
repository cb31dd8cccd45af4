// Who is editing this page right now (from the gateway's presence).
import { Avatar, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PresenceUser } from '@shared/realtime';

export function EditorsAvatars({ editors }: { editors: PresenceUser[] }) {
  const { t } = useTranslation();
  if (!editors.length) return null;
  return (
    <Avatar.Group max={{ count: 5 }} size="small" data-testid="editors-avatars">
      {editors.map((u) => (
        <Tooltip key={u.uid} title={t('editor.editingSince', { name: u.name, time: new Date(u.since).toLocaleTimeString() })}>
          <Avatar style={{ background: u.color }} data-testid="editor-avatar" aria-label={u.name}>
            {u.name.slice(0, 1).toUpperCase()}
          </Avatar>
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
