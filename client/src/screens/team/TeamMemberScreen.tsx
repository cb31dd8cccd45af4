import '../../i18n/managementTexts';
import { useState } from 'react';
import { Button, Space, Table } from 'antd';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { peopleApi } from '../../api';
import type { TeamMember } from '@shared/api/teamMember';
import { formatTime } from '../../ui/time';
import { Frame } from '../itemSetting/shared/Frame';
import { UserSelect } from '../itemSetting/shared/UserSelect';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmDelete, toast } from '../../ui/confirm';
import { useTeam } from './useTeam';

/** Team members: add several users at once, delete (they leave the team's items too). */
export default function TeamMemberScreen() {
  const { t } = useTranslation();
  const { team_id = '' } = useParams();
  const { team, manage } = useTeam(team_id);
  const members = useLoad(() => peopleApi.teamMembers(team_id), [team_id]);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const rows = Array.isArray(members.data) ? members.data : [];

  const add = async () => {
    if (picked.length === 0) return;
    setBusy(true);
    try {
      await peopleApi.saveTeamMember({ team_id, member_username: picked.join(',') });
      toast('success', t('team.memberAdded'));
      setPicked([]);
      members.reload();
    } catch {
      // alert shown
    } finally {
      setBusy(false);
    }
  };

  const remove = (m: TeamMember) =>
    confirmDelete({
      title: t('team.memberDeleteTitle', { name: m.member_username }),
      content: t('team.memberDeleteConfirm'),
      remove: () => peopleApi.deleteTeamMember(m.id),
      onDone: members.reload,
    });

  return (
    <Frame title={team ? t('team.membersOf', { name: team.team_name }) : t('team.membersTitle')} back="/team/index" testId="team-member-screen">
      {manage && (
        <div className="manage-panel">
          <h2>{t('team.addMembers')}</h2>
          <Space.Compact style={{ width: '100%', maxWidth: 620 }}>
            <UserSelect value={picked} onChange={setPicked} exclude={rows.map((m) => m.member_username)} testId="team-member-users" />
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => void add()} loading={busy} disabled={picked.length === 0} data-testid="team-member-add">
              {t('management.add')}
            </Button>
          </Space.Compact>
          <p className="manage-hint" style={{ marginTop: 8 }}>
            {t('team.addMembersHint')}
          </p>
        </div>
      )}
      <div className="manage-panel">
        <Table<TeamMember>
          rowKey={(r) => String(r.id)}
          loading={members.loading && !members.data}
          dataSource={rows}
          pagination={rows.length > 12 ? { pageSize: 12 } : false}
          locale={{ emptyText: t('team.noMembers') }}
          data-testid="team-member-list"
          columns={[
            { title: t('management.username'), dataIndex: 'member_username' },
            { title: t('management.name'), dataIndex: 'name', responsive: ['sm'] },
            { title: t('management.addedAt'), dataIndex: 'addtime', render: (v) => formatTime(v), responsive: ['md'] },
            {
              title: '',
              width: 60,
              render: (_, m) => (manage ? <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(m)} /> : null),
            },
          ]}
        />
      </div>
    </Frame>
  );
}
