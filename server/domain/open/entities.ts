// PHP's htmlspecialchars_decode (ENT_QUOTES): what ShowDoc applies to script-sent text.
const MAP: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#039;': "'", '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

export function decodeSpecialChars(s: string): string {
  return s.replace(/&(?:amp|quot|#0?39|#x27|lt|gt);/gi, (m) => MAP[m.toLowerCase()] ?? m);
}

/** ShowDoc's scripts replace every '&' by this literal so their unencoded bodies survive. */
export const AMP_PLACEHOLDER = '_this_and_change_';

export const restoreAmpersands = (s: string) => s.split(AMP_PLACEHOLDER).join('&');
