/**
 * The dedicated renderers of the predefined formats (src/reqlog/lines.ts):
 * each writes the line its format string gives token by token, for clean,
 * unsafe, absent and unusual values, and reads the request's header fields
 * once for all of its header tokens.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { internal } from '../helpers/webfw'
import { basic, collectWarnings, reqlog } from './support'

/** Runs `fn` with `Date.now()` fixed at `ms`, so the `:date` of two lines rendered one after the other cannot differ. */
function atInstant<T>(ms: number, fn: () => T): T {
  const realNow = Date.now
  Date.now = () => ms
  try {
    return fn()
  } finally {
    Date.now = realNow
  }
}

const INSTANT = Date.UTC(2026, 10, 27, 5, 0, 1, 500)

const clean = {
  method: 'GET',
  url: '/items?page=2',
  httpVersionMajor: 1,
  httpVersionMinor: 1,
  headers: { 'user-agent': 'curl/8.5.0', referer: 'https://example.com/', authorization: basic('ada') },
  socket: { remoteAddress: '10.0.0.7' },
  _startAt: [100, 0] as [number, number],
}
const sent = {
  headersSent: true,
  statusCode: 200,
  getHeader: (name: string) => (name === 'content-length' ? 17 : undefined),
  _startAt: [100, 2_500_000] as [number, number],
}

/** Pairs of (request, response) covering each rule of a token value. */
const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
  ['clean values', clean, sent],
  ['unsafe text everywhere it can come from', {
    ...clean,
    method: 'GE"T',
    originalUrl: '/a\nb\\c',
    headers: { 'user-agent': 'x\u2028y\u0085', referrer: 'r"\r', authorization: basic('us\ter') },
    ip: '::1\u001b',
  }, { ...sent, getHeader: () => 'len"\u007f' }],
  ['absent values and a response whose head was not written', {
    method: undefined,
    url: '',
    headers: undefined,
    socket: null,
  }, { headersSent: false, statusCode: 500 }],
  ['numbers, arrays and unusual versions', {
    ...clean,
    httpVersionMajor: 2,
    httpVersionMinor: 0,
    headers: { 'user-agent': ['a', 'b"'], referer: 0 },
    _remoteAddress: 'kept-on-arrival',
    socket: undefined,
  }, { ...sent, statusCode: 404, getHeader: () => ['1', '2'] }],
  ['a version given only as text, a head written without headersSent', {
    ...clean,
    httpVersionMajor: undefined,
    httpVersion: '0.9"',
    _startAt: undefined,
  }, { _header: 'HTTP/1.1 204\r\n\r\n', statusCode: 204, getHeader: () => undefined }],
]

// the format strings from their module: reading `reqlog.default` warns (deprecated)
const formats = internal('reqlog/formats')
const FORMATS: Array<[string, string]> = [
  ['combined', formats.COMBINED],
  ['common', formats.COMMON],
  ['default', formats.DEFAULT],
  ['short', formats.SHORT],
  ['tiny', formats.TINY],
]

describe('dedicated renderers of the predefined formats', () => {
  for (const [name, format] of FORMATS) {
    test(`${name}: the same line as its format string rendered token by token`, () => {
      const dedicated = reqlog.compile(format)
      // one more literal character: no dedicated renderer, so the slots render it
      const bySlots = reqlog.compile(format + '|')
      for (const [label, req, res] of cases) {
        const [fast, slow] = atInstant(INSTANT, () => [dedicated(reqlog, req, res), bySlots(reqlog, req, res)])
        assert.equal(fast + '|', slow, label)
      }
    })
  }

  test('dev, in each status colour: the same line as its variant rendered token by token', () => {
    for (const status of [100, 200, 302, 404, 503]) {
      const res = { ...sent, statusCode: status }
      const line = reqlog.dev(reqlog, clean, res)
      const colour = status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : status >= 200 ? 32 : 0
      const variant = `\x1b[0m:method :url \x1b[${colour}m:status\x1b[0m :response-time ms - :res[content-length]\x1b[0m`
      assert.equal(line + '|', reqlog.compile(variant + '|')(reqlog, clean, res))
    }
  })

  test('a value that throws is written as "-" with a warning naming its token, as in any format', async () => {
    const req = { ...clean }
    Object.defineProperty(req, 'headers', {
      get() {
        throw new Error('no headers here')
      },
    })
    const { result: line, warnings } = await collectWarnings(() => atInstant(INSTANT, () => reqlog.compile(reqlog.combined)(reqlog, req, sent)))
    assert.equal(line, '10.0.0.7 - - [27/Nov/2026:05:00:01 +0000] "GET /items?page=2 HTTP/1.1" 200 17 "-" "-"')
    assert.deepEqual(warnings.filter((w) => w.name === 'ReqlogWarning').map((w) => /token :[-\w]+/.exec(w.message)?.[0]), ['token :remote-user', 'token :referrer', 'token :user-agent'])
  })

  test('a combined line reads req.headers once for its three header tokens', () => {
    let reads = 0
    const req = { ...clean }
    Object.defineProperty(req, 'headers', {
      get() {
        reads++
        return clean.headers
      },
    })
    const line = atInstant(INSTANT, () => reqlog.compile(reqlog.combined)(reqlog, req, sent))
    assert.equal(line, '10.0.0.7 - ada [27/Nov/2026:05:00:01 +0000] "GET /items?page=2 HTTP/1.1" 200 17 "https://example.com/" "curl/8.5.0"')
    assert.equal(reads, 1)
  })

})
