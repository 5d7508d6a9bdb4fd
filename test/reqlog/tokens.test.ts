/**
 * Every token of the spec's table (and morgan's :pid), each through a real
 * request to a node:http server, plus "-" for absent values.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Collector } from '../helpers/collector'
import { basic, logOne, plainServer, reqlog, send, LineSink } from './support'

const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec'

/**
 * Logs one request and asserts that `toMs(line)` is a time taken while it
 * was served: between the whole second before it started and the moment it
 * ended (the forms carry whole seconds), however long that took.
 */
async function assertLoggedWhileServed(format: string, toMs: (line: string) => number): Promise<string> {
  const before = Date.now()
  const { line } = await logOne(format)
  const after = Date.now()
  const logged = toMs(line)
  assert.ok(logged >= Math.floor(before / 1000) * 1000 && logged <= after, `${line} is not between ${new Date(before).toISOString()} and ${new Date(after).toISOString()}`)
  return line
}

describe(':date', () => {
  test('defaults to the web (RFC 1123) form, in UTC', async () => {
    const line = await assertLoggedWhileServed(':date', Date.parse)
    assert.match(line, /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
  })

  test('[web] is the same form', async () => {
    const { line } = await logOne(':date[web]')
    assert.equal(new Date(Date.parse(line)).toUTCString(), line)
  })

  test('[clf] is the common log format with +0000', async () => {
    await assertLoggedWhileServed(':date[clf]', (line) => {
      const m = new RegExp(`^(\\d{2})/(${MONTHS})/(\\d{4}):(\\d{2}):(\\d{2}):(\\d{2}) \\+0000$`).exec(line)
      assert.ok(m, line)
      const [, day, mon, year, h, min, s] = m
      return Date.UTC(Number(year), MONTHS.split('|').indexOf(mon), Number(day), Number(h), Number(min), Number(s))
    })
  })

  test('[iso] is ISO 8601 with milliseconds', async () => {
    const { line } = await logOne(':date[iso]')
    assert.match(line, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    assert.equal(new Date(line).toISOString(), line)
  })

  test('an unknown form renders "-"', async () => {
    assert.equal((await logOne(':date[bogus]')).line, '-')
  })
})

describe(':http-version', () => {
  test('is the request HTTP version', async () => {
    assert.equal((await logOne(':http-version')).line, '1.1')
  })

  test('1.0 requests log 1.0', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':http-version :method :url', { stream: sink })])
    try {
      const { rawExchange } = await import('./support')
      const reply = await rawExchange(srv.port, 'GET /old HTTP/1.0\r\n\r\n')
      assert.match(reply, /^HTTP\/1\.1 200/)
      assert.equal(await sink.line(), '1.0 GET /old')
    } finally {
      await srv.close()
    }
  })
})

describe(':method', () => {
  test('is the request method', async () => {
    assert.equal((await logOne(':method', {}, undefined, { method: 'DELETE' })).line, 'DELETE')
  })
})

describe(':referrer', () => {
  test('is the Referer header', async () => {
    assert.equal((await logOne(':referrer', {}, undefined, { headers: { Referer: 'http://a.example/' } })).line, 'http://a.example/')
  })

  test('falls back to Referrer', async () => {
    assert.equal((await logOne(':referrer', {}, undefined, { headers: { Referrer: 'http://b.example/' } })).line, 'http://b.example/')
  })

  test('prefers Referer when both are present', async () => {
    const headers = { Referer: 'http://a.example/', Referrer: 'http://b.example/' }
    assert.equal((await logOne(':referrer', {}, undefined, { headers })).line, 'http://a.example/')
  })

  test('is "-" when absent', async () => {
    assert.equal((await logOne(':referrer')).line, '-')
  })
})

describe(':remote-addr', () => {
  test('is the socket address', async () => {
    assert.equal((await logOne(':remote-addr')).line, '127.0.0.1')
  })

  test('uses req.ip when the app sets one', async () => {
    const sink = new LineSink()
    const setIp = (req: { ip?: string }, res: unknown, next: () => void): void => {
      req.ip = '203.0.113.9'
      next()
    }
    const srv = await plainServer([setIp, reqlog(':remote-addr', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/')
      assert.equal(await sink.line(), '203.0.113.9')
    } finally {
      await srv.close()
    }
  })

  test('works when req.ip is a getter', async () => {
    const sink = new LineSink()
    const getter = (req: object, res: unknown, next: () => void): void => {
      Object.defineProperty(req, 'ip', { get: () => '198.51.100.7' })
      next()
    }
    const srv = await plainServer([getter, reqlog(':remote-addr', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/')
      assert.equal(await sink.line(), '198.51.100.7')
    } finally {
      await srv.close()
    }
  })

  test('a req.ip getter that throws falls back to the socket address', async () => {
    const sink = new LineSink()
    const getter = (req: object, res: unknown, next: () => void): void => {
      Object.defineProperty(req, 'ip', { get: () => { throw new Error('no socket') } })
      next()
    }
    const srv = await plainServer([getter, reqlog(':remote-addr', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/')
      assert.equal(await sink.line(), '127.0.0.1')
    } finally {
      await srv.close()
    }
  })

  test('keeps the address seen on arrival when the request has lost its socket by the time of logging', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':remote-addr :status', { stream: sink })], (req, res) => {
      ;(req as unknown as { socket: unknown }).socket = null
      res.end()
    })
    try {
      await send(srv.port, 'GET', '/')
      assert.equal(await sink.line(), '127.0.0.1 200')
    } finally {
      await srv.close()
    }
  })

  test('is "-" when no address is known at all', async () => {
    const sink = new LineSink()
    const detach = (req: { socket: unknown }, res: unknown, next: () => void): void => {
      req.socket = null
      next()
    }
    const srv = await plainServer([detach, reqlog(':remote-addr :status', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/')
      assert.equal(await sink.line(), '- 200')
    } finally {
      await srv.close()
    }
  })
})

describe(':remote-user', () => {
  test('is the Basic auth user', async () => {
    assert.equal((await logOne(':remote-user', {}, undefined, { headers: { Authorization: basic('tobi') } })).line, 'tobi')
  })

  test('decodes UTF-8 user names', async () => {
    assert.equal((await logOne(':remote-user', {}, undefined, { headers: { Authorization: basic('zoë') } })).line, 'zoë')
  })

  test('is "-" without Authorization', async () => {
    assert.equal((await logOne(':remote-user')).line, '-')
  })

  test('is "-" for an empty user name', async () => {
    assert.equal((await logOne(':remote-user', {}, undefined, { headers: { Authorization: 'Basic Og==' } })).line, '-')
  })

  test('is "-" for another scheme or a malformed header', async () => {
    for (const value of ['Bearer abc.def', 'Basic', 'Basic !!!', 'Basic ' + Buffer.from('nocolon').toString('base64')]) {
      assert.equal((await logOne(':remote-user', {}, undefined, { headers: { Authorization: value } })).line, '-', value)
    }
  })
})

describe(':req[header]', () => {
  test('is the request header, by case-insensitive name', async () => {
    assert.equal((await logOne(':req[X-From]', {}, undefined, { headers: { 'x-from': 'me' } })).line, 'me')
  })

  test('joins repeated headers with ", "', async () => {
    const { line } = await logOne(':req[set-cookie]', {}, undefined, { headers: { 'Set-Cookie': ['a=1', 'b=2'] } })
    assert.equal(line, 'a=1, b=2')
  })

  test('is "-" when the header is absent', async () => {
    assert.equal((await logOne(':req[x-missing]')).line, '-')
  })

  test('is "-" without an argument', async () => {
    assert.equal((await logOne('<:req>')).line, '<->')
  })
})

describe(':res[header]', () => {
  test('is the response header', async () => {
    const { line } = await logOne(':res[content-type] :res[Content-Length]', {}, (req, res) => {
      res.setHeader('Content-Type', 'text/plain')
      res.setHeader('Content-Length', 5)
      res.end('hello')
    })
    assert.equal(line, 'text/plain 5')
  })

  test('joins array values with ", "', async () => {
    const { line, headers } = await logOne(':res[x-keys]', {}, (req, res) => {
      res.setHeader('X-Keys', ['foo', 'bar'])
      res.end()
    })
    assert.equal(headers['x-keys'], 'foo, bar')
    assert.equal(line, 'foo, bar')
  })

  test('is "-" when the header is absent', async () => {
    assert.equal((await logOne(':res[x-missing]')).line, '-')
  })

  test('is "-" before the response head is written (immediate)', async () => {
    assert.equal((await logOne(':res[content-type]', { immediate: true })).line, '-')
  })
})

// The predefined formats read Content-Length from node:http's header table
// when the response's getHeader is node:http's own; each case here is one
// where that read must give what getHeader would.
describe(':res[content-length] in the predefined formats', () => {
  const lengthOf = (line: string): string => line.split(' ').slice(-1)[0]

  test('set by setHeader as a number, or as an array of one', async () => {
    const { line } = await logOne('tiny', {}, (req, res) => {
      res.setHeader('Content-Length', 5)
      res.end('hello')
    })
    assert.match(line, /^GET \/ 200 5 - \d+\.\d{3} ms$/)
    const array = await logOne('common', {}, (req, res) => {
      res.setHeader('content-length', ['2'])
      res.end('ok')
    })
    assert.equal(lengthOf(array.line), '2')
  })

  test('given to writeHead as fields, with no header set before', async () => {
    const { line } = await logOne('common', {}, (req, res) => {
      res.writeHead(200, { 'Content-Length': 3 })
      res.end('abc')
    })
    assert.equal(lengthOf(line), '3')
  })

  test('absent (chunked) is "-"', async () => {
    const { line } = await logOne('common', {}, (req, res) => {
      res.write('a')
      res.end('b')
    })
    assert.equal(lengthOf(line), '-')
  })

  test('a getHeader replaced on the response is still asked, with the name as the format writes it', async () => {
    const asked: string[] = []
    const { line } = await logOne('common', {}, (req, res) => {
      const own = res.getHeader.bind(res)
      res.getHeader = ((name: string) => {
        asked.push(name)
        return name === 'content-length' ? '999' : own(name)
      }) as typeof res.getHeader
      res.setHeader('Content-Length', 2)
      res.end('ok')
    })
    assert.equal(lengthOf(line), '999')
    assert.ok(asked.includes('content-length'), String(asked))
  })
})

describe(':response-time[digits]', () => {
  test('is milliseconds with three decimals by default', async () => {
    assert.match((await logOne(':response-time')).line, /^\d+\.\d{3}$/)
  })

  test('[0] has no decimals, [5] has five', async () => {
    const { line } = await logOne(':response-time[0] :response-time[5]')
    assert.match(line, /^\d+ \d+\.\d{5}$/)
  })

  test('out-of-range or non-numeric digits cannot break the line', async () => {
    const { line } = await logOne(':response-time[500] :response-time[-1] :response-time[x]')
    assert.match(line, /^\d+\.\d{100} \d+ \d+$/)
  })

  test('is taken when the head is written, not when the body ends', async () => {
    // The logger reads process.hrtime(): here a clock that moves only when the
    // handler moves it (0 ms at arrival, 10 at the head, 70 at the end).
    const real = process.hrtime
    let ms = 0
    const fake = ((prev?: [number, number]) => {
      const now: [number, number] = [Math.floor(ms / 1000), (ms % 1000) * 1e6]
      if (prev === undefined) return now
      const ns = (now[0] - prev[0]) * 1e9 + (now[1] - prev[1])
      return [Math.floor(ns / 1e9), ns % 1e9]
    }) as typeof process.hrtime
    fake.bigint = real.bigint
    process.hrtime = fake
    try {
      const { line } = await logOne(':response-time :total-time', {}, (req, res) => {
        ms = 10
        res.writeHead(200, { 'Content-Type': 'text/plain' })
        res.write('part one, ')
        ms = 70
        res.end('part two')
      })
      assert.equal(line, '10.000 70.000')
    } finally {
      process.hrtime = real
    }
  })

  test('is "-" when logging immediately', async () => {
    assert.equal((await logOne(':response-time', { immediate: true })).line, '-')
  })

  test('is "-" when the response head was written before the logger ran', async () => {
    const sink = new LineSink()
    const logger = reqlog(':response-time :total-time :status', { stream: sink })
    const srv = await plainServer([], (req, res) => {
      res.end('early')
      logger(req, res, () => undefined)
    })
    try {
      await send(srv.port, 'GET', '/')
      // the status is known, the timings are not
      assert.equal(await sink.line(), '- - 200')
    } finally {
      await srv.close()
    }
  })
})

describe(':total-time[digits]', () => {
  test('is milliseconds with three decimals by default, [1] with one', async () => {
    const { line } = await logOne(':total-time :total-time[1]')
    assert.match(line, /^\d+\.\d{3} \d+\.\d$/)
  })

  test('is "-" when logging immediately', async () => {
    assert.equal((await logOne(':total-time', { immediate: true })).line, '-')
  })
})

describe(':status', () => {
  test('is the response status code', async () => {
    const { line } = await logOne(':status', {}, (req, res) => {
      res.statusCode = 418
      res.end()
    })
    assert.equal(line, '418')
  })

  test('is "-" when logging immediately', async () => {
    assert.equal((await logOne(':status', { immediate: true })).line, '-')
  })

  test('is "-" when the client aborted before a response was sent', async () => {
    const sink = new LineSink()
    let aborted!: () => void
    const gone = new Promise<void>((resolve) => (aborted = resolve))
    const arrived = new Collector<void>()
    const srv = await plainServer([reqlog(':method :url :status', { stream: sink })], (req) => {
      // never respond; the client goes away
      req.socket.on('close', aborted)
      arrived.push()
    })
    try {
      const { default: http } = await import('node:http')
      const client = http.request({ host: '127.0.0.1', port: srv.port, method: 'POST', path: '/upload', agent: false })
      client.on('error', () => undefined)
      client.write('partial body')
      await arrived.waitFor(1, 'requests')
      client.destroy()
      await gone
      assert.equal(await sink.line(), 'POST /upload -')
    } finally {
      await srv.close()
    }
  })
})

describe(':url', () => {
  test('is req.url', async () => {
    assert.equal((await logOne(':url', {}, undefined, { path: '/a/b?c=d&e' })).line, '/a/b?c=d&e')
  })

  test('prefers req.originalUrl', async () => {
    const sink = new LineSink()
    const rewrite = (req: { url: string; originalUrl?: string }, res: unknown, next: () => void): void => {
      req.originalUrl = req.url
      req.url = '/rewritten'
      next()
    }
    const srv = await plainServer([rewrite, reqlog(':url', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/original?x=1')
      assert.equal(await sink.line(), '/original?x=1')
    } finally {
      await srv.close()
    }
  })
})

describe(':user-agent', () => {
  test('is the User-Agent header', async () => {
    assert.equal((await logOne(':user-agent', {}, undefined, { headers: { 'User-Agent': 'curl/8.7.1' } })).line, 'curl/8.7.1')
  })

  test('is "-" when absent', async () => {
    assert.equal((await logOne(':user-agent')).line, '-')
  })
})

describe(':pid', () => {
  test('is the process id', async () => {
    assert.equal((await logOne(':pid')).line, String(process.pid))
  })
})
