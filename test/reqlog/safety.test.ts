/**
 * Format strings can never run code or crash the process, values from the
 * request cannot forge log lines, and failures of user code (tokens, format
 * functions, skip, the stream) cost at most a field or a line, never the
 * request or the process.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { internal, packageRoot } from '../helpers/webfw'
import { basic, collectWarnings, LineSink, logOne, plainServer, rawExchange, reqlog, send } from './support'

describe('format strings are data, never code', () => {
  const hostile = [
    '" + process.exit(1) + "',
    '\\" + process.exit(1) + \\"',
    "'); process.exit(1); ('",
    '${process.exit(1)}',
    '`${process.exit(1)}`',
    '\\u0022 + process.exit(1) + \\u0022',
    '"; while (true) {} "',
    'line\u2028separator\u2029and\nnewline',
    '\\',
    '"',
  ]
  for (const literal of hostile) {
    test(`logged literally: ${JSON.stringify(literal)}`, async () => {
      const sink = new LineSink()
      const srv = await plainServer([reqlog(`<${literal}> :method`, { stream: sink })])
      try {
        await send(srv.port, 'GET', '/')
        // a newline inside the format is the developer's own text, so it stays
        assert.deepEqual(await sink.waitWrites(1), [`<${literal}> GET\n`])
      } finally {
        await srv.close()
      }
    })
  }

  test('morgan\'s own backslash case: LOCAL\\:remote-user', async () => {
    const { line } = await logOne('LOCAL\\:remote-user ":method :url" :status', {}, undefined, { headers: { Authorization: basic('tobi', 'loki') } })
    assert.equal(line, 'LOCAL\\tobi "GET /" 200')
  })

  test('names of properties every object or function has are not tokens', async () => {
    const names = ['constructor', '__proto__', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'call', 'apply', 'bind', 'name', 'length', 'caller', 'arguments']
    const format = names.map((n) => `:${n}`).join(' ')
    assert.equal((await logOne(format)).line, format)
  })

  test('reqlog\'s API and format names are not tokens', async () => {
    const format = ':token :format :compile :combined :dev :default :tiny[x]'
    assert.equal((await logOne(format)).line, format)
  })

  test('unknown tokens, with and without arguments, are logged as written', async () => {
    const format = ':nope :no-such-token[with arg] :x :12:30 ::method [:] :[method]'
    assert.equal((await logOne(format)).line, ':nope :no-such-token[with arg] :x :12:30 :GET [:] :[method]')
  })

  test('made-up token names do not grow the token table', () => {
    const { definedCell } = internal('reqlog/registry')
    for (let i = 0; i < 1000; i++) reqlog.compile(`:made-up-${i} :method`)(reqlog, { method: 'GET' }, {})
    assert.equal(definedCell('made-up-7'), undefined)
    assert.notEqual(definedCell('method'), undefined)
  })

  test('an unterminated argument leaves the bracket as text', async () => {
    assert.equal((await logOne(':method[ :url[', {}, undefined, { path: '/u' })).line, 'GET[ /u[')
  })

  test('any string compiles, and its function returns a string without throwing', () => {
    const req = { method: 'GET', url: '/p', headers: { 'user-agent': 'ua' }, httpVersionMajor: 1, httpVersionMinor: 1 }
    const res = { headersSent: true, statusCode: 200, getHeader: () => '3' }
    const tokenish = fc.constantFrom(':method', ':url', ':status', ':date[clf]', ':req[user-agent]', ':res[x]', ':response-time[2]', ':constructor', ':__proto__', ':format', ':', '[', ']', '\\', '"', '\n')
    fc.assert(fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), tokenish)), (parts) => {
      const format = parts.join('')
      const line = reqlog.compile(format)(reqlog, req, res)
      assert.equal(typeof line, 'string')
      if (!format.includes(':')) assert.equal(line, format)
    }), { numRuns: 500 })
  })

  test('no code is generated from strings: everything works with code generation disabled', () => {
    const script = `
      const reqlog = require('webfw/reqlog')
      const morgan = require('morgan')
      const req = { method: 'GET', url: '/', headers: {}, httpVersionMajor: 1, httpVersionMinor: 1 }
      const res = { headersSent: true, statusCode: 200, getHeader: () => undefined }
      const lines = ['combined', 'common', 'short', 'tiny', 'default'].map((n) => reqlog.compile(reqlog[n])(reqlog, req, res))
      lines.push(reqlog.dev(reqlog, req, res), reqlog.compile('" + process.exit(3) + "')(reqlog, req, res))
      let morganError = 'none'
      try { morgan.compile(':method') } catch (err) { morganError = err.name }
      // and a real request through the middleware
      const http = require('node:http')
      // Done when both the client has the answer and the line is written (in either order).
      let waiting = 2
      const done = () => {
        if (--waiting !== 0) return
        server.close()
        console.log(JSON.stringify({ lines, morganError }))
      }
      const log = reqlog('tiny', { stream: { write: (l) => { lines.push(l); done() } } })
      const server = http.createServer((req, res) => log(req, res, () => res.end('ok')))
      server.listen(0, '127.0.0.1', () => {
        http.get({ port: server.address().port, host: '127.0.0.1', path: '/live', agent: false }, (r) => {
          r.resume()
          r.on('end', done)
        })
      })`
    const child = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], { cwd: packageRoot, encoding: 'utf8', timeout: 60_000 })
    assert.equal(child.status, 0, child.stderr)
    // reading the deprecated reqlog.default warns: that is the child's only warning
    const warnings = child.stderr.split('\n').filter((line) => /Warning/.test(line))
    assert.deepEqual(warnings.map((line) => line.replace(/^\(node:\d+\) /, '')), ['[REQLOG_DEPRECATED] DeprecationWarning: reqlog: default format: use combined format'])
    const out = child.stdout
    const { lines, morganError } = JSON.parse(out) as { lines: string[]; morganError: string }
    // the flag is in force: morgan, which uses new Function, cannot compile
    assert.equal(morganError, 'EvalError')
    assert.equal(lines.length, 8)
    assert.match(lines[3], /^GET \/ 200 - - - ms$/)
    assert.equal(lines[6], '" + process.exit(3) + "')
    assert.match(lines[7], /^GET \/live 200 - - \d+\.\d{3} ms\n$/)
  })
})

describe('values from the request cannot forge log lines', () => {
  test('CR LF in a Basic auth user name is escaped', async () => {
    // (no colon: Basic auth ends the user name at the first one)
    const user = 'x\r\n10.0.0.1 - admin [forged] "GET /admin HTTP/1.1" 200 0'
    const sink = new LineSink()
    const srv = await plainServer([reqlog('combined', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/', { Authorization: basic(user) })
      const [written] = await sink.waitWrites(1)
      assert.equal(written.split('\n').length, 2, 'one line and its newline')
      assert.ok(written.startsWith('127.0.0.1 - x\\r\\n10.0.0.1 - admin [forged] \\"GET /admin HTTP/1.1\\" 200 0 ['), written)
    } finally {
      await srv.close()
    }
  })

  test('U+2028, U+2029, NUL, ESC and DEL in a user name are escaped', async () => {
    const { line } = await logOne(':remote-user', {}, undefined, { headers: { Authorization: basic('a\u2028b\u2029c\u0000d\u001be\u007ff') } })
    assert.equal(line, 'a\\u2028b\\u2029c\\u0000d\\u001be\\u007ff')
  })

  test('C1 controls (raw bytes 0x80-0x9f) and tabs in headers are escaped', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':user-agent|:req[x-note]', { stream: sink })])
    try {
      const reply = await rawExchange(srv.port, 'GET / HTTP/1.1\r\nHost: h\r\nUser-Agent: agent\x85next\r\nX-Note: a\tb\r\nConnection: close\r\n\r\n')
      assert.match(reply, /^HTTP\/1\.1 200/)
      assert.equal(await sink.line(), 'agent\\u0085next|a\\tb')
    } finally {
      await srv.close()
    }
  })

  test('short values (a few characters, checked without the regular expression) are escaped like long ones', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':req[x-a]|:req[x-b]|:req[x-c]|:req[x-d]|:req[x-e]|:req[x-f]', { stream: sink })])
    try {
      const heads = 'X-A: \x85\r\nX-B: "\r\nX-C: \\\r\nX-D: a\tb\r\nX-E: \x9f1234\r\nX-F: ok\r\n'
      const reply = await rawExchange(srv.port, 'GET / HTTP/1.1\r\nHost: h\r\n' + heads + 'Connection: close\r\n\r\n')
      assert.match(reply, /^HTTP\/1\.1 200/)
      assert.equal(await sink.line(), '\\u0085|\\"|\\\\|a\\tb|\\u009f1234|ok')
    } finally {
      await srv.close()
    }
    for (const [user, logged] of [['a\u2028', 'a\\u2028'], ['b\u2029', 'b\\u2029'], ['\u007f', '\\u007f'], ['\u0000c', '\\u0000c'], ['\u001fd', '\\u001fd']]) {
      assert.equal((await logOne(':remote-user', {}, undefined, { headers: { Authorization: basic(user) } })).line, logged)
    }
  })

  test('quotes and backslashes cannot close a quoted field', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog('":url" ":user-agent"', { stream: sink })])
    try {
      const reply = await rawExchange(srv.port, 'GET /a"b\\c HTTP/1.1\r\nHost: h\r\nUser-Agent: x" "forged\r\nConnection: close\r\n\r\n')
      assert.match(reply, /^HTTP\/1\.1 200/)
      assert.equal(await sink.line(), '"/a\\"b\\\\c" "x\\" \\"forged"')
    } finally {
      await srv.close()
    }
  })

  test('a URL the app decoded (newline included) is escaped', async () => {
    const sink = new LineSink()
    const decode = (req: { url: string }, res: unknown, next: () => void): void => {
      req.url = decodeURIComponent(req.url)
      next()
    }
    const srv = await plainServer([decode, reqlog(':method :url :status', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/a%0D%0AGET%20/forged%20200')
      const [written] = await sink.waitWrites(1)
      assert.equal(written, 'GET /a\\r\\nGET /forged 200 200\n')
    } finally {
      await srv.close()
    }
  })

  test('custom tokens are escaped too, in format strings and through tokens.x() in format functions', async () => {
    reqlog.token('safety-custom', (req: { headers: Record<string, string> }) => req.headers['x-custom'] + '\n')
    const viaString = await logOne(':safety-custom', {}, undefined, { headers: { 'X-Custom': 'v"1' } })
    assert.equal(viaString.line, 'v\\"1\\n')
    const viaFunction = await logOne((tokens: Record<string, (a: unknown, b: unknown) => string>, req: unknown, res: unknown) =>
      tokens['safety-custom'](req, res), {}, undefined, { headers: { 'X-Custom': 'v"2' } })
    assert.equal(viaFunction.line, 'v\\"2\\n')
  })
})

describe('failures of user code are contained', () => {
  test('a token that throws logs "-" and a warning; the response is unaffected', async () => {
    reqlog.token('safety-throws', () => {
      throw new Error('token exploded')
    })
    const { result, warnings } = await collectWarnings(() => logOne(':method :safety-throws :status'))
    assert.equal(result.status, 200)
    assert.equal(result.line, 'GET - 200')
    assert.ok(warnings.some((w) => /token :safety-throws threw Error: token exploded/.test(w.message)), String(warnings))
  })

  test('a format function that throws logs nothing and warns; the server keeps serving', async () => {
    const sink = new LineSink()
    const witness = new LineSink()
    const format = (): string => {
      throw new Error('format exploded')
    }
    const { warnings } = await collectWarnings(async () => {
      const srv = await plainServer([reqlog(format, { stream: sink }), reqlog(':url', { stream: witness })])
      try {
        assert.equal((await send(srv.port, 'GET', '/one')).status, 200)
        assert.equal((await send(srv.port, 'GET', '/two')).status, 200)
        await witness.line(1)
      } finally {
        await srv.close()
      }
    })
    assert.deepEqual(sink.writes, [])
    assert.ok(warnings.some((w) => /the format function threw Error: format exploded/.test(w.message)), String(warnings))
  })

  test('a skip function that throws: the line is logged and a warning given', async () => {
    const skip = (): boolean => {
      throw new Error('skip exploded')
    }
    const { result, warnings } = await collectWarnings(() => logOne(':url', { skip }, undefined, { path: '/kept' }))
    assert.equal(result.line, '/kept')
    assert.ok(warnings.some((w) => /options\.skip threw Error: skip exploded/.test(w.message)), String(warnings))
  })

  test('a stream whose write throws: a warning, the response unaffected', async () => {
    const stream = {
      write(): never {
        throw new Error('disk full')
      },
    }
    const witness = new LineSink()
    const { result, warnings } = await collectWarnings(async () => {
      const srv = await plainServer([reqlog(':url', { stream }), reqlog(':url', { stream: witness })])
      try {
        const res = await send(srv.port, 'GET', '/w')
        await witness.line()
        return res
      } finally {
        await srv.close()
      }
    })
    assert.equal(result.status, 200)
    assert.ok(warnings.some((w) => /stream\.write threw Error: disk full/.test(w.message)), String(warnings))
  })

  test('a logger called without next, or with a request lacking everything, does not throw', () => {
    const logger = reqlog('combined', { immediate: true, stream: new LineSink() })
    assert.doesNotThrow(() => logger({}, {}))
    const line = reqlog.compile(reqlog.combined)(reqlog, {}, {})
    assert.equal(line, '- - - [' + line.slice(7, 33) + '] "- - HTTP/-" - - "-" "-"')
  })
})
