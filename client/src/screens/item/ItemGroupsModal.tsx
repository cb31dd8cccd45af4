import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Select, Tooltip, type ButtonProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ITEM_GROUP_NAME_MAX_CHARS, ITEM_GROUPS_PER_USER_MAX } from '@shared/limits';
import { itemApi, itemGroupApi } from '../../api';
import type { ItemGroup } from '../../api/endpoints/itemGroups';
import { groupChanges, type GroupDraft } from './itemGroupLook';

interface Props {
  open: boolean;
  groups: ItemGroup[];
  onClose: () => void;
  /** after saving: the groups as stored now */
  onSaved: (groups: ItemGroup[]) => void;
}

let nextKey = 0;
const draftOf = (g: ItemGroup): GroupDraft => ({ key: `g${g.id}`, id: g.id, name: g.name, itemIds: g.itemIds });

/** Create, rename, delete and order the item groups, and pick each group's items. */
export function ItemGroupsModal({ open, groups, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<GroupDraft[]>([]);
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDrafts(groups.map(draftOf));
    itemApi
      .myList()
      .then((list) => setOptions((Array.isArray(list) ? list : []).map((i) => ({ value: Number(i.item_id), label: i.item_name }))))
      .catch(() => {});
  }, [open, groups]);

  const change = (key: string, patch: Partial<GroupDraft>) => setDrafts((d) => d.map((g) => (g.key === key ? { ...g, ...patch } : g)));
  const move = (index: number, by: number) =>
    setDrafts((d) => {
      const next = [...d];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const add = () => setDrafts((d) => [...d, { key: `n${++nextKey}`, name: '', itemIds: [] }]);
  const invalid = drafts.some((d) => !d.name.trim());

  const save = async () => {
    setBusy(true);
    try {
      const changes = groupChanges(groups, drafts);
      for (const id of changes.remove) await itemGroupApi.deleteGroup(id);
      const ids = new Map<string, number>();
      for (const d of changes.save) ids.set(d.key, (await itemGroupApi.saveGroup({ id: d.id, name: d.name.trim(), itemIds: d.itemIds })).id);
      if (changes.reordered) await itemGroupApi.sortGroups(drafts.map((d) => ids.get(d.key) ?? d.id!));
      onSaved(await itemGroupApi.groups());
    } catch {
      // the API client showed the error; the editor stays open with the rows as they were
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('itemGroups.manageTitle')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('itemGroups.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: invalid, loading: busy, 'data-testid': 'groups-save' } as ButtonProps}
      width={720}
      destroyOnHidden
    >
      <p className="manage-hint">{t('itemGroups.hint')}</p>
      {drafts.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('itemGroups.none')} />}
      {drafts.map((d, i) => (
        <div className="item-group-row" key={d.key} data-testid="group-row">
          <Input
            className="group-name"
            value={d.name}
            maxLength={ITEM_GROUP_NAME_MAX_CHARS}
            placeholder={t('itemGroups.namePlaceholder')}
            status={d.name.trim() ? undefined : 'error'}
            onChange={(e) => change(d.key, { name: e.target.value })}
            aria-label={t('itemGroups.name')}
            data-testid="group-name"
          />
          <Select
            className="group-items"
            mode="multiple"
            allowClear
            value={d.itemIds}
            options={options}
            optionFilterProp="label"
            placeholder={t('itemGroups.itemsPlaceholder')}
            onChange={(v: number[]) => change(d.key, { itemIds: v })}
            aria-label={t('itemGroups.items')}
            data-testid="group-items"
          />
          <div style={{ display: 'flex', gap: 2 }}>
            <Tooltip title={t('itemGroups.moveUp')}>
              <Button type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('itemGroups.moveUp')} />
            </Tooltip>
            <Tooltip title={t('itemGroups.moveDown')}>
              <Button type="text" icon={<ArrowDownOutlined />} disabled={i === drafts.length - 1} onClick={() => move(i, 1)} aria-label={t('itemGroups.moveDown')} />
            </Tooltip>
            <Tooltip title={t('itemGroups.delete')}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setDrafts((all) => all.filter((g) => g.key !== d.key))}
                aria-label={t('itemGroups.delete')}
                data-testid="group-delete"
              />
            </Tooltip>
          </div>
        </div>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={add} disabled={drafts.length >= ITEM_GROUPS_PER_USER_MAX} style={{ marginTop: 12 }} block data-testid="group-add">
        {t('itemGroups.add')}
      </Button>
    </Modal>
  );
}
