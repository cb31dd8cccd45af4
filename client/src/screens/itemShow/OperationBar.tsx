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

/** which buttons show their label: all, only Edit (the rest as icons with tooltips), none */
export type OperationLabels = 'all' | 'edit' | 'none';

/** more operations than this do not fit with their labels beside the breadcrumbs on a page narrower than ALL_LABELS_FROM */
const LABELLED_AT_MOST = 5;
/** the page width (the viewport less the catalog tree) from which an owner's dozen operations fit with their labels */
const ALL_LABELS_FROM = 1300;

/** The labels that fit the page's width: none on a narrow page; an owner's dozen only on a wide one. */
export function operationLabels(count: number, pageWidth: number, pageMobile: number): OperationLabels {
  if (pageWidth < pageMobile) return 'none';
  return count > LABELLED_AT_MOST && pageWidth < ALL_LABELS_FROM ? 'edit' : 'all';
}

/** The item's operation bar: one button per allowed operation, labelled as far as there is room. */
export function OperationBar({ ops, labels, onAction }: { ops: Operation[]; labels: OperationLabels; onAction: (op: Operation) => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="operation-bar">
      {ops.map((op) => {
        const label = t(`itemShow.ops.${op}`);
        const compact = labels === 'none' || (labels === 'edit' && op !== 'edit');
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
