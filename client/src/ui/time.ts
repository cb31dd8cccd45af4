/** ShowDoc sends formatted strings ('2024-01-02 03:04:05') or unix seconds: show either as local time. */
export function formatTime(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' || /^\d{9,11}$/.test(String(v))) {
    const d = new Date(Number(v) * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }
  return String(v);
}
