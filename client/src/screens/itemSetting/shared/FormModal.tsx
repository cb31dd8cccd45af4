// A dialog around a form of the management screens: OK (Save unless said otherwise) submits it,
// and so does Enter in a field; Cancel closes.
import type { ReactNode } from 'react';
import { Form, Modal, type ButtonProps, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

export function FormModal<T>({
  open,
  title,
  form,
  okText,
  okTestId,
  busy,
  destroyOnHidden,
  onSubmit,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  okText?: string;
  okTestId?: string;
  /** the submission runs: the OK button spins */
  busy: boolean;
  /** forget the fields when closed */
  destroyOnHidden?: boolean;
  onSubmit(): Promise<void>;
  onCancel(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('management.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': okTestId } as ButtonProps}
      onOk={() => void onSubmit()}
      onCancel={onCancel}
      destroyOnHidden={destroyOnHidden}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={() => void onSubmit()}>
        {children}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
