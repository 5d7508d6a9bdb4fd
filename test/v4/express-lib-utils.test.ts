/**
 * `express/lib/utils` (webfw's package under the `express` alias) against
 * Express 4's own module: the same names, and for each function the same
 * results on the same inputs, errors included.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import querystring from 'node:querystring'
import { after, before, describe, test } from 'node:test'
import { makeExpressAliasProject } from '../helpers/consumer-project'
import type { Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const expressUtils: Any = require('express4/lib/utils')

/** webfw's deprecation warnings (test/expected-warnings.cjs keeps them off stderr). */
const warnings: string[] = []
process.on('warning', (w: Error & { code?: string }) => {
  if (w.name === 'DeprecationWarning' && w.code === 'WEBFW_DEPRECATED') warnings.push(w.message)
})

/** Express 4's deprecated helpers called without depd's line on stderr (depd writes it there itself). */
function quietly<T>(fn: () => T): T {
  const write = process.stderr.write
  process.stderr.write = (() => true) as typeof process.stderr.write
  try {
    return fn()
  } finally {
    process.stderr.write = write
  }
}

/** Warnings are emitted on the next tick. */
const emitted = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

let dir: string
let utils: Any

before(() => {
  const project = makeExpressAliasProject('webfw-express-utils-')
  dir = project.dir
  utils = project.require('express/lib/utils')
})

after(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

/** What `fn(...args)` gives: its value, or the error's class and message. */
function outcome(fn: (...args: Any[]) => unknown, args: unknown[]): unknown {
  try {
    return { value: fn(...args) }
  } catch (err) {
    return { error: (err as Error).constructor.name, message: (err as Error).message }
  }
}

/** Each call of `name` gives what Express 4's gives. */
function sameResults(name: string, calls: unknown[][]): void {
  for (const args of calls) {
    const expected = quietly(() => outcome(expressUtils[name], args))
    assert.deepEqual(outcome(utils[name], args), expected, `${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`)
  }
}

describe('express/lib/utils', () => {
  test("has Express 4's names, each a function", () => {
    assert.deepEqual(Object.keys(utils).sort(), Object.keys(expressUtils).sort())
    for (const name of Object.keys(expressUtils)) assert.equal(typeof utils[name], 'function', name)
  })

  test('etag and wetag: the same tags for strings in any encoding, Buffers and empty bodies', () => {
    const bodies: unknown[][] = [[''], ['hello'], ['héllo wörld'], ['x'.repeat(5000)], ['héllo', 'latin1'], ['68656c6c6f', 'hex'], ['aGVsbG8=', 'base64']]
    sameResults('etag', bodies)
    sameResults('wetag', bodies)
    for (const name of ['etag', 'wetag']) {
      assert.equal(utils[name](Buffer.from('bytes \xff')), expressUtils[name](Buffer.from('bytes \xff')))
      assert.equal(utils[name](Buffer.alloc(0)), expressUtils[name](Buffer.alloc(0)))
    }
  })

  test('isAbsolute: true or undefined, for POSIX, drive and UNC paths', () => {
    sameResults('isAbsolute', [['/a'], ['a/b'], ['C:\\x'], ['C:/x'], ['C:x'], ['\\\\server\\share'], ['\\x'], [''], ['.'], ['../a']])
    assert.equal(utils.isAbsolute('a'), undefined)
  })

  test('flatten (deprecated): nested arrays, to a depth, holes', async () => {
    // eslint-disable-next-line no-sparse-arrays
    const arrays = [[1, [2, [3, [4]]], 5], [[[[]]]], [1, , 3], ['a', ['b']]]
    for (const array of arrays) {
      for (const depth of [undefined, 1, 0]) {
        assert.deepEqual(utils.flatten(array, depth), quietly(() => expressUtils.flatten(array, depth)))
      }
    }
    await emitted()
    assert.deepEqual(warnings.filter((w) => w.startsWith('utils.flatten')), ['utils.flatten: use array-flatten npm module instead'])
  })

  test('normalizeType and normalizeTypes: extensions by the mime 1 table, media ranges with their parameters', () => {
    const types = [
      'html', 'json', 'txt', 'png', 'unknown-ext', 'text/html', 'text/html; q=0.5', 'text/html;level=1;q=0.8',
      'application/json ; charset = utf-8', 'text/*; q', 'a/b;x', ' text/plain ;q=1;q=0.2', 'text/html;q=abc',
    ]
    sameResults('normalizeType', types.map((t) => [t]))
    sameResults('normalizeTypes', [[types], [[]]])
  })

  test('contentDisposition (deprecated): attachment headers of Express 4 (content-disposition 0.5)', async () => {
    sameResults('contentDisposition', [[], ['plain.txt'], ['dir/naïve ü.pdf'], ['"quoted".txt'], ['€ rates.txt', { fallback: false }], ['x.txt', { type: 'inline' }]])
    await emitted()
    assert.deepEqual(warnings.filter((w) => w.startsWith('utils.contentDisposition')), ['utils.contentDisposition: use content-disposition npm module instead'])
  })

  test('compileETag: the generators for true, "weak", "strong", none for false, functions kept, others a TypeError', () => {
    sameResults('compileETag', [['maybe'], [1], [null]])
    assert.equal(utils.compileETag(true), utils.wetag)
    assert.equal(utils.compileETag('weak'), utils.wetag)
    assert.equal(utils.compileETag('strong'), utils.etag)
    assert.equal(utils.compileETag(false), undefined)
    const own = () => 'x'
    assert.equal(utils.compileETag(own), own)
    assert.equal(utils.compileETag(true)('body'), expressUtils.compileETag(true)('body'))
  })

  test('compileQueryParser: querystring.parse, qs with 1000 array items, an empty object, or a TypeError', () => {
    sameResults('compileQueryParser', [['odd'], [0], [undefined]])
    assert.equal(utils.compileQueryParser(true), querystring.parse)
    assert.equal(utils.compileQueryParser('simple'), querystring.parse)
    const own = () => ({})
    assert.equal(utils.compileQueryParser(own), own)
    for (const query of ['a=1&a=2&b[c]=3', 'x[]=' + Array.from({ length: 30 }, (_, i) => i).join('&x[]='), '__proto__[p]=1', '']) {
      assert.deepEqual(utils.compileQueryParser('extended')(query), expressUtils.compileQueryParser('extended')(query), query)
      assert.deepEqual(utils.compileQueryParser(false)(query), expressUtils.compileQueryParser(false)(query))
    }
  })

  test('compileTrust: booleans, hop counts, address lists and subnets trust the same addresses', () => {
    const settings = [true, false, 0, 1, 2, 'loopback', '10.0.0.0/8, 127.0.0.1', ['uniquelocal', '::1'], undefined, null]
    const addresses = ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'fd00::1', '8.8.8.8']
    for (const setting of settings) {
      const mine = utils.compileTrust(setting)
      const theirs = expressUtils.compileTrust(setting)
      for (const address of addresses) {
        for (const hop of [0, 1, 2]) assert.equal(mine(address, hop), theirs(address, hop), `${JSON.stringify(setting)} ${address} ${hop}`)
      }
    }
    sameResults('compileTrust', [['not-an-ip']])
    const own = () => true
    assert.equal(utils.compileTrust(own), own)
  })

  test('setCharset: the type with its charset set, the type as given when either is missing, parse errors alike', () => {
    sameResults('setCharset', [
      ['text/html', 'utf-8'], ['text/html; charset=iso-8859-1', 'utf-8'], ['application/json; b=2; a=1', 'utf-8'],
      ['text/plain', ''], ['', 'utf-8'], [undefined, 'utf-8'], ['not a type', 'utf-8'], ['text/html; a=', 'utf-8'],
    ])
  })
})
