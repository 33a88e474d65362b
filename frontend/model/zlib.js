// zlib (RFC 1950) around deflate (RFC 1951), synchronous, for the compact form of large regions: Tiled's
// "base64 + zlib" layer data, which the server reads and writes too (core/edit/RegionData). Ops are applied
// synchronously, so the browser's async CompressionStream does not serve here.
// - deflate(): greedy LZ77 over a hash of the next 3 bytes, then Huffman codes made for each block of 65,536 tokens
//   (dynamic blocks). Tile data is runs, repeats and a few distinct gids, which this catches; it need not match zlib
//   byte for byte, only be read by any inflater.
// - inflate(): every block type; never writes past the length the caller expects, so a small hostile payload cannot
//   grow memory (a zlib bomb ends as an error at the expected size).

export class ZlibError extends Error {}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
  195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
  4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

// ---------------------------------------------------------------------------------------------------- inflate

/** A canonical Huffman code as counts per length and symbols in code order (decoded a bit at a time). */
function huffman(lengths, from, n) {
  const count = new Uint16Array(16);
  for (let i = 0; i < n; i++) count[lengths[from + i]]++;
  count[0] = 0;
  const offsets = new Uint16Array(16);
  for (let len = 1; len < 15; len++) offsets[len + 1] = offsets[len] + count[len];
  const symbol = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    if (lengths[from + i] !== 0) symbol[offsets[lengths[from + i]]++] = i;
  }
  return { count, symbol };
}

let fixedCodes = null;

function fixed() {
  if (fixedCodes === null) {
    const lengths = new Uint8Array(288 + 30);
    lengths.fill(8, 0, 144);
    lengths.fill(9, 144, 256);
    lengths.fill(7, 256, 280);
    lengths.fill(8, 280, 288);
    lengths.fill(5, 288, 318);
    fixedCodes = { lengths: huffman(lengths, 0, 288), distances: huffman(lengths, 288, 30) };
  }
  return fixedCodes;
}

class Reader {
  constructor(bytes, at, end) {
    this.bytes = bytes;
    this.at = at;
    this.end = end;
    this.buffer = 0;
    this.count = 0;
  }

  bits(n) {
    while (this.count < n) {
      if (this.at >= this.end) throw new ZlibError('the compressed data ends early');
      this.buffer |= this.bytes[this.at++] << this.count;
      this.count += 8;
    }
    const value = this.buffer & ((1 << n) - 1);
    this.buffer >>>= n;
    this.count -= n;
    return value;
  }

  decode(code) {
    let value = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len <= 15; len++) {
      value |= this.bits(1);
      const count = code.count[len];
      if (value - count < first) return code.symbol[index + (value - first)];
      index += count;
      first = (first + count) << 1;
      value <<= 1;
    }
    throw new ZlibError('the compressed data has a code no table holds');
  }
}

/**
 * The bytes zlib data holds, which must be exactly `expected` bytes long.
 * @param {Uint8Array} data
 * @param {number} expected
 * @returns {Uint8Array}
 */
export function inflate(data, expected) {
  if (data.length < 6) throw new ZlibError('too short for zlib data');
  const cmf = data[0];
  const flg = data[1];
  if ((cmf & 0x0f) !== 8 || (cmf >> 4) > 7 || ((cmf << 8) | flg) % 31 !== 0 || (flg & 0x20) !== 0) {
    throw new ZlibError('not zlib data (header)');
  }
  const out = new Uint8Array(expected);
  let n = 0;
  const reader = new Reader(data, 2, data.length - 4);
  let last = 0;
  while (last === 0) {
    last = reader.bits(1);
    const type = reader.bits(2);
    if (type === 0) {
      reader.buffer = 0;
      reader.count = 0;
      if (reader.at + 4 > reader.end) throw new ZlibError('the compressed data ends early');
      const length = data[reader.at] | (data[reader.at + 1] << 8);
      const check = data[reader.at + 2] | (data[reader.at + 3] << 8);
      if ((length ^ 0xffff) !== check) throw new ZlibError('a stored block has a broken length');
      reader.at += 4;
      if (reader.at + length > reader.end) throw new ZlibError('the compressed data ends early');
      if (n + length > expected) throw new ZlibError(`the data holds more than the ${expected} bytes expected`);
      out.set(data.subarray(reader.at, reader.at + length), n);
      n += length;
      reader.at += length;
      continue;
    }
    let codes;
    if (type === 1) {
      codes = fixed();
    } else if (type === 2) {
      codes = dynamic(reader);
    } else {
      throw new ZlibError('the compressed data has a block of an unknown type');
    }
    for (;;) {
      const symbol = reader.decode(codes.lengths);
      if (symbol < 256) {
        if (n >= expected) throw new ZlibError(`the data holds more than the ${expected} bytes expected`);
        out[n++] = symbol;
        continue;
      }
      if (symbol === 256) break;
      const s = symbol - 257;
      if (s >= 29) throw new ZlibError('the compressed data has a length code no table holds');
      const length = LENGTH_BASE[s] + reader.bits(LENGTH_EXTRA[s]);
      const d = reader.decode(codes.distances);
      if (d >= 30) throw new ZlibError('the compressed data has a distance code no table holds');
      const distance = DIST_BASE[d] + reader.bits(DIST_EXTRA[d]);
      if (distance > n) throw new ZlibError('the compressed data refers back before its start');
      if (n + length > expected) throw new ZlibError(`the data holds more than the ${expected} bytes expected`);
      for (let i = 0; i < length; i++, n++) out[n] = out[n - distance];
    }
  }
  if (n !== expected) throw new ZlibError(`the data holds ${n} bytes, ${expected} were expected`);
  const tail = reader.end;
  const adler = ((data[tail] << 24) | (data[tail + 1] << 16) | (data[tail + 2] << 8) | data[tail + 3]) >>> 0;
  if (adler !== adler32(out)) throw new ZlibError('the data does not match its checksum');
  return out;
}

function dynamic(reader) {
  const nlen = reader.bits(5) + 257;
  const ndist = reader.bits(5) + 1;
  const ncode = reader.bits(4) + 4;
  if (nlen > 286 || ndist > 30) throw new ZlibError('the compressed data has too many codes');
  const lengths = new Uint8Array(320);
  for (let i = 0; i < ncode; i++) lengths[CODE_LENGTH_ORDER[i]] = reader.bits(3);
  const lengthCode = huffman(lengths, 0, 19);
  lengths.fill(0);
  let i = 0;
  while (i < nlen + ndist) {
    const symbol = reader.decode(lengthCode);
    if (symbol < 16) {
      lengths[i++] = symbol;
      continue;
    }
    let value = 0;
    let repeat;
    if (symbol === 16) {
      if (i === 0) throw new ZlibError('the compressed data repeats a length before the first');
      value = lengths[i - 1];
      repeat = 3 + reader.bits(2);
    } else if (symbol === 17) {
      repeat = 3 + reader.bits(3);
    } else {
      repeat = 11 + reader.bits(7);
    }
    if (i + repeat > nlen + ndist) throw new ZlibError('the compressed data has too many code lengths');
    lengths.fill(value, i, i + repeat);
    i += repeat;
  }
  if (lengths[256] === 0) throw new ZlibError('the compressed data has no end-of-block code');
  return { lengths: huffman(lengths, 0, nlen), distances: huffman(lengths, nlen, ndist) };
}

/** The Adler-32 checksum zlib ends with. */
export function adler32(bytes) {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length;) {
    const end = Math.min(bytes.length, i + 3800); // sums stay below 2^31 between reductions
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

// ---------------------------------------------------------------------------------------------------- deflate

/** The length code (0-based from 257) of every match length 3..258. */
const LENGTH_CODE = (() => {
  const table = new Uint8Array(259);
  for (let s = 0; s < 29; s++) {
    for (let l = LENGTH_BASE[s]; l < LENGTH_BASE[s] + (1 << LENGTH_EXTRA[s]) && l <= 258; l++) table[l] = s;
  }
  table[258] = 28;
  return table;
})();

function distanceCode(distance) {
  let d = 0;
  while (d < 29 && DIST_BASE[d + 1] <= distance) d++;
  return d;
}

function reverse(code, length) {
  let out = 0;
  for (let i = 0; i < length; i++) {
    out = (out << 1) | (code & 1);
    code >>= 1;
  }
  return out;
}

/**
 * Huffman code lengths for symbol frequencies, none longer than `limit` (frequencies are flattened until they fit).
 * At least two symbols get a code, so every code is complete, as inflaters require of some.
 */
function codeLengths(frequencies, limit) {
  const n = frequencies.length;
  const f = Array.from(frequencies);
  const used = f.filter((x) => x > 0).length;
  if (used < 2) {
    const only = f.findIndex((x) => x > 0);
    f[only === 0 ? 1 : 0] = 1;
    if (only < 0) f[1] = 1;
  }
  for (;;) {
    const leaves = [];
    for (let i = 0; i < n; i++) if (f[i] > 0) leaves.push({ weight: f[i], symbol: i });
    leaves.sort((a, b) => a.weight - b.weight || a.symbol - b.symbol);
    // two queues: the sorted leaves, and the merged nodes (made in order of weight)
    const merged = [];
    let a = 0;
    let b = 0;
    const take = () => (b >= merged.length || (a < leaves.length && leaves[a].weight <= merged[b].weight)
      ? leaves[a++] : merged[b++]);
    while (leaves.length - a + merged.length - b > 1) {
      const x = take();
      const y = take();
      merged.push({ weight: x.weight + y.weight, left: x, right: y });
    }
    const lengths = new Uint8Array(n);
    let longest = 0;
    const stack = [[take(), 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop();
      if (node.symbol !== undefined) {
        lengths[node.symbol] = depth;
        longest = Math.max(longest, depth);
      } else {
        stack.push([node.left, depth + 1], [node.right, depth + 1]);
      }
    }
    if (longest <= limit) return lengths;
    for (let i = 0; i < n; i++) if (f[i] > 0) f[i] = (f[i] >> 1) | 1;
  }
}

/** Canonical codes for code lengths, bit-reversed for an LSB-first stream. */
function canonicalCodes(lengths) {
  const count = new Uint16Array(16);
  for (const length of lengths) count[length]++;
  count[0] = 0;
  const next = new Uint16Array(16);
  let code = 0;
  for (let bits = 1; bits < 16; bits++) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let i = 0; i < lengths.length; i++) {
    if (lengths[i] > 0) codes[i] = reverse(next[lengths[i]]++, lengths[i]);
  }
  return codes;
}

class Writer {
  constructor(capacity) {
    this.bytes = new Uint8Array(Math.max(64, capacity));
    this.n = 0;
    this.buffer = 0;
    this.count = 0;
  }

  bits(value, length) {
    this.buffer |= value << this.count;
    this.count += length;
    while (this.count >= 8) {
      if (this.n === this.bytes.length) this.grow();
      this.bytes[this.n++] = this.buffer & 0xff;
      this.buffer >>>= 8;
      this.count -= 8;
    }
  }

  grow() {
    const bigger = new Uint8Array(this.bytes.length * 2);
    bigger.set(this.bytes);
    this.bytes = bigger;
  }

  finish() {
    if (this.count > 0) this.bits(0, 8 - this.count);
    return this.bytes.subarray(0, this.n);
  }
}

const HASH_BITS = 15;
const WINDOW = 32768;
const BLOCK = 1 << 16;

/** LZ77 tokens waiting to be written as one block with codes made for them (dynamic Huffman). */
class Tokens {
  constructor() {
    this.symbol = new Uint16Array(BLOCK); // literal 0-255 or length code 257-285
    this.lengthExtra = new Uint16Array(BLOCK);
    this.distance = new Uint8Array(BLOCK); // distance code, for a length
    this.distanceExtra = new Uint16Array(BLOCK);
    this.k = 0;
  }

  full() {
    return this.k === BLOCK;
  }

  literal(byte) {
    this.symbol[this.k++] = byte;
  }

  match(length, distance) {
    const s = LENGTH_CODE[length];
    const d = distanceCode(distance);
    this.symbol[this.k] = 257 + s;
    this.lengthExtra[this.k] = length - LENGTH_BASE[s];
    this.distance[this.k] = d;
    this.distanceExtra[this.k] = distance - DIST_BASE[d];
    this.k++;
  }

  /** Writes the tokens as one block (BTYPE 2) and empties the buffer. */
  write(out, last) {
    const litFrequencies = new Uint32Array(286);
    const distFrequencies = new Uint32Array(30);
    for (let i = 0; i < this.k; i++) {
      litFrequencies[this.symbol[i]]++;
      if (this.symbol[i] > 256) distFrequencies[this.distance[i]]++;
    }
    litFrequencies[256] = 1;
    const litLengths = codeLengths(litFrequencies, 15);
    const distLengths = codeLengths(distFrequencies, 15);
    let hlit = 286;
    while (hlit > 257 && litLengths[hlit - 1] === 0) hlit--;
    let hdist = 30;
    while (hdist > 1 && distLengths[hdist - 1] === 0) hdist--;
    const runs = runLengths([...litLengths.subarray(0, hlit), ...distLengths.subarray(0, hdist)]);
    const clFrequencies = new Uint32Array(19);
    for (const [symbol] of runs) clFrequencies[symbol]++;
    const clLengths = codeLengths(clFrequencies, 7);
    let hclen = 19;
    while (hclen > 4 && clLengths[CODE_LENGTH_ORDER[hclen - 1]] === 0) hclen--;
    out.bits(last ? 1 : 0, 1);
    out.bits(2, 2);
    out.bits(hlit - 257, 5);
    out.bits(hdist - 1, 5);
    out.bits(hclen - 4, 4);
    for (let i = 0; i < hclen; i++) out.bits(clLengths[CODE_LENGTH_ORDER[i]], 3);
    const clCodes = canonicalCodes(clLengths);
    for (const [symbol, extra] of runs) {
      out.bits(clCodes[symbol], clLengths[symbol]);
      if (symbol === 16) out.bits(extra, 2);
      else if (symbol === 17) out.bits(extra, 3);
      else if (symbol === 18) out.bits(extra, 7);
    }
    const litCodes = canonicalCodes(litLengths);
    const distCodes = canonicalCodes(distLengths);
    for (let i = 0; i < this.k; i++) {
      const symbol = this.symbol[i];
      out.bits(litCodes[symbol], litLengths[symbol]);
      if (symbol > 256) {
        const s = symbol - 257;
        if (LENGTH_EXTRA[s] > 0) out.bits(this.lengthExtra[i], LENGTH_EXTRA[s]);
        const d = this.distance[i];
        out.bits(distCodes[d], distLengths[d]);
        if (DIST_EXTRA[d] > 0) out.bits(this.distanceExtra[i], DIST_EXTRA[d]);
      }
    }
    out.bits(litCodes[256], litLengths[256]);
    this.k = 0;
  }
}

/** Code lengths run-length coded as deflate writes them: [symbol, extra] with 16 (repeat), 17 and 18 (zeros). */
function runLengths(lengths) {
  const runs = [];
  for (let i = 0; i < lengths.length;) {
    const value = lengths[i];
    let run = 1;
    while (i + run < lengths.length && lengths[i + run] === value) run++;
    i += run;
    let left = run;
    if (value === 0) {
      while (left >= 3) {
        const take = Math.min(left, 138);
        runs.push(take >= 11 ? [18, take - 11] : [17, take - 3]);
        left -= take;
      }
    } else {
      runs.push([value, 0]);
      left--;
      while (left >= 3) {
        const take = Math.min(left, 6);
        runs.push([16, take - 3]);
        left -= take;
      }
    }
    for (; left > 0; left--) runs.push([value, 0]);
  }
  return runs;
}

/**
 * zlib data for the bytes.
 * @param {Uint8Array} bytes
 * @returns {Uint8Array}
 */
export function deflate(bytes) {
  const out = new Writer(bytes.length / 8 + 64);
  out.bits(0x78, 8);
  out.bits(0x01, 8);
  const tokens = new Tokens();
  const head = new Int32Array(1 << HASH_BITS).fill(-1);
  const n = bytes.length;
  const hash = (i) => (((bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2]) * 2654435761) >>> (32 - HASH_BITS);
  let i = 0;
  while (i < n) {
    if (tokens.full()) tokens.write(out, false);
    let length = 0;
    let distance = 0;
    if (i + 3 <= n) {
      const h = hash(i);
      const candidate = head[h];
      head[h] = i;
      if (candidate >= 0 && i - candidate <= WINDOW) {
        const most = Math.min(258, n - i);
        let l = 0;
        while (l < most && bytes[candidate + l] === bytes[i + l]) l++;
        if (l >= 3) {
          length = l;
          distance = i - candidate;
        }
      }
    }
    if (length === 0) {
      tokens.literal(bytes[i]);
      i++;
      continue;
    }
    tokens.match(length, distance);
    // what the match covers goes into the table too; of a long one (a run) only its end, which is what follows needs
    const end = i + length;
    for (let j = length > 32 ? end - 4 : i + 1; j < end && j + 3 <= n; j++) head[hash(j)] = j;
    i = end;
  }
  tokens.write(out, true);
  const adler = adler32(bytes);
  const stream = out.finish();
  const result = new Uint8Array(stream.length + 4);
  result.set(stream);
  result[stream.length] = adler >>> 24;
  result[stream.length + 1] = (adler >>> 16) & 0xff;
  result[stream.length + 2] = (adler >>> 8) & 0xff;
  result[stream.length + 3] = adler & 0xff;
  return result;
}

// ---------------------------------------------------------------------------------------------------- base64

/** @param {Uint8Array} bytes */
export function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/** @returns {Uint8Array} */
export function fromBase64(text) {
  let binary;
  try {
    binary = atob(text);
  } catch (e) {
    throw new ZlibError('not base64');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
