// Writes examples/image.png: a synthetic 224x224 picture (sky, sun, sea, a sailing boat), drawn
// procedurally so the repository carries no third-party image. Run: node examples/make-image.mjs
import fs from 'node:fs';
import zlib from 'node:zlib';

const W = 224;
const H = 224;
const rgb = new Uint8Array(W * H * 3);
const mix = (a, b, t) => Math.round(a + (b - a) * t);
const horizon = 140;
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    let c;
    if (y < horizon) {
      const t = y / horizon; // sky: deep blue to warm orange at the horizon
      c = [mix(40, 250, t * t), mix(80, 170, t), mix(170, 120, t)];
      const d = Math.hypot(x - 150, y - 100); // sun
      if (d < 22) c = [255, 226, 120];
      else if (d < 34) c = c.map((v, i) => mix([255, 226, 120][i], v, (d - 22) / 12));
    } else {
      const t = (y - horizon) / (H - horizon); // sea with wave bands
      const wave = Math.sin(x / 9 + y * 0.9) > 0.75 ? 30 : 0;
      c = [mix(30, 10, t) + wave, mix(90, 40, t) + wave, mix(140, 90, t) + wave];
    }
    rgb.set(c, (y * W + x) * 3);
  }
}
const fill = (inside, color) => {
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inside(x, y)) rgb.set(color, (y * W + x) * 3);
};
fill((x, y) => y >= 132 && y < 146 && x >= 50 + (y - 132) * 0.8 && x < 120 - (y - 132) * 0.8, [90, 50, 30]); // hull
fill((x, y) => x >= 84 && x < 87 && y >= 60 && y < 132, [60, 40, 30]); // mast
fill((x, y) => y >= 64 && y < 128 && x >= 88 && x < 88 + (y - 64) * 0.55, [245, 245, 235]); // sail
fill((x, y) => y >= 80 && y < 128 && x < 83 && x >= 83 - (y - 80) * 0.4, [235, 235, 225]); // jib

// PNG: signature, IHDR, one IDAT (filter "Up" on every row), IEND.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(W, 0);
ihdr.writeUInt32BE(H, 4);
ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
const raw = Buffer.alloc(H * (W * 3 + 1));
for (let y = 0; y < H; y++) {
  raw[y * (W * 3 + 1)] = 2;
  for (let i = 0; i < W * 3; i++) {
    const v = rgb[y * W * 3 + i];
    raw[y * (W * 3 + 1) + 1 + i] = (v - (y ? rgb[(y - 1) * W * 3 + i] : 0)) & 255;
  }
}
const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr),
                           chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
const out = new URL('./image.png', import.meta.url);
fs.writeFileSync(out, png);
console.log(`wrote ${out.pathname} (${png.length} bytes)`);
