import { Button, Descriptions, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { itemApi } from '../../api';
import { useLoad } from './shared/useLoad';
import { confirmAction, toast } from '../../ui/confirm';

/** The open-API address ShowDoc's scripts post to (both URL forms work). */
export function openApiUrl(origin: string): string {
  return `${origin}/server/index.php?s=/api/open/updatePage`;
}

/** api_key / api_token of the item, reset, and how to use them (open API, showdoc_api.sh, runapi). */
export function OpenApiTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const key = useLoad(() => itemApi.getKey(itemId), [itemId]);
  const origin = window.location.origin;

  const reset = () =>
    confirmAction({
      title: t('itemSetting.openApi.resetTitle'),
      content: t('itemSetting.openApi.resetConfirm'),
      okText: t('itemSetting.openApi.reset'),
      onOk: async () => {
        const next = await itemApi.resetKey(itemId);
        if (next && typeof next === 'object' && 'api_token' in next) key.setData(next);
        else key.reload();
        toast('success', t('itemSetting.openApi.resetDone'));
      },
    });

  const k = key.data;
  const curl = `curl -X POST '${openApiUrl(origin)}' \\
  --data-urlencode 'api_key=${k?.api_key ?? 'api_key'}' \\
  --data-urlencode 'api_token=${k?.api_token ?? 'api_token'}' \\
  --data-urlencode 'cat_name=${t('itemSetting.openApi.exampleCatalog')}' \\
  --data-urlencode 'page_title=${t('itemSetting.openApi.exampleTitle')}' \\
  --data-urlencode 'page_content=# Hello' \\
  --data-urlencode 's_number=99'`;

  return (
    <div data-testid="open-api-tab">
      <h2>{t('itemSetting.openApi.title')}</h2>
      {!k ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="api_key">
            <Typography.Text copyable className="manage-mono" data-testid="api-key">
              {k.api_key}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="api_token">
            <Typography.Text copyable className="manage-mono" data-testid="api-token">
              {k.api_token}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Button icon={<ReloadOutlined />} onClick={reset} disabled={!k} data-testid="reset-key">
        {t('itemSetting.openApi.reset')}
      </Button>
      <h2 style={{ marginTop: 24 }}>{t('itemSetting.openApi.helpTitle')}</h2>
      <p className="manage-hint">{t('itemSetting.openApi.help1')}</p>
      <p className="manage-hint">{t('itemSetting.openApi.help2')}</p>
      <div className="manage-code" data-testid="open-api-example">
        {curl}
      </div>
      <p className="manage-hint">{t('itemSetting.openApi.help3')}</p>
      <p className="manage-hint">{t('itemSetting.openApi.help4')}</p>
    </div>
  );
}
