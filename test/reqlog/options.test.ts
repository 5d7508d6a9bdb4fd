/**
 * Options of reqlog(format, options): immediate, skip, stream (default
 * standard output, object mode), morgan's buffer, several loggers in one app,
 * and the TypeErrors given at setup for arguments that could not work.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { packageRoot, webfw } from '../helpers/webfw'
import { LineSink, logOne, plainServer, reqlog, send } from './support'

describe('immediate', () => {
  test('logs when the request arrives, before the handler runs', async () => {
    const sink = new LineSink()
    let linesWhenHandled = -1
    const srv = await plainServer([reqlog(':method :url', { immediate: true, stream: sink })], (req, res) => {
      linesWhenHandled = sink.writes.length
      res.end()
    })
    try {
      await send(srv.port, 'GET', '/early')
      assert.equal(linesWhenHandled, 1)
      assert.equal(await sink.line(), 'GET /early')
    } finally {
      await srv.close()
    }
  })

  test('logs even when the handler never responds', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':method :url :status', { immediate: true, stream: sink })], () => undefined)
    try {
      const { default: http } = await import('node:http')
      const client = http.get({ host: '127.0.0.1', port: srv.port, path: '/hang', agent: false })
      client.on('error', () => undefined)
      assert.equal(await sink.line(), 'GET /hang -')
      client.destroy()
    } finally {
      await srv.close()
    }
  })
})

describe('skip', () => {
  test('skip(req, res) returning true leaves the request out', async () => {
    const sink = new LineSink()
    const calls: Array<[unknown, unknown]> = []
    const skip = (req: { url: string }, res: unknown): boolean => {
      calls.push([req, res])
      return req.url === '/health'
    }
    const srv = await plainServer([reqlog(':url', { skip, stream: sink })])
    try {
      await send(srv.port, 'GET', '/health')
      await send(srv.port, 'GET', '/page')
      assert.equal(await sink.line(0), '/page')
      assert.deepEqual(sink.lines, ['/page'])
      assert.equal(calls.length, 2)
    } finally {
      await srv.close()
    }
  })

  test('skip sees the finished response (log only errors)', async () => {
    const sink = new LineSink()
    const witness = new LineSink()
    const srv = await plainServer([
      reqlog(':url :status', { skip: (req: unknown, res: { statusCode: number }) => res.statusCode < 400, stream: sink }),
      reqlog(':url', { stream: witness }),
    ], (req, res) => {
      res.statusCode = req.url === '/bad' ? 500 : 200
      res.end()
    })
    try {
      await send(srv.port, 'GET', '/good')
      await send(srv.port, 'GET', '/bad')
      await witness.line(1)
      assert.deepEqual(sink.lines, ['/bad 500'])
    } finally {
      await srv.close()
    }
  })

  test('skip: false logs everything', async () => {
    assert.equal((await logOne(':method', { skip: false })).line, 'GET')
  })
})

describe('stream', () => {
  test('defaults to standard output', () => {
    const script = `
      const http = require('node:http')
      const reqlog = require('webfw/reqlog')
      const log = reqlog(':method :url :status')
      const server = http.createServer((req, res) => log(req, res, () => res.end('x')))
      server.listen(0, '127.0.0.1', () => {
        // The process exits once the server and its connection are closed,
        // after the line (written on the response's finish) is out.
        http.get({ port: server.address().port, host: '127.0.0.1', path: '/to-stdout', agent: false }, (r) => {
          r.resume()
          r.on('end', () => server.close())
        })
      })`
    const out = execFileSync(process.execPath, ['-e', script], { cwd: packageRoot, encoding: 'utf8' })
    assert.equal(out, 'GET /to-stdout 200\n')
  })

  test('an object-mode stream receives the object a format function returns', async () => {
    const written: unknown[] = []
    const stream = { writableObjectMode: true, write: (entry: unknown) => written.push(entry) }
    const format = (tokens: Record<string, (req: unknown, res: unknown) => string>, req: unknown, res: unknown): object => ({
      method: tokens.method(req, res),
      status: Number(tokens.status(req, res)),
    })
    const witness = new LineSink()
    const srv = await plainServer([reqlog(format, { stream }), reqlog(':url', { stream: witness })])
    try {
      await send(srv.port, 'GET', '/obj')
      await witness.line()
      assert.deepEqual(written, [{ method: 'GET', status: 200 }])
    } finally {
      await srv.close()
    }
  })

  test('an object-mode stream still gets text lines from format strings', async () => {
    const written: unknown[] = []
    const stream = { writableObjectMode: true, write: (entry: unknown) => written.push(entry) }
    const witness = new LineSink()
    const srv = await plainServer([reqlog(':method :url', { stream }), reqlog(':url', { stream: witness })])
    try {
      await send(srv.port, 'GET', '/txt')
      await witness.line()
      assert.deepEqual(written, ['GET /txt\n'])
    } finally {
      await srv.close()
    }
  })
})

describe('buffer (deprecated, as in morgan)', () => {
  // The interval runs on a mocked setTimeout (node:test's mock timers), moved
  // by hand: "before" and "after" the interval hold however slow the machine is.
  // A second, unbuffered logger shows when the buffered one has seen a line.
  test('buffer: <ms> collects lines and writes them together after the interval', async (t) => {
    const sink = new LineSink()
    const witness = new LineSink()
    const srv = await plainServer([reqlog(':method :url', { buffer: 300, stream: sink }), reqlog(':url', { stream: witness })])
    t.mock.timers.enable({ apis: ['setTimeout'] })
    try {
      await send(srv.port, 'GET', '/first')
      await send(srv.port, 'GET', '/second')
      await witness.waitWrites(2)
      t.mock.timers.tick(299)
      assert.equal(sink.writes.length, 0, 'nothing written before the interval')
      t.mock.timers.tick(1)
      assert.deepEqual(sink.writes, ['GET /first\nGET /second\n'])
    } finally {
      t.mock.timers.reset()
      await srv.close()
    }
  })

  test('buffer: true uses a one-second interval', async (t) => {
    const sink = new LineSink()
    const witness = new LineSink()
    const srv = await plainServer([reqlog(':url', { buffer: true, stream: sink }), reqlog(':url', { stream: witness })])
    t.mock.timers.enable({ apis: ['setTimeout'] })
    try {
      await send(srv.port, 'GET', '/one')
      await witness.line()
      t.mock.timers.tick(999)
      assert.equal(sink.writes.length, 0, 'held back, not written at once')
      t.mock.timers.tick(1)
      assert.deepEqual(sink.writes, ['/one\n'])
    } finally {
      t.mock.timers.reset()
      await srv.close()
    }
  })
})

describe('several loggers in one app', () => {
  test('errors to one stream, every request to another', async () => {
    const errors = new LineSink()
    const all = new LineSink()
    const app = webfw()
    app.use(reqlog('dev', { skip: (req: unknown, res: { statusCode: number }) => res.statusCode < 400, stream: errors }))
    app.use(reqlog('common', { stream: all }))
    app.get('/', (req: unknown, res: { send(b: string): void }) => res.send('home'))
    await withServer(app, async ({ port }) => {
      await send(port, 'GET', '/')
      await send(port, 'GET', '/missing')
      await all.line(1)
      assert.equal(all.lines.length, 2)
      assert.match(all.lines[0], /"GET \/ HTTP\/1\.1" 200 4$/)
      assert.match(all.lines[1], /"GET \/missing HTTP\/1\.1" 404 \d+$/)
      assert.equal(errors.lines.length, 1)
      assert.match(errors.lines[0], /GET \/missing \x1b\[33m404/)
    })
  })

  test('one line on arrival and one on response', async () => {
    const sink = new LineSink()
    const srv = await plainServer([
      reqlog('-> :method :url', { immediate: true, stream: sink }),
      reqlog('<- :method :url :status', { stream: sink }),
    ])
    try {
      await send(srv.port, 'PUT', '/both')
      await sink.line(1)
      assert.deepEqual(sink.lines, ['-> PUT /both', '<- PUT /both 200'])
    } finally {
      await srv.close()
    }
  })
})

describe('deprecated reqlog(options)', () => {
  test('takes the format from options.format', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog({ format: ':method :url', stream: sink })])
    try {
      await send(srv.port, 'GET', '/opts')
      assert.equal(await sink.line(), 'GET /opts')
    } finally {
      await srv.close()
    }
  })

  test('takes a format function from options.format', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog({ format: () => 'from a function', stream: sink })])
    try {
      await send(srv.port, 'GET', '/')
      assert.equal(await sink.line(), 'from a function')
    } finally {
      await srv.close()
    }
  })

  test('uses the default format without options.format', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog({ stream: sink })])
    try {
      await send(srv.port, 'GET', '/x', { 'User-Agent': 'ua' })
      assert.match(await sink.line(), /^127\.0\.0\.1 - - \[\w{3}, .+ GMT\] "GET \/x HTTP\/1\.1" 200 - "-" "ua"$/)
    } finally {
      await srv.close()
    }
  })
})

describe('invalid arguments are rejected at setup', () => {
  test('a format that is not a name, a string or a function', () => {
    for (const bad of [true, 42, Symbol('x'), [':method']]) {
      assert.throws(() => reqlog(bad), { name: 'TypeError', message: /argument format must be a format name, a format string or a function/ })
    }
  })

  test('skip that is not a function', () => {
    assert.throws(() => reqlog('tiny', { skip: true }), { name: 'TypeError', message: /options\.skip must be a function/ })
    assert.throws(() => reqlog('tiny', { skip: 'yes' }), TypeError)
  })

  test('a stream without write()', () => {
    assert.throws(() => reqlog('tiny', { stream: {} }), { name: 'TypeError', message: /options\.stream must have a write\(line\) method/ })
    assert.throws(() => reqlog('tiny', { stream: 'out.log' }), TypeError)
  })

  test('an absent or empty format uses the default format, like morgan', () => {
    assert.equal(typeof reqlog(null, { stream: new LineSink() }), 'function')
    assert.equal(typeof reqlog('', { stream: new LineSink() }), 'function')
  })
})
