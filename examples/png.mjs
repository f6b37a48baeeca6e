// A minimal PNG decoder and encoder for the demo (Node). Decoding: 8-bit, non-interlaced, colour types 0 (grey), 2 (RGB),
// 3 (palette), 4 (grey+alpha) and 6 (RGBA), all five row filters. Returns {width, height, rgba}.
// Anything else throws, naming what is unsupported. (The browser page decodes with <img>/canvas.)
import zlib from 'node:zlib';

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export function decodePng(bytes) {
  const buf = Buffer.from(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength);
  if (!SIGNATURE.every((b, i) => buf[i] === b)) throw new Error('not a PNG file');
  let pos = 8;
  let header = null;
  let palette = null;
  const idat = [];
  while (pos < buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + length);
    pos += 12 + length;
    if (type === 'IHDR') {
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), depth: data[8], color: data[9], interlace: data[12] };
    } else if (type === 'PLTE') {
      palette = data;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
  }
  if (!header) throw new Error('PNG: no IHDR chunk');
  const { width, height, depth, color, interlace } = header;
  if (depth !== 8) throw new Error(`PNG: bit depth ${depth} is not supported (only 8)`);
  if (interlace) throw new Error('PNG: interlaced images are not supported');
  const channels = CHANNELS[color];
  if (!channels) throw new Error(`PNG: colour type ${color} is not supported`);
  if (color === 3 && !palette) throw new Error('PNG: palette image without PLTE');
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error('PNG: image data is truncated');
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const up = y ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[i - channels] : 0;
      const b = up ? up[i] : 0;
      const c = up && i >= channels ? up[i - channels] : 0;
      let p;
      switch (filter) {
        case 0: p = 0; break;
        case 1: p = a; break;
        case 2: p = b; break;
        case 3: p = (a + b) >> 1; break;
        case 4: {
          const pa = Math.abs(b - c);
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - 2 * c);
          p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`PNG: unknown row filter ${filter}`);
      }
      out[i] = (src[i] + p) & 255;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = pixels.subarray(i * channels, i * channels + channels);
    let r; let g; let b; let a = 255;
    if (color === 0) [r, g, b] = [s[0], s[0], s[0]];
    else if (color === 4) [r, g, b, a] = [s[0], s[0], s[0], s[1]];
    else if (color === 3) [r, g, b] = [palette[s[0] * 3], palette[s[0] * 3 + 1], palette[s[0] * 3 + 2]];
    else [r, g, b, a] = [s[0], s[1], s[2], color === 6 ? s[3] : 255];
    rgba.set([r, g, b, a], i * 4);
  }
  return { width, height, rgba };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

// {width, height, rgba} -> PNG bytes (8-bit RGBA, every row unfiltered).
export function encodePng({ width, height, rgba }) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([Buffer.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
