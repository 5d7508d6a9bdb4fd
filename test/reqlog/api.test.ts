/**
 * reqlog.token, reqlog.format and reqlog.compile, the shape of the export
 * (the same as morgan's), format functions, and the setup errors of the API.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { describe, test } from 'node:test'
import { packageRoot } from '../helpers/webfw'
import { LineSink, logOne, plainServer, reqlog, send } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const morgan = require('morgan')

describe('the export', () => {
  test('is a function with token, format and compile, like morgan', () => {
    assert.equal(typeof reqlog, 'function')
    for (const name of ['token', 'format', 'compile']) assert.equal(typeof reqlog[name], 'function', name)
  })

  test('has every property morgan has, of the same type', () => {
    for (const name of Object.keys(morgan)) {
      assert.ok(name in reqlog, `reqlog.${name}`)
      assert.equal(typeof reqlog[name], typeof morgan[name], name)
    }
  })

  test('the ESM entry exposes the same function as the CommonJS one', () => {
    const script = `
      import { createRequire } from 'node:module'
      import reqlog, { token, format, compile } from 'webfw/reqlog'
      const cjs = createRequire(process.cwd() + '/')('webfw/reqlog')
      console.log(JSON.stringify([reqlog === cjs, token === cjs.token, format === cjs.format, compile === cjs.compile]))`
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageRoot, encoding: 'utf8' })
    assert.deepEqual(JSON.parse(out), [true, true, true, true])
  })
})

describe('reqlog.token', () => {
  test('defines a token used as :name, and returns reqlog', async () => {
    assert.equal(reqlog.token('api-test-type', (req: { headers: Record<string, string> }) => req.headers['content-type']), reqlog)
    const { line } = await logOne(':method :api-test-type', {}, undefined, { method: 'POST', headers: { 'Content-Type': 'application/json' } })
    assert.equal(line, 'POST application/json')
  })

  test('passes [arg] as the third argument, and none without it', async () => {
    const seen: unknown[][] = []
    reqlog.token('api-test-args', (...args: unknown[]) => {
      seen.push(args.slice(2))
      return 'x'
    })
    const { line } = await logOne(':api-test-args :api-test-args[some arg]')
    assert.equal(line, 'x x')
    assert.deepEqual(seen, [[], ['some arg']])
  })

  test('gets req, res and reqlog as this', async () => {
    let got: unknown[] = []
    reqlog.token('api-test-this', function (this: unknown, req: unknown, res: unknown) {
      got = [this, req, res]
      return 'ok'
    })
    const srvReq: unknown[] = []
    await logOne(':api-test-this', {}, (req, res) => {
      srvReq.push(req, res)
      res.end()
    })
    assert.equal(got[0], reqlog)
    assert.equal(got[1], srvReq[0])
    assert.equal(got[2], srvReq[1])
  })

  test('redefining a name replaces it, also for formats compiled before', async () => {
    reqlog.token('api-test-swap', () => 'first')
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':api-test-swap', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/')
      reqlog.token('api-test-swap', () => 'second')
      await send(srv.port, 'GET', '/')
      await sink.line(1)
      assert.deepEqual(sink.lines, ['first', 'second'])
    } finally {
      await srv.close()
    }
  })

  test('built-in tokens can be redefined', async () => {
    const original = reqlog['user-agent']
    try {
      reqlog.token('user-agent', () => 'masked')
      assert.equal((await logOne(':user-agent', {}, undefined, { headers: { 'User-Agent': 'real' } })).line, 'masked')
    } finally {
      reqlog.token('user-agent', original)
    }
    assert.equal((await logOne(':user-agent', {}, undefined, { headers: { 'User-Agent': 'real' } })).line, 'real')
  })

  test('falsy results print "-", other values print as text', async () => {
    const values: Record<string, unknown> = { empty: '', nil: null, undef: undefined, zero: 0, no: false, num: 42, yes: true, list: ['a', 'b'] }
    for (const [name, value] of Object.entries(values)) reqlog.token(`api-test-v-${name}`, () => value)
    const { line } = await logOne(Object.keys(values).map((n) => `:api-test-v-${n}`).join(' '))
    assert.equal(line, '- - - - - 42 true a,b')
  })

  test('a token defined after the logger was created is used once defined', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog('[:api-test-late]', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/')
      reqlog.token('api-test-late', () => 'now defined')
      await send(srv.port, 'GET', '/')
      await sink.line(1)
      assert.deepEqual(sink.lines, ['[:api-test-late]', '[now defined]'])
    } finally {
      await srv.close()
    }
  })

  test('tokens are exposed on reqlog for format functions, and escape their text', () => {
    reqlog.token('api-test-raw', () => 'a\nb')
    assert.equal(reqlog['api-test-raw']({}, {}), 'a\\nb')
  })

  test('a name reqlog already has as a function is rejected', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'call', 'apply', 'bind', 'name', 'length', 'prototype', 'token', 'format', 'compile', 'hasOwnProperty']) {
      assert.throws(() => reqlog.token(name, () => 'x'), { name: 'TypeError', message: /cannot be a token name/ }, name)
    }
    assert.equal(Object.getPrototypeOf(reqlog), Function.prototype)
    assert.equal(typeof reqlog.token, 'function')
  })

  test('a name that is not a non-empty string, or a callback that is not a function, is rejected', () => {
    assert.throws(() => reqlog.token('', () => 'x'), { name: 'TypeError', message: /non-empty string/ })
    assert.throws(() => reqlog.token(42, () => 'x'), TypeError)
    assert.throws(() => reqlog.token('api-test-nofn', 'value'), { name: 'TypeError', message: /must be a function/ })
    assert.throws(() => reqlog.token('api-test-nofn'), TypeError)
  })
})

describe('reqlog.format', () => {
  test('defines a named format string, and returns reqlog', async () => {
    assert.equal(reqlog.format('api-test-brief', ':method :url!'), reqlog)
    assert.equal(reqlog['api-test-brief'], ':method :url!')
    assert.equal((await logOne('api-test-brief', {}, undefined, { path: '/p' })).line, 'GET /p!')
  })

  test('defines a named format function', async () => {
    reqlog.format('api-test-fn', (tokens: Record<string, (a: unknown, b: unknown) => string>, req: unknown, res: unknown) =>
      `${tokens.status(req, res)} for ${tokens.url(req, res)}`)
    assert.equal((await logOne('api-test-fn', {}, undefined, { path: '/q' })).line, '200 for /q')
  })

  test('a predefined format can be redefined', async () => {
    const tiny = reqlog.tiny
    try {
      reqlog.format('tiny', 'TINY :method')
      assert.equal((await logOne('tiny')).line, 'TINY GET')
    } finally {
      reqlog.format('tiny', tiny)
    }
  })

  test('invalid names and formats are rejected', () => {
    assert.throws(() => reqlog.format('constructor', ':method'), { name: 'TypeError', message: /cannot be a format name/ })
    assert.throws(() => reqlog.format('', ':method'), TypeError)
    assert.throws(() => reqlog.format('api-test-bad', 42), { name: 'TypeError', message: /must be a format string or a function/ })
  })

  test('a string that is not a registered name is a format string, even if it names a property', async () => {
    assert.equal((await logOne('constructor')).line, 'constructor')
    assert.equal((await logOne('toString')).line, 'toString')
    assert.equal((await logOne('method')).line, 'method')
  })
})

describe('format functions', () => {
  test('get (tokens, req, res) with tokens being reqlog', async () => {
    let args: unknown[] = []
    const { line } = await logOne((...a: unknown[]) => {
      args = a
      return 'line'
    })
    assert.equal(line, 'line')
    assert.equal(args.length, 3)
    assert.equal(args[0], reqlog)
  })

  test('returning undefined or null logs nothing', async () => {
    for (const value of [undefined, null]) {
      const sink = new LineSink()
      const witness = new LineSink()
      const srv = await plainServer([reqlog(() => value, { stream: sink }), reqlog(':url', { stream: witness })])
      try {
        await send(srv.port, 'GET', '/')
        await witness.line()
        assert.deepEqual(sink.writes, [], String(value))
      } finally {
        await srv.close()
      }
    }
  })

  test('returning an empty string logs an empty line', async () => {
    assert.equal((await logOne(() => '')).line, '')
  })
})

describe('reqlog.compile', () => {
  test('returns a function (tokens, req, res)', () => {
    const fn = reqlog.compile(':method :url')
    assert.equal(typeof fn, 'function')
    assert.equal(fn.length, 3)
    assert.equal(fn(reqlog, { method: 'GET', url: '/c', headers: {} }, {}), 'GET /c')
  })

  test('the compiled function works with a tokens object of the caller\'s own', () => {
    const fn = reqlog.compile(':method :mine[x] :constructor :toString')
    const tokens = { method: () => 'M', mine: (req: unknown, res: unknown, arg: string) => `<${arg}\n>` }
    assert.equal(fn(tokens, {}, {}), 'M <x\\n> :constructor :toString')
  })

  test('escapes exactly once when given reqlog\'s own exposed tokens', () => {
    const fn = reqlog.compile(':url')
    const copy = { ...reqlog }
    assert.equal(fn(copy, { url: '/a\nb"c' }, {}), '/a\\nb\\"c')
    assert.equal(fn(reqlog, { url: '/a\nb"c' }, {}), '/a\\nb\\"c')
  })

  test('a format without tokens is returned as is', () => {
    assert.equal(reqlog.compile('plain text - "quoted" \\ back')(reqlog, {}, {}), 'plain text - "quoted" \\ back')
    assert.equal(reqlog.compile('')(reqlog, {}, {}), '')
  })

  test('requires a string', () => {
    for (const bad of [undefined, null, 42, () => 'x', {}]) {
      assert.throws(() => reqlog.compile(bad), { name: 'TypeError', message: 'argument format must be a string' })
    }
  })
})
