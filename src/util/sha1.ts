/**
 * SHA-1 in JavaScript for the ETag of a short ASCII body: the first 27
 * characters of the base64 digest, what `crypto.hash('sha1', body,
 * 'base64')` gives for the `etag` package's tag.
 *
 * Why not `crypto.hash` for these bodies: in a server under load its call
 * is the largest single item of webfw's request that fastify does not have.
 * With 50 connections on Node 24 it took about 1.9 µs of CPU per `stack`
 * request (a 54-byte body, `--cpu-prof`), against about 0.65 µs for this
 * function. Bodies of one or two 64-byte blocks with SHA-1's padding (at
 * most 119 bytes) come here: for them this function counts fewer
 * instructions under callgrind and takes no more time in a hot loop; from
 * three blocks on it still counts fewer, but OpenSSL's rounds take less
 * time (docs/perf.md, "The ETag's SHA-1 in JavaScript" and "Two-block
 * bodies").
 *
 * A block's compression is written out round by round over local
 * variables, the five working words changing roles each round instead of
 * moving, and the sixteen words of the schedule in locals too: the rounds
 * read no array and run no inner loop. test/fuzz/sha1.test.ts holds every
 * length from 0 to 119 to crypto's answer.
 */

import { Buffer } from './node-buffer'

/**
 * The most blocks hashed here (see above). Three would still count fewer
 * instructions than `crypto.hash` (157 bytes: 6,034 against 6,600 on Node
 * 24) but took 5 to 40% more time in a hot loop.
 */
const BLOCKS_MAX = 2

/** The longest body hashed here: BLOCKS_MAX blocks, less the 0x80 byte and the 8-byte length. */
export const SHORT_SHA1_MAX = BLOCKS_MAX * 64 - 9

/**
 * Whether `str`, of `byteLength` bytes in UTF-8, is hashed here: ASCII
 * (every other character takes two bytes or more, so only ASCII has as many
 * bytes as characters) and at most SHORT_SHA1_MAX long.
 */
export function fitsShortSha1(str: string, byteLength: number): boolean {
  return byteLength === str.length && byteLength <= SHORT_SHA1_MAX
}

/** Base64's alphabet as character codes. */
const B64 = new Uint8Array(64)
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
for (let i = 0; i < 64; i++) B64[i] = ALPHABET.charCodeAt(i)

/**
 * The message blocks: the body's bytes, written by one call of the runtime
 * (a loop of charCodeAt over the characters costs about 35 instructions a
 * character in V8's optimised code, the call a flat 200 or so), then the
 * 0x80 marker. Every byte from `clean` on is zero: each call clears what
 * the one before wrote past its own marker, so the words after the marker
 * are read as they are, without a test per word.
 */
const block = Buffer.alloc(BLOCKS_MAX * 64)
let clean = 0

/**
 * The first block's big-endian words (each later block is moved there in
 * turn): `getInt32` becomes one load and a byte swap in V8's optimised
 * code, where four byte loads with shifts took ten instructions
 * (docs/perf.md, "The ETag's SHA-1 in JavaScript").
 */
const view = new DataView(block.buffer, block.byteOffset, 64)

/**
 * Whether Buffers have `latin1Write`, the method `write(…, 'latin1')` ends
 * in: called directly it skips `write`'s argument handling and encoding
 * lookup, about 140 instructions a hash on Node 24 (docs/perf.md, "The
 * ETag's SHA-1 in JavaScript"). Node has had it on every Buffer for as long
 * as Latin-1 has been an encoding, but does not document it: where it is
 * missing, `write` does the same.
 */
const hasLatin1Write = typeof (block as Buffer & { latin1Write?: unknown }).latin1Write === 'function'

/**
 * The end of an ETag for `s`: the first 27 base64 characters of its SHA-1
 * and the closing quote, made as one string by the same `String.fromCharCode`
 * (the tag is then its head and this, one concatenation instead of two).
 * `s` must be ASCII and at most SHORT_SHA1_MAX characters long (the caller
 * checks both with fitsShortSha1).
 *
 * @example
 * shortAsciiSha1TagEnd('{"hello":"world"}') // 'IkjuL6CqqtmReFMfkkvwC0sKj04"'
 */
export function shortAsciiSha1TagEnd(s: string): string {
  const n = s.length
  // ASCII, so its Latin-1 bytes are its UTF-8 bytes.
  if (hasLatin1Write) (block as Buffer & { latin1Write(s: string, offset: number, length: number): number }).latin1Write(s, 0, n)
  else block.write(s, 0, n, 'latin1')
  block[n] = 0x80
  for (let i = n + 1; i < clean; i++) block[i] = 0
  clean = n + 1
  // The padded message ends in the body's length in bits, big-endian, in
  // its last two bytes (bodies here are far shorter than 8 KiB, 2^16
  // bits); the bytes before them, down to the marker, are zero already.
  const end = ((n + 8) >> 6) * 64 + 64
  block[end - 2] = n >>> 5
  block[end - 1] = (n << 3) & 0xff
  let h0 = 0x67452301, h1 = 0xefcdab89 | 0, h2 = 0x98badcfe | 0, h3 = 0x10325476, h4 = 0xc3d2e1f0 | 0
  let x = 0
  let next = 64
  for (;;) {
    let w0 = view.getInt32(0), w1 = view.getInt32(4), w2 = view.getInt32(8), w3 = view.getInt32(12)
    let w4 = view.getInt32(16), w5 = view.getInt32(20), w6 = view.getInt32(24), w7 = view.getInt32(28)
    let w8 = view.getInt32(32), w9 = view.getInt32(36), w10 = view.getInt32(40), w11 = view.getInt32(44)
    let w12 = view.getInt32(48), w13 = view.getInt32(52), w14 = view.getInt32(56), w15 = view.getInt32(60)
    let a = h0, b = h1, c = h2, d = h3, e = h4
    e = (e + ((a << 5) | (a >>> 27)) + (((b & (c ^ d)) ^ d)) + 0x5a827999 + w0) | 0; b = (b << 30) | (b >>> 2)
    d = (d + ((e << 5) | (e >>> 27)) + (((a & (b ^ c)) ^ c)) + 0x5a827999 + w1) | 0; a = (a << 30) | (a >>> 2)
    c = (c + ((d << 5) | (d >>> 27)) + (((e & (a ^ b)) ^ b)) + 0x5a827999 + w2) | 0; e = (e << 30) | (e >>> 2)
    b = (b + ((c << 5) | (c >>> 27)) + (((d & (e ^ a)) ^ a)) + 0x5a827999 + w3) | 0; d = (d << 30) | (d >>> 2)
    a = (a + ((b << 5) | (b >>> 27)) + (((c & (d ^ e)) ^ e)) + 0x5a827999 + w4) | 0; c = (c << 30) | (c >>> 2)
    e = (e + ((a << 5) | (a >>> 27)) + (((b & (c ^ d)) ^ d)) + 0x5a827999 + w5) | 0; b = (b << 30) | (b >>> 2)
    d = (d + ((e << 5) | (e >>> 27)) + (((a & (b ^ c)) ^ c)) + 0x5a827999 + w6) | 0; a = (a << 30) | (a >>> 2)
    c = (c + ((d << 5) | (d >>> 27)) + (((e & (a ^ b)) ^ b)) + 0x5a827999 + w7) | 0; e = (e << 30) | (e >>> 2)
    b = (b + ((c << 5) | (c >>> 27)) + (((d & (e ^ a)) ^ a)) + 0x5a827999 + w8) | 0; d = (d << 30) | (d >>> 2)
    a = (a + ((b << 5) | (b >>> 27)) + (((c & (d ^ e)) ^ e)) + 0x5a827999 + w9) | 0; c = (c << 30) | (c >>> 2)
    e = (e + ((a << 5) | (a >>> 27)) + (((b & (c ^ d)) ^ d)) + 0x5a827999 + w10) | 0; b = (b << 30) | (b >>> 2)
    d = (d + ((e << 5) | (e >>> 27)) + (((a & (b ^ c)) ^ c)) + 0x5a827999 + w11) | 0; a = (a << 30) | (a >>> 2)
    c = (c + ((d << 5) | (d >>> 27)) + (((e & (a ^ b)) ^ b)) + 0x5a827999 + w12) | 0; e = (e << 30) | (e >>> 2)
    b = (b + ((c << 5) | (c >>> 27)) + (((d & (e ^ a)) ^ a)) + 0x5a827999 + w13) | 0; d = (d << 30) | (d >>> 2)
    a = (a + ((b << 5) | (b >>> 27)) + (((c & (d ^ e)) ^ e)) + 0x5a827999 + w14) | 0; c = (c << 30) | (c >>> 2)
    e = (e + ((a << 5) | (a >>> 27)) + (((b & (c ^ d)) ^ d)) + 0x5a827999 + w15) | 0; b = (b << 30) | (b >>> 2)
    x = w13 ^ w8 ^ w2 ^ w0; w0 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (((a & (b ^ c)) ^ c)) + 0x5a827999 + w0) | 0; a = (a << 30) | (a >>> 2)
    x = w14 ^ w9 ^ w3 ^ w1; w1 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (((e & (a ^ b)) ^ b)) + 0x5a827999 + w1) | 0; e = (e << 30) | (e >>> 2)
    x = w15 ^ w10 ^ w4 ^ w2; w2 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (((d & (e ^ a)) ^ a)) + 0x5a827999 + w2) | 0; d = (d << 30) | (d >>> 2)
    x = w0 ^ w11 ^ w5 ^ w3; w3 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (((c & (d ^ e)) ^ e)) + 0x5a827999 + w3) | 0; c = (c << 30) | (c >>> 2)
    x = w1 ^ w12 ^ w6 ^ w4; w4 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) + 0x6ed9eba1 + w4) | 0; b = (b << 30) | (b >>> 2)
    x = w2 ^ w13 ^ w7 ^ w5; w5 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) + 0x6ed9eba1 + w5) | 0; a = (a << 30) | (a >>> 2)
    x = w3 ^ w14 ^ w8 ^ w6; w6 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) + 0x6ed9eba1 + w6) | 0; e = (e << 30) | (e >>> 2)
    x = w4 ^ w15 ^ w9 ^ w7; w7 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) + 0x6ed9eba1 + w7) | 0; d = (d << 30) | (d >>> 2)
    x = w5 ^ w0 ^ w10 ^ w8; w8 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) + 0x6ed9eba1 + w8) | 0; c = (c << 30) | (c >>> 2)
    x = w6 ^ w1 ^ w11 ^ w9; w9 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) + 0x6ed9eba1 + w9) | 0; b = (b << 30) | (b >>> 2)
    x = w7 ^ w2 ^ w12 ^ w10; w10 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) + 0x6ed9eba1 + w10) | 0; a = (a << 30) | (a >>> 2)
    x = w8 ^ w3 ^ w13 ^ w11; w11 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) + 0x6ed9eba1 + w11) | 0; e = (e << 30) | (e >>> 2)
    x = w9 ^ w4 ^ w14 ^ w12; w12 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) + 0x6ed9eba1 + w12) | 0; d = (d << 30) | (d >>> 2)
    x = w10 ^ w5 ^ w15 ^ w13; w13 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) + 0x6ed9eba1 + w13) | 0; c = (c << 30) | (c >>> 2)
    x = w11 ^ w6 ^ w0 ^ w14; w14 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) + 0x6ed9eba1 + w14) | 0; b = (b << 30) | (b >>> 2)
    x = w12 ^ w7 ^ w1 ^ w15; w15 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) + 0x6ed9eba1 + w15) | 0; a = (a << 30) | (a >>> 2)
    x = w13 ^ w8 ^ w2 ^ w0; w0 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) + 0x6ed9eba1 + w0) | 0; e = (e << 30) | (e >>> 2)
    x = w14 ^ w9 ^ w3 ^ w1; w1 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) + 0x6ed9eba1 + w1) | 0; d = (d << 30) | (d >>> 2)
    x = w15 ^ w10 ^ w4 ^ w2; w2 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) + 0x6ed9eba1 + w2) | 0; c = (c << 30) | (c >>> 2)
    x = w0 ^ w11 ^ w5 ^ w3; w3 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) + 0x6ed9eba1 + w3) | 0; b = (b << 30) | (b >>> 2)
    x = w1 ^ w12 ^ w6 ^ w4; w4 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) + 0x6ed9eba1 + w4) | 0; a = (a << 30) | (a >>> 2)
    x = w2 ^ w13 ^ w7 ^ w5; w5 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) + 0x6ed9eba1 + w5) | 0; e = (e << 30) | (e >>> 2)
    x = w3 ^ w14 ^ w8 ^ w6; w6 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) + 0x6ed9eba1 + w6) | 0; d = (d << 30) | (d >>> 2)
    x = w4 ^ w15 ^ w9 ^ w7; w7 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) + 0x6ed9eba1 + w7) | 0; c = (c << 30) | (c >>> 2)
    x = w5 ^ w0 ^ w10 ^ w8; w8 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) - 0x70e44324 + w8) | 0; b = (b << 30) | (b >>> 2)
    x = w6 ^ w1 ^ w11 ^ w9; w9 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) - 0x70e44324 + w9) | 0; a = (a << 30) | (a >>> 2)
    x = w7 ^ w2 ^ w12 ^ w10; w10 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) - 0x70e44324 + w10) | 0; e = (e << 30) | (e >>> 2)
    x = w8 ^ w3 ^ w13 ^ w11; w11 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) - 0x70e44324 + w11) | 0; d = (d << 30) | (d >>> 2)
    x = w9 ^ w4 ^ w14 ^ w12; w12 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) - 0x70e44324 + w12) | 0; c = (c << 30) | (c >>> 2)
    x = w10 ^ w5 ^ w15 ^ w13; w13 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) - 0x70e44324 + w13) | 0; b = (b << 30) | (b >>> 2)
    x = w11 ^ w6 ^ w0 ^ w14; w14 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) - 0x70e44324 + w14) | 0; a = (a << 30) | (a >>> 2)
    x = w12 ^ w7 ^ w1 ^ w15; w15 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) - 0x70e44324 + w15) | 0; e = (e << 30) | (e >>> 2)
    x = w13 ^ w8 ^ w2 ^ w0; w0 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) - 0x70e44324 + w0) | 0; d = (d << 30) | (d >>> 2)
    x = w14 ^ w9 ^ w3 ^ w1; w1 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) - 0x70e44324 + w1) | 0; c = (c << 30) | (c >>> 2)
    x = w15 ^ w10 ^ w4 ^ w2; w2 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) - 0x70e44324 + w2) | 0; b = (b << 30) | (b >>> 2)
    x = w0 ^ w11 ^ w5 ^ w3; w3 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) - 0x70e44324 + w3) | 0; a = (a << 30) | (a >>> 2)
    x = w1 ^ w12 ^ w6 ^ w4; w4 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) - 0x70e44324 + w4) | 0; e = (e << 30) | (e >>> 2)
    x = w2 ^ w13 ^ w7 ^ w5; w5 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) - 0x70e44324 + w5) | 0; d = (d << 30) | (d >>> 2)
    x = w3 ^ w14 ^ w8 ^ w6; w6 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) - 0x70e44324 + w6) | 0; c = (c << 30) | (c >>> 2)
    x = w4 ^ w15 ^ w9 ^ w7; w7 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + ((b & c) | (d & (b | c))) - 0x70e44324 + w7) | 0; b = (b << 30) | (b >>> 2)
    x = w5 ^ w0 ^ w10 ^ w8; w8 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + ((a & b) | (c & (a | b))) - 0x70e44324 + w8) | 0; a = (a << 30) | (a >>> 2)
    x = w6 ^ w1 ^ w11 ^ w9; w9 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + ((e & a) | (b & (e | a))) - 0x70e44324 + w9) | 0; e = (e << 30) | (e >>> 2)
    x = w7 ^ w2 ^ w12 ^ w10; w10 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + ((d & e) | (a & (d | e))) - 0x70e44324 + w10) | 0; d = (d << 30) | (d >>> 2)
    x = w8 ^ w3 ^ w13 ^ w11; w11 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + ((c & d) | (e & (c | d))) - 0x70e44324 + w11) | 0; c = (c << 30) | (c >>> 2)
    x = w9 ^ w4 ^ w14 ^ w12; w12 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) - 0x359d3e2a + w12) | 0; b = (b << 30) | (b >>> 2)
    x = w10 ^ w5 ^ w15 ^ w13; w13 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) - 0x359d3e2a + w13) | 0; a = (a << 30) | (a >>> 2)
    x = w11 ^ w6 ^ w0 ^ w14; w14 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) - 0x359d3e2a + w14) | 0; e = (e << 30) | (e >>> 2)
    x = w12 ^ w7 ^ w1 ^ w15; w15 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) - 0x359d3e2a + w15) | 0; d = (d << 30) | (d >>> 2)
    x = w13 ^ w8 ^ w2 ^ w0; w0 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) - 0x359d3e2a + w0) | 0; c = (c << 30) | (c >>> 2)
    x = w14 ^ w9 ^ w3 ^ w1; w1 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) - 0x359d3e2a + w1) | 0; b = (b << 30) | (b >>> 2)
    x = w15 ^ w10 ^ w4 ^ w2; w2 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) - 0x359d3e2a + w2) | 0; a = (a << 30) | (a >>> 2)
    x = w0 ^ w11 ^ w5 ^ w3; w3 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) - 0x359d3e2a + w3) | 0; e = (e << 30) | (e >>> 2)
    x = w1 ^ w12 ^ w6 ^ w4; w4 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) - 0x359d3e2a + w4) | 0; d = (d << 30) | (d >>> 2)
    x = w2 ^ w13 ^ w7 ^ w5; w5 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) - 0x359d3e2a + w5) | 0; c = (c << 30) | (c >>> 2)
    x = w3 ^ w14 ^ w8 ^ w6; w6 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) - 0x359d3e2a + w6) | 0; b = (b << 30) | (b >>> 2)
    x = w4 ^ w15 ^ w9 ^ w7; w7 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) - 0x359d3e2a + w7) | 0; a = (a << 30) | (a >>> 2)
    x = w5 ^ w0 ^ w10 ^ w8; w8 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) - 0x359d3e2a + w8) | 0; e = (e << 30) | (e >>> 2)
    x = w6 ^ w1 ^ w11 ^ w9; w9 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) - 0x359d3e2a + w9) | 0; d = (d << 30) | (d >>> 2)
    x = w7 ^ w2 ^ w12 ^ w10; w10 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) - 0x359d3e2a + w10) | 0; c = (c << 30) | (c >>> 2)
    x = w8 ^ w3 ^ w13 ^ w11; w11 = (x << 1) | (x >>> 31)
    e = (e + ((a << 5) | (a >>> 27)) + (b ^ c ^ d) - 0x359d3e2a + w11) | 0; b = (b << 30) | (b >>> 2)
    x = w9 ^ w4 ^ w14 ^ w12; w12 = (x << 1) | (x >>> 31)
    d = (d + ((e << 5) | (e >>> 27)) + (a ^ b ^ c) - 0x359d3e2a + w12) | 0; a = (a << 30) | (a >>> 2)
    x = w10 ^ w5 ^ w15 ^ w13; w13 = (x << 1) | (x >>> 31)
    c = (c + ((d << 5) | (d >>> 27)) + (e ^ a ^ b) - 0x359d3e2a + w13) | 0; e = (e << 30) | (e >>> 2)
    x = w11 ^ w6 ^ w0 ^ w14; w14 = (x << 1) | (x >>> 31)
    b = (b + ((c << 5) | (c >>> 27)) + (d ^ e ^ a) - 0x359d3e2a + w14) | 0; d = (d << 30) | (d >>> 2)
    x = w12 ^ w7 ^ w1 ^ w15; w15 = (x << 1) | (x >>> 31)
    a = (a + ((b << 5) | (b >>> 27)) + (c ^ d ^ e) - 0x359d3e2a + w15) | 0; c = (c << 30) | (c >>> 2)
    h0 = (h0 + a) | 0
    h1 = (h1 + b) | 0
    h2 = (h2 + c) | 0
    h3 = (h3 + d) | 0
    h4 = (h4 + e) | 0
    if (next === end) break
    // The next block is moved onto the first: the words are then read at
    // constant offsets, which V8 checks once when it compiles this
    // function rather than on every read (per-read offsets cost about 70
    // instructions a hash, a one-block one too). The first 64 bytes then
    // hold that block's, the length perhaps included: `clean` is raised
    // over them so that the next call clears them.
    block.copyWithin(0, next, next + 64)
    if (clean < 64) clean = 64
    next += 64
  }
  block[end - 2] = 0
  block[end - 1] = 0
  // 160 bits in 27 six-bit digits, the last with two zero bits after h4's last four; then the quote.
  return String.fromCharCode(
    B64[h0 >>> 26], B64[(h0 >>> 20) & 63], B64[(h0 >>> 14) & 63], B64[(h0 >>> 8) & 63], B64[(h0 >>> 2) & 63],
    B64[((h0 << 4) | (h1 >>> 28)) & 63], B64[(h1 >>> 22) & 63], B64[(h1 >>> 16) & 63], B64[(h1 >>> 10) & 63], B64[(h1 >>> 4) & 63],
    B64[((h1 << 2) | (h2 >>> 30)) & 63], B64[(h2 >>> 24) & 63], B64[(h2 >>> 18) & 63], B64[(h2 >>> 12) & 63], B64[(h2 >>> 6) & 63], B64[h2 & 63],
    B64[h3 >>> 26], B64[(h3 >>> 20) & 63], B64[(h3 >>> 14) & 63], B64[(h3 >>> 8) & 63], B64[(h3 >>> 2) & 63],
    B64[((h3 << 4) | (h4 >>> 28)) & 63], B64[(h4 >>> 22) & 63], B64[(h4 >>> 16) & 63], B64[(h4 >>> 10) & 63], B64[(h4 >>> 4) & 63],
    B64[(h4 << 2) & 63], 0x22,
  )
}
