/**
 * The response head written by webfw for the bodies it sends
 * (src/response/head.ts): byte for byte what node:http's own writer sends,
 * over raw sockets, with the direct head on and off, for every connection
 * setting that writer reads (keep-alive or not, HTTP/1.0, the keep-alive
 * timeout, a request limit per socket, no Date), headers of several values,
 * statuses, HEAD, and the cases it leaves to node:http (headers node:http
 * acts on, an application's status message, a wrapped `end`); the state the
 * response is left in; and the comparison with node:http's writer that must
 * turn the direct head off where the two differ.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'
import { after, describe, it } from 'node:test'
import { sendRaw } from '../helpers/client'
import { runNode } from '../helpers/child'
import { internal, packageRoot, webfw, webfw4, type Any } from '../helpers/webfw'

const { directHeads, sameButDate, setDirectHead } = internal('response/head')

/**
 * Everything the server sends on one connection for `text` (one or more
 * requests), until it closes the connection: the last request asks it to,
 * or it decides to itself.
 */
function transcript(server: http.Server, text: string): Promise<string> {
  const { port } = server.address() as net.AddressInfo
  return new Promise((resolve, reject) => {
    // Written without ending the socket: a server that sees the client end
    // may close before an answer that comes later (a file read) is out.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    const parts: Buffer[] = []
    socket.on('data', (c: Buffer) => parts.push(c))
    socket.on('end', () => resolve(Buffer.concat(parts).toString('latin1')))
    socket.on('error', reject)
  })
}

const DATE = /\r\nDate: [A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT\r\n/g

/** The transcript with each Date's value replaced (after checking its form): two runs differ only there. */
function withoutDates(text: string): string {
  return text.replace(DATE, '\r\nDate: (date)\r\n')
}

interface Case {
  /** What the case checks. */
  readonly name: string
  /** The application's routes (`factory`: webfw's factory of the version). */
  readonly app: (app: Any, factory: Any) => void
  /** The requests, as bytes on the wire (the server must close the connection after the last). */
  readonly requests: string
  /** node:http server options, or settings on the server object. */
  readonly server?: (server: http.Server) => unknown
  readonly options?: http.ServerOptions
  /** How many heads the direct head writes (the rest are node:http's). */
  readonly direct: number
}

/** A folder with one small file, for webfw.static. */
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-head-'))
fs.writeFileSync(path.join(files, 'a.txt'), 'file body\n')
after(() => fs.rmSync(files, { recursive: true, force: true }))

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`
const last = (path: string) => get(path, 'Connection: close\r\n')

/** A JSON answer from a server with a connection setting of its own, every head written here. */
function serverCase(name: string, set: (server: http.Server) => unknown, requests: string): Case {
  return { name, app: (app) => app.get('/j', (_req: Any, res: Any) => res.json(1)), server: set, requests, direct: requests.split('GET ').length - 1 }
}

const CASES: readonly Case[] = [
  {
    name: 'a kept-alive JSON answer, then one to a request that closes',
    app: (app) => app.get('/j', (_req: Any, res: Any) => res.json({ hello: 'world' })),
    requests: get('/j') + last('/j'),
    direct: 2,
  },
  {
    name: 'text, HTML, a Buffer and sendStatus',
    app: (app) => {
      app.get('/t', (_req: Any, res: Any) => res.type('text').send('plain'))
      app.get('/h', (_req: Any, res: Any) => res.send('<p>é</p>'))
      app.get('/b', (_req: Any, res: Any) => res.send(Buffer.from([0, 1, 2])))
      app.get('/s', (_req: Any, res: Any) => res.sendStatus(418))
    },
    requests: get('/t') + get('/h') + get('/b') + last('/s'),
    direct: 4,
  },
  {
    name: 'the same Content-Type and X-Powered-By values under names spelled otherwise, and other values',
    app: (app) => {
      app.get('/j', (_req: Any, res: Any) => res.json(1))
      app.get('/lower', (_req: Any, res: Any) => {
        res.setHeader('x-powered-by', 'webfw')
        res.setHeader('content-type', 'application/json; charset=utf-8')
        res.json(2)
      })
      app.get('/other', (_req: Any, res: Any) => {
        res.setHeader('X-Powered-By', 'something else')
        res.json(3)
      })
    },
    requests: get('/j') + get('/lower') + get('/j') + get('/other') + last('/j'),
    direct: 5,
  },
  {
    name: 'HTTP/1.0, without and with keep-alive',
    app: (app) => app.get('/j', (_req: Any, res: Any) => res.json([1])),
    requests: 'GET /j HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /j HTTP/1.0\r\n\r\n',
    direct: 2,
  },
  serverCase('a keep-alive timeout of 65 s', (server) => (server.keepAliveTimeout = 65_000), get('/j') + last('/j')),
  serverCase('no keep-alive timeout (no Keep-Alive header)', (server) => (server.keepAliveTimeout = 0), get('/j') + last('/j')),
  serverCase('a limit of two requests a socket (the second closes)', (server) => (server.maxRequestsPerSocket = 2), get('/j') + get('/j')),
  {
    name: 'no Date (res.sendDate = false)',
    app: (app) =>
      app.get('/j', (_req: Any, res: Any) => {
        res.sendDate = false
        res.json(3)
      }),
    requests: get('/j') + last('/j'),
    direct: 2,
  },
  {
    name: 'cookies, a header of several values, a number, a header beyond ASCII',
    app: (app) =>
      app.get('/c', (_req: Any, res: Any) => {
        res.cookie('a', '1')
        res.cookie('b', '2')
        res.append('Link', ['<a>', '<b>'])
        res.setHeader('X-Count', 7)
        res.setHeader('X-Name', 'caf\u00e9')
        res.send('ok')
      }),
    requests: last('/c'),
    direct: 1,
  },
  {
    name: 'a Cookie header of several values (node:http joins them: left to it)',
    app: (app) =>
      app.get('/c', (_req: Any, res: Any) => {
        res.setHeader('Cookie', ['a=1', 'b=2'])
        res.send('ok')
      }),
    requests: last('/c'),
    direct: 0,
  },
  {
    name: 'statuses: 201, 205, 299 (no message of its own), 404 and 500',
    app: (app) => app.get('/:code', (req: Any, res: Any) => res.status(Number(req.params.code)).send('x')),
    requests: get('/201') + get('/205') + get('/299') + get('/404') + last('/500'),
    direct: 5,
  },
  {
    name: "the final handler's pages, a redirect, node:http's own status text set by the application",
    app: (app) => {
      // (The final handler's 500 page without the error logged.)
      app.set('env', 'test')
      app.get('/r', (_req: Any, res: Any) => res.redirect('/elsewhere'))
      app.get('/e', (_req: Any, _res: Any, next: Any) => next(new Error('boom')))
      app.get('/t', (_req: Any, res: Any) => {
        res.statusMessage = 'Accepted'
        res.status(202).send('t')
      })
    },
    requests: get('/r') + get('/e') + get('/t') + get('/nope') + `HEAD /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    direct: 5,
  },
  {
    name: 'a file from webfw.static, and HEAD of it',
    app: (app, factory) => app.use(factory.static(files)),
    requests: get('/a.txt') + `HEAD /a.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    direct: 2,
  },
  {
    name: 'HEAD',
    app: (app) => app.get('/j', (_req: Any, res: Any) => res.json({ a: 1 })),
    requests: `HEAD /j HTTP/1.1\r\nHost: x\r\n\r\n` + `HEAD /j HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    direct: 2,
  },
  {
    name: "the server's uniqueHeaders (node:http joins them: left to it)",
    app: (app) =>
      app.get('/u', (_req: Any, res: Any) => {
        res.append('X-Tag', ['a', 'b'])
        res.send('u')
      }),
    options: { uniqueHeaders: ['x-tag'] },
    requests: last('/u'),
    direct: 0,
  },
  {
    name: 'headers node:http acts on (left to it)',
    app: (app) => {
      app.get('/conn', (_req: Any, res: Any) => res.set('Connection', 'close').send('c'))
      app.get('/ka', (_req: Any, res: Any) => res.set('Keep-Alive', 'timeout=9').send('k'))
      app.get('/date', (_req: Any, res: Any) => res.set('Date', 'Thu, 01 Jan 2026 00:00:00 GMT').send('d'))
      app.get('/disp', (_req: Any, res: Any) => res.attachment('résumé.txt').send('r'))
      app.get('/te', (_req: Any, res: Any) => res.set('Transfer-Encoding', 'chunked').send('t'))
      app.get('/stream', (_req: Any, res: Any) => {
        res.write('a')
        res.end('b')
      })
      app.get('/lengths', (_req: Any, res: Any) => {
        res.setHeader('Content-Length', ['2', '2'])
        res.end('ok')
      })
    },
    requests: get('/ka') + get('/date') + get('/disp') + get('/te') + get('/stream') + get('/lengths') + get('/conn'),
    direct: 0,
  },
  {
    name: "an own status text (node:http's writeHead checks it, then the head is written here)",
    app: (app) =>
      app.get('/msg', (_req: Any, res: Any) => {
        res.statusMessage = 'Fine'
        res.send('m')
      }),
    requests: last('/msg'),
    direct: 1,
  },
  {
    name: 'a wrapped res.end and a wrapped res.writeHead that set headers first',
    app: (app) => {
      app.use((_req: Any, res: Any, next: Any) => {
        const end = res.end
        res.end = function (this: Any, ...args: unknown[]) {
          this.setHeader('X-Late', 'yes')
          return end.apply(this, args)
        }
        const writeHead = res.writeHead
        res.writeHead = function (this: Any, ...args: unknown[]) {
          this.setHeader('X-Later', 'also')
          return writeHead.apply(this, args)
        }
        next()
      })
      app.get('/j', (_req: Any, res: Any) => res.json(1))
    },
    requests: last('/j'),
    direct: 1,
  },
  {
    name: "the application's own writeHead and end, with headers given to writeHead",
    app: (app) => {
      app.get('/w', (_req: Any, res: Any) => {
        res.setHeader('X-First', '1')
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '2' })
        res.end('ok')
      })
      app.get('/only', (_req: Any, res: Any) => {
        res.writeHead(200, { 'Content-Length': '2' })
        res.end('ok')
      })
    },
    requests: get('/w') + last('/only'),
    direct: 2,
  },
  {
    name: 'headers given to writeHead alone, with no header table (left to node:http)',
    app: (app) => {
      app.disable('x-powered-by')
      app.get('/only', (_req: Any, res: Any) => {
        res.writeHead(200, { 'Content-Length': '2' })
        res.end('ok')
      })
    },
    requests: last('/only'),
    direct: 0,
  },
]

async function run(factory: Any, c: Case, direct: boolean): Promise<{ text: string; heads: number }> {
  const app = factory()
  c.app(app, factory)
  const server = http.createServer(c.options ?? {}, app)
  c.server?.(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  setDirectHead(direct)
  const before = directHeads()
  try {
    const text = await transcript(server, c.requests)
    return { text, heads: directHeads() - before }
  } finally {
    setDirectHead(true)
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('the response head written by webfw', () => {
  for (const [version, factory] of [
    ['5.x', webfw],
    ['4.x', webfw4],
  ] as const) {
    for (const c of CASES) {
      it(`sends node:http's bytes: ${c.name} (${version})`, async () => {
        // The first response of the process is compared with node:http's writer instead.
        await run(factory, CASES[0], true)
        const ours = await run(factory, c, true)
        const theirs = await run(factory, c, false)
        assert.equal(theirs.heads, 0)
        assert.equal(ours.heads, c.direct)
        assert.equal(ours.text.match(DATE)?.length, theirs.text.match(DATE)?.length)
        assert.equal(withoutDates(ours.text), withoutDates(theirs.text))
        assert.ok(ours.text.startsWith('HTTP/1.'), ours.text)
      })
    }
  }

  it('leaves the response as writeHead does', async () => {
    const app = webfw()
    const seen: unknown[] = []
    app.get('/j', (_req: Any, res: Any) => {
      res.on('finish', () => {
        seen.push(res.headersSent, res.statusMessage, res.getHeader('content-length'), res._contentLength, res._header.endsWith('\r\n\r\n'))
      })
      res.status(201).json({ ok: true })
      seen.push(res.headersSent)
      // A header set after the head is out is refused, as after writeHead.
      assert.throws(() => res.setHeader('X-After', '1'), { code: 'ERR_HTTP_HEADERS_SENT' })
    })
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      await run(webfw, CASES[0], true)
      const before = directHeads()
      const text = await transcript(server, last('/j'))
      assert.equal(directHeads() - before, 1)
      assert.match(text, /^HTTP\/1\.1 201 Created\r\n/)
      assert.deepEqual(seen, [true, true, 'Created', '11', 11, true])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('ends each head as its own connection settings say, one response after another', async () => {
    // The end of the head (Date, Connection, Keep-Alive) is kept from one
    // response to the next: servers with other settings, answered in turn on
    // kept-alive connections, must each get their own.
    // In this order each setting differs from the one before in one thing.
    const settings: ((server: http.Server) => void)[] = [
      () => {},
      (server) => {
        server.maxRequestsPerSocket = 3
      },
      () => {},
      () => {},
      (server) => {
        server.keepAliveTimeout = 65_000
      },
    ]
    const heads = async (direct: boolean): Promise<string[]> => {
      const servers = settings.map((set, i) => {
        const app = webfw()
        app.get('/j', (_req: Any, res: Any) => {
          if (i === 3) res.sendDate = false
          res.json(i % 2)
        })
        const server = http.createServer(app)
        set(server)
        return server
      })
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))))
      setDirectHead(direct)
      try {
        const seen: string[] = []
        for (const server of [...servers, servers[0]]) {
          seen.push(withoutDates(await sendRaw((server.address() as net.AddressInfo).port, get('/j'))))
        }
        return seen
      } finally {
        setDirectHead(true)
        for (const server of servers) server.closeAllConnections()
        await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
      }
    }
    await run(webfw, CASES[0], true)
    const before = directHeads()
    const ours = await heads(true)
    assert.equal(directHeads() - before, 6)
    assert.deepEqual(ours, await heads(false))
    assert.match(ours[1], /\r\nKeep-Alive: timeout=5, max=3\r\n/)
    assert.match(ours[2], /\r\nKeep-Alive: timeout=5\r\n/)
    assert.doesNotMatch(ours[3], /\r\nDate: /)
    assert.match(ours[4], /\r\nKeep-Alive: timeout=65\r\n/)
  })

  it('leaves the connection state as writeHead does', async () => {
    // Whether node:http closes the connection after the response, and what
    // it counts the body against, for kept-alive, HTTP/1.0 and closing requests.
    const states = async (direct: boolean): Promise<unknown[]> => {
      const seen: unknown[] = []
      const app = webfw()
      app.get('/j', (_req: Any, res: Any) => {
        res.on('finish', () => seen.push([res._last, res.shouldKeepAlive, res._contentLength, res._removedContLen, res.statusMessage, res.chunkedEncoding]))
        res.json({ a: 1 })
      })
      const server = http.createServer(app)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      setDirectHead(direct)
      try {
        await transcript(server, get('/j') + 'GET /j HTTP/1.0\r\n\r\n')
        await transcript(server, last('/j'))
        return seen
      } finally {
        setDirectHead(true)
        await new Promise((resolve) => server.close(resolve))
      }
    }
    await run(webfw, CASES[0], true)
    const ours = await states(true)
    assert.deepEqual(ours, await states(false))
    assert.deepEqual(ours.map((state) => (state as unknown[])[0]), [false, true, true])
  })

  it("follows node:http's status texts when they change", async () => {
    const codes = http.STATUS_CODES as Record<number, string>
    const saved = codes[200]
    await run(webfw, CASES[0], true)
    codes[200] = 'Fine'
    try {
      const ours = await run(webfw, CASES[0], true)
      const theirs = await run(webfw, CASES[0], false)
      assert.equal(ours.heads, 2)
      assert.equal(withoutDates(ours.text), withoutDates(theirs.text))
      assert.equal(ours.text.match(/HTTP\/1\.1 200 Fine\r\n/g)?.length, 2)
    } finally {
      codes[200] = saved
    }
  })

  it("keeps node:http's writer where that writer makes another head", async () => {
    // A runtime whose writer adds a line webfw's does not: its heads must
    // all come from that writer (the first three compared, then left to it),
    // and none from webfw's.
    const seen = await inChild({ beforeLoad: PATCH_WRITER, then: ['/j', '/j', '/j', '/j', '/j'] })
    assert.deepEqual(seen, { before: 0, heads: 0, marked: 5, answers: 5, firstAnswers: 0 })
  })

  it("leaves every head to node:http's writer when it is patched after webfw was loaded", async () => {
    // Two responses before the patch (the first compared, the second
    // written here), five after it, each of which must go through the patch.
    const seen = await inChild({ first: ['/j', '/j'], between: PATCH_WRITER, then: ['/j', '/w', '/j', '/w', '/j'] })
    assert.deepEqual(seen, { before: 1, heads: 1, marked: 5, answers: 5, firstAnswers: 2 })
  })

  it('writes the heads itself where the writer makes the same ones', async () => {
    // Without the patch: the first head is compared, the rest written here.
    const seen = await inChild({ then: ['/j', '/j', '/j', '/j', '/j'] })
    assert.deepEqual(seen, { before: 0, heads: 4, marked: 0, answers: 5, firstAnswers: 0 })
  })

  it('writes the heads itself where the writer makes the same ones but for the time in the Date line', async () => {
    // node:http's Date line and webfw's are each kept for a second and
    // dropped by timers of their own, so a head compared while one of them
    // still holds the last second differs from the other by that text
    // alone. Here webfw's clock (the global Date, faked before loading; node:http
    // keeps the Date it started with) runs a day ahead, so every comparison
    // differs that way: the first must still let webfw write the rest.
    const seen = await inChild({ beforeLoad: CLOCK_A_DAY_AHEAD, then: ['/j', '/j', '/j', '/j', '/j'] })
    assert.deepEqual(seen, { before: 0, heads: 4, marked: 0, answers: 5, firstAnswers: 0 })
  })

  it("writes the heads itself when node:http's Date line is still the last second's", async () => {
    // The case met in the field: node:http made its Date line for a head of
    // its own (a chunked answer), then a burst of requests kept the event
    // loop from its timers past the end of that second. The first head
    // webfw makes after it names the new second, node:http's still the old
    // one, three times over in the burst. `/chunked` ends the second by
    // waiting for the clock (a wait, not a measurement). In the burst the
    // first /j is compared and the other two written here; so are both
    // answers on the later connection.
    const seen = await inChild({ first: ['/chunked', '/j', '/j', '/j'], then: ['/j', '/j'] })
    assert.deepEqual(seen, { before: 2, heads: 4, marked: 0, answers: 2, firstAnswers: 4 })
  })

  it('compares the rest of the head around the Date line', () => {
    const head = (date: string, rest: string) => 'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nDate: ' + date + '\r\n' + rest + '\r\n'
    const now = 'Sat, 28 Nov 2026 13:20:00 GMT'
    const next = 'Sat, 28 Nov 2026 13:20:01 GMT'
    assert.equal(sameButDate(head(now, 'Connection: keep-alive\r\n'), head(next, 'Connection: keep-alive\r\n')), true)
    assert.equal(sameButDate(head(now, 'Connection: keep-alive\r\n'), head(next, 'Connection: close\r\n\r\n')), false)
    assert.equal(sameButDate(head(now, 'Connection: close\r\n'), head(next, 'Connection: Close\r\n')), false)
    assert.equal(sameButDate(head(now, ''), head(next, '').replace('Content-Length: 1', 'Content-Length: 2')), false)
    assert.equal(sameButDate(head(now, ''), head(next + ' ', '').slice(0, -1)), false)
    assert.equal(sameButDate('HTTP/1.1 200 OK\r\nX: 1\r\n\r\n', 'HTTP/1.1 200 OK\r\nX: 2\r\n\r\n'), false)
  })
})

/** The global Date a day ahead of the clock (code for `inChild`, before webfw is loaded). */
const CLOCK_A_DAY_AHEAD = `
  const RealDate = Date
  globalThis.Date = class extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + 86400000); else super(...args) }
    static now() { return RealDate.now() + 86400000 }
  }
`

/** node:http's writer patched to add a line to every head (code for `inChild`). */
const PATCH_WRITER = `
  const store = http.OutgoingMessage.prototype._storeHeader
  http.OutgoingMessage.prototype._storeHeader = function (firstLine, headers) {
    return store.call(this, firstLine + 'X-Patched: yes\\r\\n', headers)
  }
`

/**
 * Runs, in a process of its own, an app answering `/j` (res.json), `/w`
 * (the application's writeHead and end) and `/chunked` (a chunked answer,
 * then a wait for the clock's next second without yielding to the event
 * loop): `beforeLoad` before webfw is loaded, the requests `first` on one
 * connection, `between`, the requests `then` on another. Returns the heads
 * webfw wrote before `between` and in all, the 200s answering `first`, and
 * in the answers to `then` the lines the patch added and the 200s.
 */
async function inChild(run: { beforeLoad?: string; first?: string[]; between?: string; then: string[] }): Promise<Record<string, number>> {
  const code = `
    const http = require('node:http')
    const net = require('node:net')
    ${run.beforeLoad ?? ''}
    const webfw = require('./dist/index.js')
    const { directHeads } = require('./dist/response/head.js')
    const app = webfw()
    app.get('/j', (req, res) => res.json({ n: 1 }))
    app.get('/w', (req, res) => {
      res.writeHead(200, { 'Content-Length': '2' })
      res.end('ok')
    })
    app.get('/chunked', (req, res) => {
      res.write('o')
      res.end('k')
      const second = Math.floor(Date.now() / 1000)
      while (Math.floor(Date.now() / 1000) === second) {}
    })
    const requests = (paths) => paths.map((p, i) => 'GET ' + p + ' HTTP/1.1\\r\\nHost: x\\r\\n' + (i === paths.length - 1 ? 'Connection: close\\r\\n' : '') + '\\r\\n').join('')
    const exchange = (port, paths) => new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(requests(paths)))
      let got = ''
      socket.on('data', (c) => (got += c))
      socket.on('end', () => resolve(got))
    })
    const server = app.listen(0, '127.0.0.1', async () => {
      const port = server.address().port
      const first = ${JSON.stringify(run.first ?? [])}
      const firstText = first.length !== 0 ? await exchange(port, first) : ''
      const before = directHeads()
      ${run.between ?? ''}
      const text = await exchange(port, ${JSON.stringify(run.then)})
      const count = (s) => text.split(s).length - 1
      const firstAnswers = firstText.split('HTTP/1.1 200 OK').length - 1
      console.log(JSON.stringify({ before, heads: directHeads(), marked: count('X-Patched: yes'), answers: count('HTTP/1.1 200 OK'), firstAnswers }))
      server.close()
    })
  `
  const { code: exit, stdout, stderr } = await runNode(code, { cwd: packageRoot })
  assert.equal(exit, 0, stderr)
  return JSON.parse(stdout) as Record<string, number>
}

describe('the Date line of heads webfw writes', () => {
  // The line is kept for the second it was made in and dropped by a timer
  // at that second's end (as node:http keeps its own), so a response reads
  // no clock. Timers faked after webfw was loaded must not stop that timer:
  // here setTimeout (global and node:timers') is replaced by one that never
  // runs, and the clock is set to a fixed time, then to another; the heads
  // must come to carry each one's text, which takes the line being dropped
  // by a timer made after the fakes (the first drop's was made before). The
  // child waits for each, at most 30 s (a guard against a hang, as the
  // reqlog tests wait), and reports what it saw; nothing is measured in time.
  it('is made again from the clock once its second is over, whatever timers were faked after loading', async () => {
    const code = `
      const net = require('node:net')
      const timers = require('node:timers')
      const webfw = require('./dist/index.js')
      const app = webfw()
      app.get('/j', (req, res) => res.json({ n: 1 }))
      const dateOf = (text) => (/\\r\\nDate: ([^\\r]*)\\r\\n/.exec(text) || [])[1]
      const ask = (port) => new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /j HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n'))
        let got = ''
        socket.on('data', (c) => (got += c))
        socket.on('end', () => resolve(got))
      })
      const realSetTimeout = setTimeout
      const RealDate = Date
      const pause = () => new Promise((resolve) => realSetTimeout(resolve, 20))
      let fixed = 0
      const until = async (port, wanted) => {
        const deadline = RealDate.now() + 30000
        let last
        while (RealDate.now() < deadline) {
          last = dateOf(await ask(port))
          if (last === wanted) break
          await pause()
        }
        return last
      }
      const server = app.listen(0, '127.0.0.1', async () => {
        const port = server.address().port
        const first = dateOf(await ask(port))
        const never = () => ({ unref() { return this }, ref() { return this } })
        globalThis.setTimeout = never
        timers.setTimeout = never
        globalThis.Date = class extends RealDate {
          constructor(...args) { if (args.length === 0) super(fixed); else super(...args) }
          static now() { return fixed }
        }
        fixed = RealDate.UTC(2031, 0, 2, 3, 4, 5)
        const wanted1 = new RealDate(fixed).toUTCString()
        const seen1 = await until(port, wanted1)
        fixed = RealDate.UTC(2032, 6, 7, 8, 9, 10)
        const wanted2 = new RealDate(fixed).toUTCString()
        const seen2 = await until(port, wanted2)
        console.log(JSON.stringify({ first, seen: [seen1, seen2], wanted: [wanted1, wanted2] }))
        server.close()
      })
    `
    const { code: exit, stdout, stderr } = await runNode(code, { cwd: packageRoot })
    assert.equal(exit, 0, stderr)
    const seen = JSON.parse(stdout) as { first: string; seen: string[]; wanted: string[] }
    // node:http's form of the date (RFC 7231).
    assert.match(seen.first, /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
    assert.deepEqual(seen.seen, seen.wanted)
  })
})
