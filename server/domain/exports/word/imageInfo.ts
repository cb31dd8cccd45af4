// The format and pixel size of an image, read from its first bytes (Word needs both to place
// it). Formats Word shows everywhere: PNG, JPEG, GIF, BMP; anything else (WebP, SVG) is linked.

export interface ImageInfo {
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  width: number;
  height: number;
}

function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc) carry the frame size
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

export function imageInfo(b: Buffer): ImageInfo | null {
  let size: { width: number; height: number } | null = null;
  let type: ImageInfo['type'] | null = null;
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR') {
    type = 'png';
    size = { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  } else if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    type = 'jpg';
    size = jpegSize(b);
  } else if (b.length >= 10 && (b.toString('ascii', 0, 6) === 'GIF87a' || b.toString('ascii', 0, 6) === 'GIF89a')) {
    type = 'gif';
    size = { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  } else if (b.length >= 26 && b.toString('ascii', 0, 2) === 'BM') {
    type = 'bmp';
    size = { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
  }
  if (!type || !size || size.width <= 0 || size.height <= 0) return null;
  return { type, ...size };
}

/** Fits an image into the text width (pixels at 96 dpi), never enlarging it. */
export function fitWithin(info: { width: number; height: number }, maxWidth: number): { width: number; height: number } {
  if (info.width <= maxWidth) return { width: info.width, height: info.height };
  return { width: maxWidth, height: Math.max(1, Math.round((info.height * maxWidth) / info.width)) };
}
