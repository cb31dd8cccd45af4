import { useState } from 'react';
import { Button, Divider, Form, Select, Space, Table } from 'antd';
import { DeleteOutlined, SettingOutlined, UserAddOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MEMBER_GROUP } from '../../../../shared/limits';
import { catalogApi, peopleApi, type Id } from '../../api';
import type { ItemMember } from '@shared/api/member';
import type { TeamItem } from '@shared/api/teamItem';
import { formatTime } from '../../ui/time';
import { UserSelect } from './shared/UserSelect';
import { useLoad } from './shared/useLoad';
import { confirmDelete, toast } from '../../ui/confirm';
import { authorityOptions, catalogLabel, catalogOptions } from './authority';
import { TeamItemMembersModal } from './TeamItemMembersModal';
import { useApiAction } from '../../hooks/useApiAction';

interface AddValues {
  usernames: string[];
  member_group_id: number;
  cat_id: string;
}

/** Item members (add several users at once, authority, catalog restriction, delete) and bound teams. */
export function MembersTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const members = useLoad(() => peopleApi.members(itemId), [itemId]);
  const cats = useLoad(() => catalogApi.listGroup(itemId), [itemId]);
  const [form] = Form.useForm<AddValues>();
  const { busy: adding, run } = useApiAction();
  const list = Array.isArray(members.data) ? members.data : [];

  const add = async (v: AddValues) => {
    await run(async () => {
      await peopleApi.saveMember({ item_id: itemId, username: v.usernames.join(','), member_group_id: v.member_group_id, cat_id: v.cat_id });
      toast('success', t('itemSetting.members.added'));
      form.resetFields(['usernames']);
      members.reload();
    });
  };

  // in place: no need to remove and re-add someone to change what they may do
  const changeRole = async (m: ItemMember, group: number) => {
    try {
      await peopleApi.updateMember({ item_id: itemId, item_member_id: m.item_member_id, member_group_id: group });
      toast('success', t('itemSetting.members.roleChanged', { name: m.username }));
    } catch {
      // the refusal was shown; the reload puts the selector back
    }
    members.reload();
  };

  const remove = (m: ItemMember) =>
    confirmDelete({
      title: t('itemSetting.members.deleteTitle', { name: m.username }),
      content: t('itemSetting.members.deleteConfirm'),
      remove: () => peopleApi.deleteMember({ item_id: itemId, item_member_id: m.item_member_id }),
      onDone: members.reload,
    });

  return (
    <div data-testid="members-tab">
      <h2>{t('itemSetting.members.title')}</h2>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ usernames: [], member_group_id: MEMBER_GROUP.edit, cat_id: '0' }}
        onFinish={(v) => void add(v)}
        style={{ marginBottom: 12 }}
      >
        <Form.Item name="usernames" label={t('itemSetting.members.users')} rules={[{ required: true, type: 'array', min: 1, message: t('itemSetting.members.pickOne') }]}>
          <UserSelect exclude={list.map((m) => m.username)} testId="member-users" />
        </Form.Item>
        <Space wrap align="end">
          <Form.Item name="member_group_id" label={t('itemSetting.members.authority')} style={{ marginBottom: 0 }}>
            <Select style={{ width: 150 }} options={authorityOptions(t)} data-testid="member-authority" />
          </Form.Item>
          <Form.Item name="cat_id" label={t('itemSetting.members.catalog')} style={{ marginBottom: 0 }}>
            <Select style={{ width: 200 }} options={catalogOptions(t, cats.data)} data-testid="member-catalog" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<UserAddOutlined />} loading={adding} data-testid="member-add">
            {t('itemSetting.members.add')}
          </Button>
        </Space>
      </Form>
      <Table<ItemMember>
        rowKey={(m) => String(m.item_member_id)}
        loading={members.loading && !members.data}
        dataSource={list}
        pagination={list.length > 10 ? { pageSize: 10 } : false}
        size="middle"
        locale={{ emptyText: t('itemSetting.members.none') }}
        data-testid="member-list"
        columns={[
          {
            title: t('management.username'),
            render: (_, m) => (
              <span>
                {m.username}
                {m.name && m.name !== m.username ? <span className="manage-hint"> ({m.name})</span> : null}
              </span>
            ),
          },
          {
            title: t('itemSetting.members.authority'),
            render: (_, m) => (
              <Select
                size="small"
                variant="borderless"
                className={`member-role member-role-${Number(m.member_group_id)}`}
                style={{ width: 130 }}
                value={Number(m.member_group_id)}
                options={authorityOptions(t)}
                onChange={(group: number) => void changeRole(m, group)}
                aria-label={t('itemSetting.members.authorityOf', { name: m.username })}
                data-testid={`member-role-${m.username}`}
              />
            ),
          },
          { title: t('itemSetting.members.catalog'), render: (_, m) => catalogLabel(t, cats.data, m.cat_id, (m as { cat_name?: string }).cat_name) },
          { title: t('management.addedAt'), dataIndex: 'addtime', responsive: ['md'], render: (v) => formatTime(v) },
          {
            title: '',
            width: 60,
            render: (_, m) => (
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => remove(m)} data-testid={`member-delete-${m.username}`} />
            ),
          },
        ]}
      />
      <Divider />
      <TeamsSection itemId={itemId} />
    </div>
  );
}

function TeamsSection({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const bound = useLoad(() => peopleApi.teamItems(itemId), [itemId]);
  const myTeams = useLoad(() => peopleApi.teams(), []);
  const [teamId, setTeamId] = useState<string | undefined>();
  const [authority, setAuthority] = useState<{ teamId: Id; name: string } | null>(null);
  const list = Array.isArray(bound.data) ? bound.data : [];
  const boundIds = new Set(list.map((b) => String(b.team_id)));
  const choices = (Array.isArray(myTeams.data) ? myTeams.data : []).filter((tm) => !boundIds.has(String(tm.id)));

  const bind = async () => {
    if (!teamId) return;
    try {
      await peopleApi.saveTeamItem({ item_id: itemId, team_id: teamId });
      toast('success', t('itemSetting.teams.added'));
      setTeamId(undefined);
      bound.reload();
    } catch {
      // alert shown
    }
  };

  const unbind = (b: TeamItem) =>
    confirmDelete({
      title: t('itemSetting.teams.deleteTitle', { name: b.team_name ?? '' }),
      content: t('itemSetting.teams.deleteConfirm'),
      remove: () => peopleApi.deleteTeamItem(b.id),
      onDone: bound.reload,
    });

  return (
    <div data-testid="teams-section">
      <h2>{t('itemSetting.teams.title')}</h2>
      <p className="manage-hint">
        {t('itemSetting.teams.hint')} <Link to="/team/index">{t('itemSetting.teams.manageTeams')}</Link>
      </p>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 240 }}
          placeholder={t('itemSetting.teams.pick')}
          value={teamId}
          onChange={setTeamId}
          options={choices.map((tm) => ({ value: String(tm.id), label: tm.team_name }))}
          notFoundContent={t('itemSetting.teams.noTeams')}
          data-testid="team-pick"
        />
        <Button icon={<UsergroupAddOutlined />} disabled={!teamId} onClick={() => void bind()} data-testid="team-add">
          {t('itemSetting.teams.add')}
        </Button>
      </Space>
      <Table<TeamItem>
        rowKey={(b) => String(b.id)}
        loading={bound.loading && !bound.data}
        dataSource={list}
        pagination={false}
        size="middle"
        locale={{ emptyText: t('itemSetting.teams.none') }}
        data-testid="team-list"
        columns={[
          { title: t('itemSetting.teams.team'), dataIndex: 'team_name' },
          { title: t('management.addedAt'), dataIndex: 'addtime', responsive: ['md'], render: (v) => formatTime(v) },
          {
            title: '',
            width: 200,
            render: (_, b) => (
              <Space size={4}>
                <Button size="small" icon={<SettingOutlined />} onClick={() => setAuthority({ teamId: b.team_id, name: b.team_name ?? '' })}>
                  {t('itemSetting.teams.authority')}
                </Button>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => unbind(b)} />
              </Space>
            ),
          },
        ]}
      />
      <TeamItemMembersModal
        open={!!authority}
        itemId={itemId}
        teamId={authority?.teamId ?? 0}
        title={t('itemSetting.teams.authorityTitle', { name: authority?.name ?? '' })}
        onClose={() => setAuthority(null)}
      />
    </div>
  );
}
