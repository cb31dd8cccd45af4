// CRC-32 of two joined byte runs from their own CRCs (zlib's crc32_combine, in GF(2)
// polynomial arithmetic): a large cached fragment's CRC is then never recomputed per answer.
const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial (bit-reflected) */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1], X2N[k - 1]));

/** The operator that shifts a CRC past `length` bytes: keep it with the bytes it stands for. */
export function crc32ShiftFor(length: number): number {
  let p = 0x80000000;
  let k = 3; // bytes → bits
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multModP(X2N[k & 31], p);
  }
  return p;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and B's shift operator. */
export const crc32Combine = (crcA: number, crcB: number, shiftB: number): number => (multModP(shiftB, crcA) ^ crcB) >>> 0;
