/**
 * The icon `webfw.favicon()` serves when given none (Connect 2 served its
 * own): a 16×16 ICO drawn here, so no binary file ships with the package.
 */
import { Buffer } from '../../util/node-buffer'

const SIZE = 16
const BACKGROUND = [0x2d, 0x3e, 0x50] // slate
const FOREGROUND = [0xf3, 0x9c, 0x12] // amber

/** Rows of the glyph, top to bottom: a "w" on the slate square. */
const GLYPH = [
  '................',
  '................',
  '................',
  '................',
  '.##..........##.',
  '.##..........##.',
  '.##....##....##.',
  '.##....##....##.',
  '.##...####...##.',
  '..##.##..##.##..',
  '..####....####..',
  '...##......##...',
  '................',
  '................',
  '................',
  '................',
]

/**
 * The ICO bytes: one directory entry pointing at a 32-bit BMP (header, BGRA
 * pixels bottom-up, then the 1-bit AND mask, all opaque).
 *
 * @example
 * serveFavicon(defaultIcon())
 */
export function defaultIcon(): Buffer {
  const pixels = SIZE * SIZE * 4
  const mask = SIZE * 4 // 16 bits a row, padded to 32
  const image = 40 + pixels + mask
  const buf = Buffer.alloc(6 + 16 + image)
  // ICONDIR: reserved, type 1 (icon), one image
  buf.writeUInt16LE(0, 0)
  buf.writeUInt16LE(1, 2)
  buf.writeUInt16LE(1, 4)
  // ICONDIRENTRY: width, height, colours, reserved, planes, bit count, size, offset
  buf.writeUInt8(SIZE, 6)
  buf.writeUInt8(SIZE, 7)
  buf.writeUInt16LE(1, 10)
  buf.writeUInt16LE(32, 12)
  buf.writeUInt32LE(image, 14)
  buf.writeUInt32LE(22, 18)
  // BITMAPINFOHEADER; the height counts the mask too
  let at = 22
  buf.writeUInt32LE(40, at)
  buf.writeInt32LE(SIZE, at + 4)
  buf.writeInt32LE(SIZE * 2, at + 8)
  buf.writeUInt16LE(1, at + 12)
  buf.writeUInt16LE(32, at + 14)
  buf.writeUInt32LE(pixels + mask, at + 20)
  at += 40
  for (let row = SIZE - 1; row >= 0; row--) {
    for (let col = 0; col < SIZE; col++) {
      const [r, g, b] = GLYPH[row][col] === '#' ? FOREGROUND : BACKGROUND
      buf[at++] = b
      buf[at++] = g
      buf[at++] = r
      buf[at++] = 0xff
    }
  }
  // the AND mask stays zero: every pixel opaque
  return buf
}
