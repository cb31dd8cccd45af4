/** Copies text (Clipboard API, with the old selection fallback for plain-http hosts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {}
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {}
  area.remove();
  return ok;
}

/** An href that may be put in the page: same-site paths and http(s) URLs only. */
export function safeHref(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const u = url.trim();
  if (/^\/(?![/\\])/.test(u)) return u;
  if (/^https?:\/\//i.test(u)) return u;
  return undefined;
}
