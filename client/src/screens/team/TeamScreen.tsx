import '../../i18n/managementTexts';
import { useState } from 'react';
import { Button, Form, Input, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { peopleApi } from '../../api';
import { useViewportWidth } from '../../hooks/useViewportWidth';
import { Frame } from '../itemSetting/shared/Frame';
import { PasswordModal, type PasswordModalValues } from '../itemSetting/shared/PasswordModal';
import { useLoad } from '../itemSetting/shared/useLoad';
import { FormModal } from '../itemSetting/shared/FormModal';
import { confirmDelete, toast } from '../../ui/confirm';
import { canManageTeam, ownsTeam, type TeamRow } from './rules';
import { useApiAction } from '../../hooks/useApiAction';

/** Teams (spec §2): name, member count, item count (links), edit, transfer, delete. */
export default function TeamScreen() {
  const { t } = useTranslation();
  const narrow = useViewportWidth() < 700;
  const teams = useLoad(() => peopleApi.teams(), []);
  const [editing, setEditing] = useState<TeamRow | 'new' | null>(null);
  const [attorn, setAttorn] = useState<TeamRow | null>(null);
  const [form] = Form.useForm<{ team_name: string }>();
  const { busy, run } = useApiAction();
  const rows = (Array.isArray(teams.data) ? teams.data : []) as TeamRow[];

  const openEdit = (team: TeamRow | 'new') => {
    setEditing(team);
    form.setFieldsValue({ team_name: team === 'new' ? '' : team.team_name });
  };

  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await peopleApi.saveTeam({ id: editing && editing !== 'new' ? editing.id : undefined, team_name: v.team_name.trim() });
      toast('success', t('management.saved'));
      setEditing(null);
      teams.reload();
    });
  };

  const transfer = async (v: PasswordModalValues) => {
    if (!attorn) return;
    await peopleApi.attornTeam({ team_id: attorn.id, username: (v.username ?? '').trim(), password: v.password });
    toast('success', t('team.transferred'));
    setAttorn(null);
    teams.reload();
  };

  const remove = (team: TeamRow) =>
    confirmDelete({
      title: t('team.deleteTitle', { name: team.team_name }),
      content: t('team.deleteConfirm'),
      remove: () => peopleApi.deleteTeam(team.id),
      onDone: teams.reload,
    });

  return (
    <Frame
      title={t('team.title')}
      back="/item/index"
      testId="team-screen"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openEdit('new')} data-testid="team-new">
          {t('team.add')}
        </Button>
      }
    >
      <p className="manage-hint">{t('team.hint')}</p>
      <Table<TeamRow>
        rowKey={(r) => String(r.id)}
        loading={teams.loading && !teams.data}
        dataSource={rows}
        pagination={rows.length > 12 ? { pageSize: 12 } : false}
        locale={{ emptyText: t('team.empty') }}
        data-testid="team-list"
        columns={[
          { title: t('team.name'), dataIndex: 'team_name', render: (v: string) => <strong>{v}</strong> },
          {
            title: t('team.members'),
            width: 110,
            render: (_, r) => (
              <Link to={`/team/member/${r.id}`} data-testid={`team-members-${r.id}`}>
                {r.memberCount ?? 0}
              </Link>
            ),
          },
          {
            title: t('team.items'),
            width: 110,
            render: (_, r) => (
              <Link to={`/team/item/${r.id}`} data-testid={`team-items-${r.id}`}>
                {r.itemCount ?? 0}
              </Link>
            ),
          },
          {
            title: '',
            width: narrow ? 110 : 290,
            render: (_, r) =>
              canManageTeam(r) ? (
                <Space size={2} wrap>
                  <Button size="small" type="text" icon={<EditOutlined />} onClick={() => openEdit(r)} aria-label={t('management.edit')}>
                    {narrow ? null : t('management.edit')}
                  </Button>
                  {ownsTeam(r) && (
                    <Button size="small" type="text" icon={<SwapOutlined />} onClick={() => setAttorn(r)} aria-label={t('team.transfer')}>
                      {narrow ? null : t('team.transfer')}
                    </Button>
                  )}
                  {ownsTeam(r) && (
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(r)} aria-label={t('common.delete')}>
                      {narrow ? null : t('common.delete')}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('team.add') : t('team.edit')} form={form} busy={busy} onSubmit={save} onCancel={() => setEditing(null)}>
        <Form.Item name="team_name" label={t('team.name')} rules={[{ required: true, whitespace: true, message: t('management.required') }]}>
          <Input maxLength={100} data-testid="team-name" />
        </Form.Item>
      </FormModal>
      <PasswordModal
        open={!!attorn}
        title={t('team.transferTitle', { name: attorn?.team_name ?? '' })}
        description={t('team.transferText')}
        withUsername
        okText={t('team.transfer')}
        onCancel={() => setAttorn(null)}
        onSubmit={transfer}
      />
    </Frame>
  );
}
