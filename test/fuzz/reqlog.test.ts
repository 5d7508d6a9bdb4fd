/**
 * Fuzzing reqlog format strings and the requests they log, inside a webfw
 * app over raw sockets.
 *
 * Format strings mix real tokens (with and without arguments, unknown
 * arguments, prototype names, API names) with literal text that would be
 * code if a format were ever evaluated (`" + (globalThis.x = 1) + "`,
 * template literals, closing quotes and braces). Requests carry random
 * bytes 0x80-0xff and tabs in header values (all Node lets through), a Basic
 * user name with any control character, odd methods and escaped paths, and
 * the app answers with a random status and response header.
 *
 * Every format compiles; every request gets its answer and exactly one
 * log line; a line holds no control character, DEL, C1 control, U+2028 or
 * U+2029 (the format's own text has none, so any would be forged from the
 * request); no evaluated text ever ran.
 *
 * Cases: 250 (format, request) pairs; FUZZ_RUNS / FUZZ_LONG raise them.
 */
import assert from 'node:assert/strict'
import net from 'node:net'
import { test } from 'node:test'
import fc from 'fast-check'
import { serve } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'
import { runs } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reqlog: Any = require('webfw/reqlog')

const CANARY = '__reqlogFuzzRan'
const tokenRef = fc.constantFrom(
  ':method', ':url', ':status', ':res[content-length]', ':res[x-out]', ':req[user-agent]', ':req[x-note]', ':req[__proto__]',
  ':response-time', ':response-time[3]', ':response-time[x]', ':total-time[0]', ':date', ':date[clf]', ':date[iso]', ':date[bogus]',
  ':remote-addr', ':remote-user', ':http-version', ':referrer', ':user-agent', ':pid',
  ':constructor', ':__proto__', ':toString', ':format', ':token', ':compile', ':combined', ':nope', ':url[x]', ':',
)
const codeLike = fc.constantFrom(
  `" + (globalThis.${CANARY} = 1) + "`,
  `' + (globalThis.${CANARY} = 1) + '`,
  '${globalThis.' + CANARY + ' = 1}',
  '`${globalThis.' + CANARY + ' = 1}`',
  `"); globalThis.${CANARY} = 1; ("`,
  '\\', '"', "'", '}', '{', '[', ']', '\\u0022', '\\n',
)
/** Literal text: printable only, so that any control character in a line came from the request. */
const literal = fc.string({ unit: fc.constantFrom(...' abc-:[]()"\'\\/|{}$`+=é☃'.split('')), maxLength: 8 })
const formatString = fc.array(fc.oneof({ weight: 4, arbitrary: tokenRef }, { weight: 2, arbitrary: literal }, { weight: 1, arbitrary: codeLike }), { minLength: 1, maxLength: 10 }).map((p) => p.join(''))

/** Header value bytes Node accepts: visible ASCII, space, tab, and obs-text 0x80-0xff. */
const headerValue = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0x21, max: 0x7e }) }, { weight: 1, arbitrary: fc.constantFrom(0x20, 0x09) }, { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xff }) }), { maxLength: 20 })
  .map((codes) => Buffer.from(codes).toString('latin1').trim() || 'x')
const userName = fc.string({ unit: fc.integer({ min: 0, max: 0x3ff }).map((c) => (c === 0x3a ? ' ' : String.fromCharCode(c))), maxLength: 12 })
const requestArb = fc.record({
  method: fc.constantFrom('GET', 'POST', 'HEAD', 'DELETE', 'PURGE', 'M-SEARCH', 'OPTIONS'),
  path: fc.array(fc.constantFrom('a', '%0D%0A', '%1B%5B31m', '"', '%22', '\\', '%E2%80%A8', '..', '%00', 'x?y=%0A'), { maxLength: 5 }).map((p) => '/' + p.join('/')),
  userAgent: headerValue,
  note: headerValue,
  user: userName,
  status: fc.constantFrom(200, 204, 302, 404, 500),
  out: headerValue,
})

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

function exchange(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.from(head, 'latin1')))
    const parts: Buffer[] = []
    socket.on('data', (c: Buffer) => parts.push(c))
    socket.on('end', () => resolve(Buffer.concat(parts).toString('latin1')))
    socket.on('error', reject)
    socket.setTimeout(10_000, () => socket.destroy(new Error('no reply within 10 s')))
  })
}

test(`reqlog in an app: random formats never run code nor throw, lines cannot be forged (${runs(250)} cases)`, async () => {
  await fc.assert(
    fc.asyncProperty(formatString, requestArb, async (format, r) => {
      const writes: string[] = []
      let logged: () => void = () => {}
      const done = new Promise<void>((resolve) => (logged = resolve))
      const app = webfw()
      app.use(reqlog(format, { stream: { write: (line: string) => { writes.push(line); logged() } } }))
      app.use((_req: Any, res: Any) => {
        res.set('X-Out', r.out)
        res.status(r.status).send('body')
      })
      const srv = await serve(app)
      try {
        const auth = Buffer.from(r.user + ':pw').toString('base64')
        const head =
          `${r.method} ${r.path} HTTP/1.1\r\nHost: h\r\nUser-Agent: ${r.userAgent}\r\nX-Note: ${r.note}\r\n` +
          `Referer: ${r.note}\r\nAuthorization: Basic ${auth}\r\nConnection: close\r\n\r\n`
        const reply = await exchange(srv.port, head)
        assert.match(reply, new RegExp(`^HTTP/1\\.1 ${r.status} `), reply.slice(0, 100))
        await done
        // one write: the line and its newline
        await new Promise((resolve) => setImmediate(resolve))
        assert.equal(writes.length, 1)
        const line = writes[0]
        assert.ok(line.endsWith('\n'))
        const body = line.slice(0, -1)
        assert.ok(!CONTROL.test(body), `control character in ${JSON.stringify(body)}`)
        assert.equal((globalThis as Any)[CANARY], undefined, 'text of a format string ran')
      } finally {
        await srv.close()
      }
    }),
    { numRuns: runs(250), includeErrorInReport: true },
  )
})

test(`reqlog.compile: any string, any request-like objects, never throws (${runs(500)} cases)`, () => {
  const oddObject = fc.constantFrom<Any>(
    {},
    { headers: null, socket: null },
    { method: 1, url: {}, headers: { 'user-agent': ['a', 'b'], authorization: 'Basic !!!' } },
    Object.create(null),
    { get headers() { throw new Error('getter') }, get ip() { throw new Error('ip') } },
    { headersSent: true, statusCode: 'x\n', getHeader: () => { throw new Error('getHeader') } },
    { _startAt: [1, 2], headersSent: true, statusCode: 200, getHeader: () => ['a\n', 'b'] },
  )
  fc.assert(
    fc.property(fc.oneof(formatString, fc.string({ unit: 'binary', maxLength: 40 })), oddObject, oddObject, (format, req, res) => {
      const line = reqlog.compile(format)(reqlog, req, res)
      assert.equal(typeof line, 'string')
      assert.equal((globalThis as Any)[CANARY], undefined)
    }),
    { numRuns: runs(500), includeErrorInReport: true },
  )
})
