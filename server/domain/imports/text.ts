// Text files from uploads: UTF-8 (a BOM is dropped), UTF-16 with its BOM, or GBK, which Chinese
// Windows editors still write. Bytes valid in none of them are decoded with replacement
// characters, and the caller says so in the report.
const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk', { fatal: true });

export function decodeText(bytes: Uint8Array): { text: string; lossy: boolean } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), lossy: false };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), lossy: false };
  // PostgreSQL text holds no NUL: dropped as bytes (in UTF-8 and GBK a 0 byte is only ever NUL)
  const body = dropNul(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes);
  try {
    return { text: clean(utf8.decode(body)), lossy: false };
  } catch {}
  try {
    return { text: clean(gbk.decode(body)), lossy: false };
  } catch {}
  return { text: clean(new TextDecoder('utf-8').decode(body)), lossy: true };
}

/** Windows line ends become \n as the editor writes them; no NUL (UTF-16 text may still carry one). */
const clean = (s: string) => (s.includes('\u0000') ? s.replace(/\u0000/g, '') : s).replace(/\r\n?/g, '\n');

function dropNul(b: Uint8Array): Uint8Array {
  if (b.indexOf(0) < 0) return b;
  const out = new Uint8Array(b.length);
  let n = 0;
  for (let i = 0; i < b.length; i++) if (b[i] !== 0) out[n++] = b[i];
  return out.subarray(0, n);
}
