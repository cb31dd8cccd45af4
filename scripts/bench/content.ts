// Deterministic mixed Chinese/English Markdown for benchmark pages (~2 KB each).
export const EN = [
  'deploy', 'server', 'request', 'response', 'database', 'migration', 'cache', 'token', 'catalog', 'history',
  'payment', 'invoice', 'gateway', 'timeout', 'retry', 'webhook', 'session', 'upload', 'export', 'search',
];
export const ZH = ['接口', '用户', '订单', '支付', '数据库', '缓存', '部署', '权限', '目录', '文档', '搜索', '历史', '网关', '超时', '回调', '上传'];

/** a small deterministic PRNG so every run seeds the same data */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export function pageTitle(r: () => number, i: number): string {
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  return `${pick(ZH)}${pick(ZH)} ${pick(EN)} ${i}`;
}

export function pageMarkdown(r: () => number, i: number, targetChars = 2000): string {
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  const parts: string[] = [`# ${pageTitle(r, i)}`, '', '## 简要描述', ''];
  while (parts.join('\n').length < targetChars) {
    const kind = r();
    if (kind < 0.15) {
      parts.push('', '|参数名|必选|类型|说明|', '|:---|:---|:---|:---|');
      for (let k = 0; k < 4; k++) parts.push(`|${pick(EN)}_${k}|是|string|${pick(ZH)}${pick(ZH)}|`);
      parts.push('');
    } else if (kind < 0.25) {
      parts.push('```json', JSON.stringify({ error_code: 0, data: { id: i, name: pick(EN), note: pick(ZH) } }, null, 2), '```');
    } else {
      const words: string[] = [];
      for (let k = 0; k < 12; k++) words.push(r() < 0.5 ? pick(EN) : pick(ZH) + pick(ZH));
      parts.push(`- ${words.join(' ')}。`);
    }
  }
  return parts.join('\n');
}
