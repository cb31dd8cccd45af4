import { Button, Input, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { commonApi } from '../../api';
import { copyText } from '../../ui/clipboard';
import { feedback } from '../../ui/feedback';

/** A link with a copy button and its QR code (/api/common/qrcode). */
export function LinkWithQr({ url, testId }: { url: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: 1, minWidth: 220 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={url} data-testid={`${testId}-url`} onFocus={(e) => e.target.select()} />
          <Button
            icon={<CopyOutlined />}
            onClick={async () => {
              if (await copyText(url)) feedback()?.message.success(t('common.copied'));
            }}
            data-testid={`${testId}-copy`}
          >
            {t('common.copy')}
          </Button>
        </Space.Compact>
      </div>
      <img src={commonApi.qrcodeUrl(url, 4)} alt={t('itemShow.share.qr')} width={112} height={112} style={{ border: '1px solid #eee', borderRadius: 8 }} data-testid={`${testId}-qr`} />
    </div>
  );
}
