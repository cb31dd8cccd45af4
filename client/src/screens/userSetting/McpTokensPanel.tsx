import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, List, Modal, Skeleton, Space, Typography } from 'antd';
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { McpTokenCreated } from '@shared/api/aiToken';
import { createMcpToken, listMcpTokens, revokeMcpToken } from '../../api/endpoints/aiToken';
import { useLoad } from '../itemSetting/shared/useLoad';
import { useApiAction } from '../../hooks/useApiAction';
import { confirmDelete } from '../../ui/confirm';

/** The MCP address AI editors are given. */
export const mcpUrl = (origin: string) => `${origin}/mcp`;

/**
 * Personal settings: tokens that let an AI editor (Cursor, Claude Desktop, Cline…) read and write
 * documentation through /mcp as this user. A new token is shown once; the list shows its last characters.
 */
export function McpTokensPanel() {
  const { t } = useTranslation();
  const tokens = useLoad(() => listMcpTokens(), []);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<McpTokenCreated | null>(null);
  const { busy, run } = useApiAction();
  const url = mcpUrl(window.location.origin);

  const create = () =>
    run(async () => {
      setCreated(await createMcpToken(name.trim()));
      setName('');
      tokens.reload();
    });

  const revoke = (id: number, tokenName: string) =>
    confirmDelete({
      title: t('mcpTokens.revokeTitle', { name: tokenName }),
      content: t('mcpTokens.revokeConfirm'),
      okText: t('mcpTokens.revoke'),
      doneText: t('mcpTokens.revoked'),
      remove: () => revokeMcpToken(id),
      onDone: () => tokens.reload(),
    });

  const config = created ? JSON.stringify({ mcpServers: { quire: { url, headers: { Authorization: `Bearer ${created.token}` } } } }, null, 2) : '';

  return (
    <div className="manage-panel" data-testid="mcp-tokens">
      <h2>
        <ApiOutlined /> {t('mcpTokens.title')}
      </h2>
      <p className="manage-hint">{t('mcpTokens.hint')}</p>
      <p className="manage-hint">
        {t('mcpTokens.address')}{' '}
        <Typography.Text copyable className="manage-mono" data-testid="mcp-url">
          {url}
        </Typography.Text>
      </p>
      <Form layout="inline" onFinish={() => void create()} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item style={{ marginInlineEnd: 8 }}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder={t('mcpTokens.namePlaceholder')} data-testid="mcp-token-name" style={{ width: 320, maxWidth: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy} data-testid="mcp-token-create">
          {t('mcpTokens.create')}
        </Button>
      </Form>
      {!tokens.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : tokens.data.tokens.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mcpTokens.none')} />
      ) : (
        <List
          size="small"
          bordered
          data-testid="mcp-token-list"
          dataSource={tokens.data.tokens}
          renderItem={(tk) => (
            <List.Item
              data-testid="mcp-token-row"
              actions={[
                <Button key="revoke" danger size="small" onClick={() => revoke(tk.id, tk.name)} data-testid="mcp-token-revoke">
                  {t('mcpTokens.revoke')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={8}>
                    <strong>{tk.name}</strong>
                    <Typography.Text type="secondary" className="manage-mono">
                      {tk.token_preview}
                    </Typography.Text>
                  </Space>
                }
                description={
                  <>
                    {t('mcpTokens.createdAt', { time: tk.addtime })}
                    {' · '}
                    {tk.last_used_time ? t('mcpTokens.lastUsed', { time: tk.last_used_time }) : t('mcpTokens.neverUsed')}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={!!created}
        title={t('mcpTokens.createdTitle')}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)} data-testid="mcp-token-done">
            {t('mcpTokens.done')}
          </Button>
        }
        width={640}
        // the token leaves the page with the dialog
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('mcpTokens.shownOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable className="manage-mono" data-testid="mcp-token-value" style={{ wordBreak: 'break-all' }}>
          {created?.token}
        </Typography.Paragraph>
        <p className="manage-hint">{t('mcpTokens.configHint')}</p>
        <Typography.Paragraph copyable={{ text: config }}>
          <pre className="manage-code" data-testid="mcp-token-config" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
            {config}
          </pre>
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
