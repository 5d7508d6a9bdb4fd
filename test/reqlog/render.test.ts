/**
 * How a compiled format renders a line: each value that needs escaping is
 * escaped exactly once; numbers need no escaping; built-in tokens redefined
 * after a format was compiled are seen by it; a format rendered again from
 * inside one of its own tokens keeps both lines apart.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { logOne, reqlog } from './support'

/** Runs `fn` counting the scans made with `pattern` (RegExp#test on a regular expression of that source). */
function countingScans<T>(pattern: RegExp, fn: () => T): { result: T; scans: number } {
  const realTest = RegExp.prototype.test
  let scans = 0
  RegExp.prototype.test = function (this: RegExp, text: string): boolean {
    if (this.source === pattern.source) scans++
    return realTest.call(this, text)
  }
  try {
    return { result: fn(), scans }
  } finally {
    RegExp.prototype.test = realTest
  }
}

// the characters escape.ts escapes, as a pattern of the same source
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/

const request = {
  method: 'GET',
  url: '/items?page=2',
  httpVersionMajor: 1,
  httpVersionMinor: 1,
  headers: { 'user-agent': 'curl/8.5.0', referer: 'https://example.com/' },
  socket: { remoteAddress: '10.0.0.7' },
}
const response = { headersSent: true, statusCode: 200, getHeader: (name: string) => (name === 'content-length' ? 17 : undefined) }

describe('escaping a line', () => {
  test('a number is written without scanning it for characters to escape; text from the request is scanned', () => {
    const length = reqlog.compile(':res[content-length]')
    const numeric = countingScans(UNSAFE, () => length(reqlog, request, response))
    assert.equal(numeric.result, '17')
    assert.equal(numeric.scans, 0)
    const url = countingScans(UNSAFE, () => reqlog.compile(':url')(reqlog, request, response))
    assert.equal(url.result, '/items?page=2')
    assert.equal(url.scans, 1)
  })

  test('one unsafe value among clean ones: it is escaped, and a value escaped by its token is not escaped again', async () => {
    // a token defined with reqlog's own (escaping) user-agent function
    reqlog.token('render-ua-again', reqlog['user-agent'])
    const { line } = await logOne(':method :url :render-ua-again :status :user-agent', {}, undefined, {
      path: '/a',
      headers: { 'User-Agent': 'x"y\\z' },
    })
    assert.equal(line, 'GET /a x\\"y\\\\z 200 x\\"y\\\\z')
  })

  test('formats with more tokens than bits in a number escape the right values', () => {
    reqlog.token('render-raw', () => 'a\\b')
    reqlog.token('render-trusted', reqlog['render-raw'])
    const format = ':method '.repeat(40) + ':render-trusted :render-raw :method'
    const line = reqlog.compile(format)(reqlog, request, response)
    assert.equal(line, 'GET '.repeat(40) + 'a\\\\b a\\\\b GET')
  })

  test('numbers are written as they are; other values as text, escaped', () => {
    reqlog.token('render-number', () => -1.5e21)
    reqlog.token('render-object', () => ({ toString: () => 'o"k' }))
    reqlog.token('render-zero', () => 0)
    const line = reqlog.compile(':render-number|:render-object|:render-zero')(reqlog, request, response)
    assert.equal(line, '-1.5e+21|o\\"k|-')
  })
})

describe('rendering a format from inside its own token', () => {
  test('the inner line does not overwrite the values of the outer one', () => {
    let depth = 0
    reqlog.token('render-a', () => (depth === 0 ? 'A' : 'a'))
    reqlog.token('render-b', () => (depth === 0 ? 'B' : 'b'))
    reqlog.token('render-nested', (req: unknown, res: unknown) => {
      if (depth > 0) return 'in'
      depth++
      try {
        return '[' + format(reqlog, req, res) + ']'
      } finally {
        depth--
      }
    })
    const format = reqlog.compile(':render-a :render-nested :render-b')
    assert.equal(format(reqlog, request, response), 'A [a in b] B')
    // and the next line renders normally
    assert.equal(format(reqlog, request, response), 'A [a in b] B')
  })
})

describe('built-in tokens', () => {
  test('a built-in redefined after a format was compiled is used by that format, and restoring it restores the built-in', () => {
    const format = reqlog.compile(':method :status')
    const original = reqlog.method
    try {
      reqlog.token('method', () => 'REDEFINED"')
      assert.equal(format(reqlog, request, response), 'REDEFINED\\" 200')
    } finally {
      reqlog.token('method', original)
    }
    assert.equal(format(reqlog, request, response), 'GET 200')
  })
})
