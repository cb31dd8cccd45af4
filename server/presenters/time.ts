// ShowDoc formats some times as 'Y-m-d H:i:s' in the server's local time zone.
const pad = (n: number) => String(n).padStart(2, '0');

export function formatTime(unix: number): string {
  if (!unix) return '';
  const d = new Date(unix * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The inverse of formatTime: 'Y-m-d H:i:s' (or 'Y-m-d H:i', 'Y-m-d') in the server's zone → unix seconds; undefined when it is not such a time. */
export function parseTime(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const date = new Date(y, mo - 1, d, h, mi, s);
  // refuse 2024-02-31 and the like instead of rolling over into March
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) return undefined;
  return Math.floor(date.getTime() / 1000);
}
