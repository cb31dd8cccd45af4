import { useEffect, useState } from 'react';
import { Modal, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogApi, peopleApi, type Id } from '../../api';
import type { TeamItemMember } from '@shared/api/teamItemMember';
import type { CatalogRow } from '../catalog/catalogRow';
import { formatTime } from '../../ui/time';
import { toast } from '../../ui/confirm';
import { authorityOptions, catalogOptions } from './authority';

/** Per-team-member authority and catalog for one item bound to a team (teamItemMember/*). */
export function TeamItemMembersModal({
  open,
  itemId,
  teamId,
  title,
  onClose,
}: {
  open: boolean;
  itemId: Id;
  teamId: Id;
  title: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<TeamItemMember[] | null>(null);
  const [cats, setCats] = useState<CatalogRow[]>([]);

  useEffect(() => {
    if (!open) return;
    setRows(null);
    peopleApi
      .teamItemMembers({ item_id: itemId, team_id: teamId })
      .then((l) => setRows(Array.isArray(l) ? l : []))
      .catch(() => setRows([]));
    catalogApi
      .listGroup(itemId)
      .then((l) => setCats(Array.isArray(l) ? l : []))
      .catch(() => {});
  }, [open, itemId, teamId]);

  const change = async (row: TeamItemMember, patch: { member_group_id?: number; cat_id?: string }) => {
    try {
      await peopleApi.saveTeamItemMember({ id: row.id, ...patch });
      setRows((prev) => (prev ?? []).map((r) => (r.id === row.id ? { ...r, ...patch, cat_id: patch.cat_id === undefined ? r.cat_id : Number(patch.cat_id) } : r)));
      toast('success', t('management.saved'));
    } catch {
      // alert shown by the API client
    }
  };

  return (
    <Modal open={open} title={title} footer={null} onCancel={onClose} width={760} destroyOnHidden>
      <p className="manage-hint">{t('itemSetting.teams.authorityHint')}</p>
      <Table<TeamItemMember>
        rowKey={(r) => String(r.id)}
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        data-testid="team-item-members"
        columns={[
          { title: t('management.username'), dataIndex: 'member_username' },
          {
            title: t('itemSetting.members.authority'),
            width: 150,
            render: (_, r) => (
              <Select
                size="small"
                style={{ width: 130 }}
                value={Number(r.member_group_id)}
                options={authorityOptions(t)}
                onChange={(v) => void change(r, { member_group_id: v })}
              />
            ),
          },
          {
            title: t('itemSetting.members.catalog'),
            width: 190,
            render: (_, r) => (
              <Select
                size="small"
                style={{ width: 170 }}
                value={r.cat_id ? String(r.cat_id) : '0'}
                options={catalogOptions(t, cats)}
                onChange={(v) => void change(r, { cat_id: v })}
              />
            ),
          },
          { title: t('management.addedAt'), dataIndex: 'addtime', responsive: ['md'], render: (v) => formatTime(v) },
        ]}
      />
    </Modal>
  );
}
