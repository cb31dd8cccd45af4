import { Button, Tooltip } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FileAddOutlined,
  FolderAddOutlined,
  HistoryOutlined,
  LoginOutlined,
  LogoutOutlined,
  PaperClipOutlined,
  SettingOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Operation } from './permissions';

const ICONS: Record<Operation, ReactNode> = {
  newPage: <FileAddOutlined />,
  newCatalog: <FolderAddOutlined />,
  edit: <EditOutlined />,
  copy: <CopyOutlined />,
  history: <HistoryOutlined />,
  export: <ExportOutlined />,
  share: <ShareAltOutlined />,
  delete: <DeleteOutlined />,
  attachments: <PaperClipOutlined />,
  settings: <SettingOutlined />,
  exit: <LogoutOutlined />,
  login: <LoginOutlined />,
};

/** The item's operation bar: one button per allowed operation (icons only on narrow screens). */
export function OperationBar({ ops, compact, onAction }: { ops: Operation[]; compact: boolean; onAction: (op: Operation) => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="operation-bar">
      {ops.map((op) => {
        const label = t(`itemShow.ops.${op}`);
        const button = (
          <Button
            key={op}
            type={op === 'edit' ? 'primary' : 'text'}
            ghost={op === 'edit'}
            danger={op === 'delete'}
            size="middle"
            icon={ICONS[op]}
            onClick={() => onAction(op)}
            aria-label={label}
            data-testid={`op-${op}`}
          >
            {compact ? null : label}
          </Button>
        );
        return compact ? (
          <Tooltip key={op} title={label}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </div>
  );
}
