// A small HTTP client in the browser (spec: offered in the Chinese interface): method, URL,
// headers, body; shows status, headers and body. Requests go from the browser, so CORS applies.
import { useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

interface Answer {
  status: number;
  statusText: string;
  headers: string;
  body: string;
  ms: number;
}

export function parseHeaders(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function HttpTestDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState('GET');
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState('');
  const [body, setBody] = useState('');
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState('');

  const run = async () => {
    setRunning(true);
    setError('');
    setAnswer(null);
    const start = performance.now();
    try {
      const res = await fetch(url, { method, headers: parseHeaders(headers), body: method === 'GET' || method === 'HEAD' ? undefined : body });
      const text = await res.text();
      setAnswer({
        status: res.status,
        statusText: res.statusText,
        headers: [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n'),
        body: pretty(text),
        ms: Math.round(performance.now() - start),
      });
    } catch (e) {
      setError(`${t('editor.http.failed')} ${(e as Error).message}`);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={820} title={t('editor.http.title')} destroyOnHidden>
      <Space.Compact style={{ width: '100%' }}>
        <Select value={method} onChange={setMethod} options={METHODS.map((m) => ({ value: m, label: m }))} style={{ width: 110 }} />
        <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" data-testid="http-url" />
        <Button type="primary" loading={running} onClick={() => void run()} disabled={!/^https?:\/\//i.test(url)}>
          {t('editor.http.send')}
        </Button>
      </Space.Compact>
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          { key: 'h', label: t('editor.http.headers'), children: <Input.TextArea rows={4} value={headers} onChange={(e) => setHeaders(e.target.value)} placeholder="Content-Type: application/json" /> },
          { key: 'b', label: t('editor.http.body'), children: <Input.TextArea rows={6} value={body} onChange={(e) => setBody(e.target.value)} /> },
        ]}
      />
      {error && <Alert type="error" message={error} showIcon />}
      {answer && (
        <div data-testid="http-answer">
          <Typography.Text strong>
            {answer.status} {answer.statusText} · {answer.ms} ms
          </Typography.Text>
          <pre style={{ maxHeight: 120, overflow: 'auto', background: '#f6f8fa', padding: 8 }}>{answer.headers}</pre>
          <pre style={{ maxHeight: 300, overflow: 'auto', background: '#f6f8fa', padding: 8 }}>{answer.body}</pre>
        </div>
      )}
    </Modal>
  );
}
