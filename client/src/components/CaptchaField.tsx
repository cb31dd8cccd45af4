import { Form, Input } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { commonApi } from '../api';

/**
 * The verification code: an image from /api/common/verify (which sets the captcha cookie) and
 * the answer field `v_code`. Changing `nonce` loads a new image; clicking the image does too.
 */
export function CaptchaField({ nonce, onRefresh }: { nonce: number; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('captcha.label')} required>
      <div className="captcha-row">
        <Form.Item name="v_code" noStyle rules={[{ required: true, message: t('captcha.required') }]}>
          <Input prefix={<SafetyOutlined />} placeholder={t('captcha.placeholder')} autoComplete="off" maxLength={8} size="large" data-testid="captcha-input" />
        </Form.Item>
        <img
          className="captcha-img"
          src={commonApi.captchaImageUrl(nonce)}
          alt={t('captcha.alt')}
          title={t('captcha.refresh')}
          onClick={onRefresh}
          data-testid="captcha-image"
        />
      </div>
    </Form.Item>
  );
}
