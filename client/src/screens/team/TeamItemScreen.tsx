import '../../i18n/managementTexts';
import { useState } from 'react';
import { Button, Select, Space, Table } from 'antd';
import { DeleteOutlined, LinkOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { itemApi, peopleApi, type Id } from '../../api';
import type { TeamItem } from '@shared/api/teamItem';
import { formatTime } from '../../ui/time';
import { Frame } from '../itemSetting/shared/Frame';
import { useLoad } from '../itemSetting/shared/useLoad';
import { confirmDelete, toast } from '../../ui/confirm';
import { TeamItemMembersModal } from '../itemSetting/TeamItemMembersModal';
import { useTeam } from './useTeam';

/** Items bound to a team: bind own items (several at once), unassign, per-member authority and catalog. */
export default function TeamItemScreen() {
  const { t } = useTranslation();
  const { team_id = '' } = useParams();
  const { team, manage } = useTeam(team_id);
  const bound = useLoad(() => peopleApi.teamItemsByTeam(team_id), [team_id]);
  const mine = useLoad(() => itemApi.myList(true), []);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [authority, setAuthority] = useState<{ itemId: Id; name: string } | null>(null);
  const rows = Array.isArray(bound.data) ? bound.data : [];
  const boundIds = new Set(rows.map((r) => String(r.item_id)));
  const choices = (Array.isArray(mine.data) ? mine.data : []).filter((i) => !boundIds.has(String(i.item_id)));

  const bind = async () => {
    if (picked.length === 0) return;
    setBusy(true);
    try {
      await peopleApi.saveTeamItem({ item_id: picked.join(','), team_id });
      toast('success', t('team.itemsBound'));
      setPicked([]);
      bound.reload();
    } catch {
      // alert shown
    } finally {
      setBusy(false);
    }
  };

  const unbind = (r: TeamItem) =>
    confirmDelete({
      title: t('team.unbindTitle', { name: r.item_name ?? '' }),
      content: t('team.unbindConfirm'),
      okText: t('team.unbind'),
      doneText: t('team.unbound'),
      remove: () => peopleApi.deleteTeamItem(r.id),
      onDone: bound.reload,
    });

  return (
    <Frame title={team ? t('team.itemsOf', { name: team.team_name }) : t('team.itemsTitle')} back="/team/index" testId="team-item-screen">
      {manage && (
        <div className="manage-panel">
          <h2>{t('team.bindItems')}</h2>
          <Space.Compact style={{ width: '100%', maxWidth: 620 }}>
            <Select
              mode="multiple"
              style={{ width: '100%' }}
              placeholder={t('team.pickItems')}
              value={picked}
              onChange={setPicked}
              showSearch={{ optionFilterProp: 'label' }}
              options={choices.map((i) => ({ value: String(i.item_id), label: i.item_name }))}
              notFoundContent={t('team.noOwnItems')}
              data-testid="team-item-pick"
            />
            <Button type="primary" icon={<LinkOutlined />} onClick={() => void bind()} loading={busy} disabled={picked.length === 0} data-testid="team-item-bind">
              {t('team.bind')}
            </Button>
          </Space.Compact>
          <p className="manage-hint" style={{ marginTop: 8 }}>
            {t('team.bindHint')}
          </p>
        </div>
      )}
      <div className="manage-panel">
        <Table<TeamItem>
          rowKey={(r) => String(r.id)}
          loading={bound.loading && !bound.data}
          dataSource={rows}
          pagination={rows.length > 12 ? { pageSize: 12 } : false}
          locale={{ emptyText: t('team.noItems') }}
          data-testid="team-item-list"
          columns={[
            { title: t('team.item'), render: (_, r) => <Link to={`/${r.item_id}`}>{r.item_name}</Link> },
            { title: t('management.addedAt'), dataIndex: 'addtime', render: (v) => formatTime(v), responsive: ['md'] },
            {
              title: '',
              width: 230,
              render: (_, r) =>
                manage && (
                  <Space size={4}>
                    <Button size="small" icon={<SettingOutlined />} onClick={() => setAuthority({ itemId: r.item_id, name: r.item_name ?? '' })}>
                      {t('team.memberAuthority')}
                    </Button>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('team.unbind')} onClick={() => unbind(r)} />
                  </Space>
                ),
            },
          ]}
        />
      </div>
      <TeamItemMembersModal
        open={!!authority}
        itemId={authority?.itemId ?? 0}
        teamId={team_id}
        title={t('team.authorityTitle', { name: authority?.name ?? '' })}
        onClose={() => setAuthority(null)}
      />
    </Frame>
  );
}
