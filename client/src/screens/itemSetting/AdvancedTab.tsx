import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { itemApi } from '../../api';
import type { ItemDetail } from '@shared/api/item';
import { PasswordModal, type PasswordModalValues } from './shared/PasswordModal';
import { toast } from '../../ui/confirm';
import { isArchived } from './tabs';

type Op = 'attorn' | 'archive' | 'delete';

/** Redirect delay after transfer, archive, delete (spec §9). */
export const LEAVE_AFTER_MS = 2000;

/** Transfer, archive and delete: each needs the owner's login password; afterwards back to the item list in 2 s. */
export function AdvancedTab({ item }: { item: ItemDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [op, setOp] = useState<Op | null>(null);
  const archived = isArchived(item);
  const id = String(item.item_id);

  const run = async (v: PasswordModalValues) => {
    if (op === 'attorn') await itemApi.attorn({ item_id: id, username: (v.username ?? '').trim(), password: v.password });
    else if (op === 'archive') await itemApi.archive({ item_id: id, password: v.password });
    else if (op === 'delete') await itemApi.remove({ item_id: id, password: v.password });
    toast('success', t(`itemSetting.advanced.${op}Done`));
    setOp(null);
    setTimeout(() => navigate('/item/index'), LEAVE_AFTER_MS);
  };

  const zones: Array<{ op: Op; show: boolean }> = [
    { op: 'attorn', show: true },
    { op: 'archive', show: !archived },
    { op: 'delete', show: true },
  ];

  return (
    <div data-testid="advanced-tab">
      <h2>{t('itemSetting.advanced.title')}</h2>
      <p className="manage-hint">{t('itemSetting.advanced.hint')}</p>
      {zones
        .filter((z) => z.show)
        .map((z) => (
          <div className="manage-danger-zone" key={z.op}>
            <div>
              <h3>{t(`itemSetting.advanced.${z.op}`)}</h3>
              <p>{t(`itemSetting.advanced.${z.op}Text`)}</p>
            </div>
            <Button danger onClick={() => setOp(z.op)} data-testid={`advanced-${z.op}`}>
              {t(`itemSetting.advanced.${z.op}`)}
            </Button>
          </div>
        ))}
      {archived && <p className="manage-hint" style={{ marginTop: 12 }}>{t('itemSetting.advanced.alreadyArchived')}</p>}
      <PasswordModal
        open={op !== null}
        title={op ? t(`itemSetting.advanced.${op}`) : ''}
        description={op ? t(`itemSetting.advanced.${op}Text`) : undefined}
        withUsername={op === 'attorn'}
        usernameLabel={t('itemSetting.advanced.newOwner')}
        okText={op ? t(`itemSetting.advanced.${op}`) : undefined}
        onCancel={() => setOp(null)}
        onSubmit={run}
      />
    </div>
  );
}
