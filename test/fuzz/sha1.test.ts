/**
 * The ETag's SHA-1 in JavaScript (src/util/sha1.ts) against the runtime's:
 * every length it takes (0 to 119: one block and two), random ASCII
 * strings and the edges of ASCII (all 0x00, all 0x7F), the first 27 base64
 * characters each; and the tags of res.send on both sides of its limit and
 * beyond ASCII, against Express 5's over HTTP.
 */
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { test } from 'node:test'
import fc from 'fast-check'
import { internal, webfw, type Any } from '../helpers/webfw'
import { express5, withServers } from '../helpers/side-by-side'
import { runs } from './support'

const { shortAsciiSha1TagEnd, SHORT_SHA1_MAX } = internal('util/sha1')

function reference(s: string): string {
  return crypto.createHash('sha1').update(s, 'utf8').digest('base64').slice(0, 27)
}

/** The tag's end as the ETag maker takes it: the reference digits and the closing quote. */
function referenceTagEnd(s: string): string {
  return reference(s) + '"'
}

test('every length from 0 to the limit, and the edges of ASCII', () => {
  assert.equal(SHORT_SHA1_MAX, 119)
  for (let n = 0; n <= SHORT_SHA1_MAX; n++) {
    for (const s of ['\x00'.repeat(n), '\x7f'.repeat(n), Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 37 + n) % 95))).join('')]) {
      assert.equal(shortAsciiSha1TagEnd(s), referenceTagEnd(s), `length ${n}: ${JSON.stringify(s)}`)
    }
  }
  // Longest first, then each shorter one: nothing of an earlier, longer body is read.
  for (let n = SHORT_SHA1_MAX; n >= 0; n--) {
    const s = String.fromCharCode(97 + (n % 26)).repeat(n)
    assert.equal(shortAsciiSha1TagEnd('~'.repeat(SHORT_SHA1_MAX)), referenceTagEnd('~'.repeat(SHORT_SHA1_MAX)))
    assert.equal(shortAsciiSha1TagEnd(s), referenceTagEnd(s), `length ${n} after ${SHORT_SHA1_MAX}`)
  }
  // The digest of the empty string, as the etag package's empty-body tag holds it.
  assert.equal(shortAsciiSha1TagEnd(''), '2jmj7l5rSw0yVb/vlWAYkK/YBwk"')
})

test('any length after any other: nothing of an earlier body, block or length is read', () => {
  const bodies = Array.from({ length: SHORT_SHA1_MAX + 1 }, (_, n) => Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 7 + n) % 94))).join(''))
  const expected = bodies.map(referenceTagEnd)
  for (let i = 0; i <= SHORT_SHA1_MAX; i++) {
    for (let j = 0; j <= SHORT_SHA1_MAX; j++) {
      shortAsciiSha1TagEnd(bodies[i])
      assert.equal(shortAsciiSha1TagEnd(bodies[j]), expected[j], `length ${j} after ${i}`)
    }
  }
})

test(`random ASCII strings give the runtime's digest (${runs(5000)} strings)`, () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary-ascii', maxLength: SHORT_SHA1_MAX }), (s) => {
      assert.equal(shortAsciiSha1TagEnd(s), referenceTagEnd(s), JSON.stringify(s))
    }),
    { numRuns: runs(5000) },
  )
})

test('res.send: the same ETags as Express 5 below, at and above the limit, and beyond ASCII', async () => {
  const bodies = [
    '', 'a', '{"hello":"world"}', 'x'.repeat(55), 'x'.repeat(56), 'y'.repeat(119), 'z'.repeat(120),
    '\u00e9', 'caf\u00e9', '\u00e9'.repeat(27), '\u00e9'.repeat(28), '\ud83d\ude00', '\ud800', 'a\u0080',
  ]
  const appFor = (factory: Any, etag: unknown) => {
    const app = factory()
    app.set('etag', etag)
    app.get('/:i', (req: Any, res: Any) => res.send(bodies[Number(req.params.i)]))
    app.get('/json/:i', (req: Any, res: Any) => res.json({ s: bodies[Number(req.params.i)] }))
    return app
  }
  const tags = (port: number) =>
    Promise.all(
      bodies.flatMap((_, i) => [`/${i}`, `/json/${i}`]).map(async (path) => {
        const r = await fetch(`http://127.0.0.1:${port}${path}`)
        await r.arrayBuffer()
        return r.headers.get('etag')
      }),
    )
  for (const etag of ['weak', 'strong']) {
    const [ours, theirs] = await withServers([appFor(webfw, etag), appFor(express5, etag)], (ports) => Promise.all(ports.map(tags)))
    // Express's tags are real ones (the text answer of body 2, '{"hello":"world"}'), so the comparison cannot pass on a wrong reference.
    assert.equal(theirs[4], (etag === 'weak' ? 'W/' : '') + '"11-' + reference('{"hello":"world"}') + '"')
    assert.ok(theirs.every((t) => typeof t === 'string' && t.length > 0))
    assert.deepEqual(ours, theirs, etag)
  }
})
