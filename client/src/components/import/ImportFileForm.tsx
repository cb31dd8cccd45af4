// The Import file panel (New item screen, and a catalog's "Import into this catalog"): drop a
// ShowDoc or Markdown zip, an OpenAPI document or a Postman collection; the import runs as a job
// whose progress and report show here.
import { useEffect } from 'react';
import { Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Id } from '../../api';
import { ImportResult } from './ImportResult';
import { useImportJob } from './useImportJob';

export const IMPORT_ACCEPT = '.zip,.json,.yaml,.yml,.md,.markdown';

export interface ImportTargetProps {
  /** an existing item's catalog (cat_id 0: its root); absent: a new item */
  target?: { item_id: Id; cat_id: Id };
  /** the import is done (clean: nothing was left out) */
  onDone?: (itemId: Id, clean: boolean) => void;
  /** the report's main button */
  onOpen: (itemId: Id) => void;
  openLabel: string;
}

/** Calls onDone once when the import finishes. */
export function useOnImported(phase: ReturnType<typeof useImportJob>['phase'], onDone?: (itemId: Id, clean: boolean) => void) {
  const doneId = phase.kind === 'done' ? phase.status.import_id : '';
  useEffect(() => {
    if (phase.kind !== 'done' || !onDone) return;
    onDone(phase.status.item_id, (phase.status.report?.skipped_total ?? 0) === 0);
    // once per finished import
  }, [doneId]);
}

export function ImportFileForm({ target, onDone, onOpen, openLabel }: ImportTargetProps) {
  const { t } = useTranslation();
  const { phase, start, reset } = useImportJob(target);
  useOnImported(phase, onDone);
  return (
    <div style={{ maxWidth: 640 }} data-testid="import-file">
      {phase.kind === 'idle' ? (
        <>
          <Typography.Paragraph type="secondary">{target ? t('imports.intoCatalogHelp') : t('imports.newItemHelp')}</Typography.Paragraph>
          <Upload.Dragger
            accept={IMPORT_ACCEPT}
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void start(file);
              return false;
            }}
            data-testid="import-drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('imports.drop')}</p>
            <p className="ant-upload-hint">{t('imports.formats')}</p>
          </Upload.Dragger>
        </>
      ) : (
        <ImportResult
          phase={phase}
          openLabel={openLabel}
          onOpen={phase.kind === 'done' ? () => onOpen(phase.status.item_id) : undefined}
          onAgain={reset}
        />
      )}
    </div>
  );
}
