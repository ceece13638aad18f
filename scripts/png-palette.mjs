// Screenshots of a user interface have a few hundred colours, most of them the antialiased edges of text: kept to
// the 256 most frequent (each other pixel takes the nearest of them), a PNG is a third of its size and looks the same.
import zlib from 'node:zlib';
import { PNG } from 'pngjs';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type, body) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** `png` (any PNG, its alpha ignored) as an 8-bit indexed PNG of at most `size` colours. */
export function palettePng(png, size = 256) {
  const { width, height, data } = PNG.sync.read(png);
  const rgb = (i) => (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) counts.set(rgb(i), (counts.get(rgb(i)) ?? 0) + 1);
  const palette = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, size)
    .map(([colour]) => colour);
  const indexOf = new Map(palette.map((colour, i) => [colour, i]));
  const nearest = (colour) => {
    const [r, g, b] = [colour >> 16, (colour >> 8) & 255, colour & 255];
    let best = 0;
    let distance = Infinity;
    palette.forEach((p, i) => {
      const d = (r - (p >> 16)) ** 2 + (g - ((p >> 8) & 255)) ** 2 + (b - (p & 255)) ** 2;
      if (d < distance) [best, distance] = [i, d];
    });
    indexOf.set(colour, best);
    return best;
  };
  // Each row: filter type 0, then one palette index per pixel.
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = rgb((y * width + x) * 4);
      rows[y * (width + 1) + 1 + x] = indexOf.get(colour) ?? nearest(colour);
    }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // indexed colour
  const colours = Buffer.alloc(palette.length * 3);
  palette.forEach((c, i) => colours.set([c >> 16, (c >> 8) & 255, c & 255], i * 3));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', colours),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
