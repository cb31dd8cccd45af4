// ShowDoc's page_history.page_content comes in two forms: the classic back end stored
// base64(gzcompress(text, 9)), the Slim back end stores the text itself. Slim reads both by trying
// to decompress; so do we (showdoc-behaviour.md §4.2).
import zlib from 'node:zlib';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export interface DecodedHistory {
  /** the text as ShowDoc's pages hold it (still HTML-escaped) */
  content: string;
  compressed: boolean;
}

export function decodeHistoryContent(stored: string): DecodedHistory {
  const s = stored.trim();
  // zlib streams start with 0x78, which base64 spells as "e"; anything else is plain text
  if (s.length >= 8 && s.length % 4 === 0 && s.startsWith('e') && BASE64.test(s)) {
    try {
      return { content: zlib.inflateSync(Buffer.from(s, 'base64')).toString('utf8'), compressed: true };
    } catch {
      // base64-looking plain text (a word, a hash): kept as it is
    }
  }
  return { content: stored, compressed: false };
}
