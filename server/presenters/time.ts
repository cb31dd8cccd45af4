// ShowDoc formats some times as 'Y-m-d H:i:s' in the server's local time zone.
const pad = (n: number) => String(n).padStart(2, '0');

export function formatTime(unix: number): string {
  if (!unix) return '';
  const d = new Date(unix * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
