// Soak test: one webfw app (routes, json(), static files, reqlog) in a child
// process on 127.0.0.1, driven by a bounded load that mixes normal requests
// with hostile clients: uploads aborted mid-body, requests abandoned before
// or during the response, malformed and oversize bodies (declared, chunked,
// compression bombs), slow bodies that complete and slow bodies that never
// do, and garbage request lines.
//
// It reports requests sent and answered per kind, statuses, client-side
// errors, the server's counters, and the server's heap and RSS after forced
// GC at the start (after a warm-up) and at the end. It fails (exit 1) if the
// server process dies, if the server still holds a connection or more file
// descriptors than at the start once every client is gone, if any normal
// request fails or gets an unexpected status, or if the heap after GC grew
// by more than HEAP_BOUND_MB (default 8 MB).
//
// usage: npm run soak                      (npm run build first, done by the script)
//        node --expose-gc bench/soak.mjs [requests=20000] [concurrency=48]
// env:   SOAK_SEED (PRNG seed), HEAP_BOUND_MB
import { fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const here = fileURLToPath(import.meta.url)
const repo = path.dirname(path.dirname(here))

// Node's own limits for slow clients, set low so the soak sees them act.
const REQUEST_TIMEOUT_MS = 4000
const HEADERS_TIMEOUT_MS = 3000
const CHECK_INTERVAL_MS = 500

if (process.argv[2] === 'server') {
  runServer(process.argv[3])
} else {
  await runDriver()
}

// ---------------------------------------------------------------- server

function runServer(root) {
  const webfw = require(repo)
  const reqlog = require(path.join(repo, 'dist', 'reqlog'))
  const counters = { appRequests: 0, logLines: 0, clientErrors: 0, statuses: {} }
  const app = webfw()
  app.set('env', 'production')
  app.use(
    reqlog(':method :url :status :res[content-length] :response-time ms', {
      stream: {
        write(line) {
          counters.logLines++
          const status = line.split(' ')[2]
          counters.statuses[status] = (counters.statuses[status] ?? 0) + 1
        },
      },
    }),
  )
  app.use((req, res, next) => {
    counters.appRequests++
    next()
  })
  app.get('/', (req, res) => res.send('hello'))
  app.get('/users/:id', (req, res) => res.json({ id: req.params.id, query: req.query }))
  app.get('/slow', (req, res) => setTimeout(() => res.send('slow answer'), 30))
  app.post('/json', webfw.json({ limit: '16kb' }), (req, res) => res.json({ keys: Object.keys(req.body ?? {}).length }))
  app.use('/static', webfw.static(root, { maxAge: '1h' }))

  const server = http.createServer(
    { requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CHECK_INTERVAL_MS },
    app,
  )
  server.on('clientError', (err, socket) => {
    counters.clientErrors++
    // What Node answers by default (a listener replaces that), then close.
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
    if (socket.writable && !socket._httpMessage?.headersSent) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`)
    else socket.destroy()
  })
  // The default error log goes to stderr; the driver counts its entries.
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }))

  process.on('message', (msg) => {
    if (msg !== 'stats') return
    // Two collections: the first may only schedule finalizers.
    global.gc()
    global.gc()
    const mem = process.memoryUsage()
    server.getConnections((err, connections) => {
      process.send({
        stats: {
          heapUsed: mem.heapUsed,
          rss: mem.rss,
          fds: fs.readdirSync('/proc/self/fd').length,
          connections: err ? -1 : connections,
          ...counters,
          statuses: { ...counters.statuses },
        },
      })
    })
  })
}

// ---------------------------------------------------------------- driver

async function runDriver() {
  const TOTAL = Number(process.argv[2] ?? 20000)
  const CONCURRENCY = Number(process.argv[3] ?? 48)
  const HEAP_BOUND = Number(process.env.HEAP_BOUND_MB ?? 8) * 1024 * 1024
  let seed = Number(process.env.SOAK_SEED ?? 20261122) >>> 0
  const random = () => {
    // mulberry32: a reproducible mix for a given seed
    seed = (seed + 0x6d2b79f5) >>> 0
    let t = seed
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-soak-'))
  fs.writeFileSync(path.join(root, 'small.txt'), 'small file\n'.repeat(100))
  fs.writeFileSync(path.join(root, 'big.bin'), Buffer.alloc(1024 * 1024, 7))
  fs.mkdirSync(path.join(root, 'dir'))
  fs.writeFileSync(path.join(root, 'dir', 'index.html'), '<p>index</p>')

  const child = fork(here, ['server', root], { execArgv: ['--expose-gc'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
  let errorLogEntries = 0
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (text) => (errorLogEntries += (text.match(/^\S*Error\b/gm) ?? []).length))
  let exited = null
  child.on('exit', (code, signal) => (exited = { code, signal }))
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port))
    child.once('exit', () => reject(new Error('server exited during start-up')))
  })
  const stats = () =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error('server is gone'))
      const onMessage = (m) => {
        if (!m.stats) return
        child.off('message', onMessage)
        resolve(m.stats)
      }
      child.on('message', onMessage)
      child.send('stats')
    })

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const result = { sent: {}, answered: {}, statuses: {}, unexpected: [], clientErrors: {}, aborts: 0 }
  const count = (table, key) => (table[key] = (table[key] ?? 0) + 1)
  const fail = (kind, detail) => {
    if (result.unexpected.length < 20) result.unexpected.push(`${kind}: ${detail}`)
    else result.unexpected.length++
  }

  // --- one request of each kind ------------------------------------------------

  function httpRequest(method, target, headers, body) {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent }, (res) => {
        const parts = []
        res.on('data', (c) => parts.push(c))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts) }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  /** A raw connection: write `chunks` (with optional pauses), maybe abort, resolve with the reply text or the way it ended. */
  function raw(chunks, { abortAfterMs = -1, abortOnFirstByte = false, gapMs = 0 } = {}) {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      const parts = []
      let settled = false
      const finish = (how) => {
        if (settled) return
        settled = true
        socket.destroy()
        resolve({ how, text: Buffer.concat(parts).toString('latin1') })
      }
      socket.on('error', () => finish('error'))
      socket.on('data', (c) => {
        parts.push(c)
        if (abortOnFirstByte) return finish('aborted')
        // A whole response read: done, like a client that got its answer.
        const text = Buffer.concat(parts).toString('latin1')
        const end = text.indexOf('\r\n\r\n')
        const length = end === -1 ? null : /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))
        if (length && text.length >= end + 4 + Number(length[1])) finish('answered')
      })
      socket.on('end', () => finish('end'))
      socket.on('close', () => finish('close'))
      socket.on('connect', async () => {
        if (abortAfterMs >= 0) setTimeout(() => finish('aborted'), abortAfterMs)
        for (const chunk of chunks) {
          if (settled || socket.destroyed) return
          socket.write(chunk)
          if (gapMs) await new Promise((r) => setTimeout(r, gapMs))
        }
      })
    })
  }
  const statusOf = (text) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)

  const bomb = zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024))
  const kinds = [
    // [name, weight, run, expected statuses]: run resolves with the status seen (0 when
    // aborted on purpose). The first NORMAL kinds are ordinary traffic, which must never fail.
    ['get /', 14, async () => (await httpRequest('GET', '/')).status, [200]],
    ['get /users/:id', 10, async () => (await httpRequest('GET', `/users/${Math.floor(random() * 1e6)}?page=2&sort=name`)).status, [200]],
    ['static small', 10, async () => (await httpRequest('GET', '/static/small.txt')).status, [200]],
    ['static range', 5, async () => (await httpRequest('GET', '/static/big.bin', { Range: 'bytes=1000-1999' })).status, [206]],
    ['static 304', 3, async () => (await httpRequest('GET', '/static/small.txt', { 'If-Modified-Since': new Date(Date.now() + 86400e3).toUTCString() })).status, [304]],
    ['static dir redirect', 2, async () => (await httpRequest('GET', '/static/dir')).status, [301]],
    ['head', 3, async () => (await httpRequest('HEAD', '/static/small.txt')).status, [200]],
    ['post json', 10, async () => (await httpRequest('POST', '/json', { 'Content-Type': 'application/json' }, JSON.stringify({ a: 1, b: [1, 2, 3] }))).status, [200]],
    ['404', 3, async () => (await httpRequest('GET', '/missing/' + Math.floor(random() * 1e6))).status, [404]],
    ['malformed json', 4, async () => (await httpRequest('POST', '/json', { 'Content-Type': 'application/json' }, '{"a":')).status, [400]],
    ['bad charset', 2, async () => (await httpRequest('POST', '/json', { 'Content-Type': 'application/json; charset=x-bogus' }, '{}')).status, [415]],
    ['corrupt gzip', 2, async () => (await httpRequest('POST', '/json', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, 'not gzip')).status, [400]],
    ['gzip bomb', 2, async () => (await httpRequest('POST', '/json', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, bomb)).status, [413]],
    ['oversize (small overflow)', 2, async () => (await httpRequest('POST', '/json', { 'Content-Type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(20000) }))).status, [413]],
    [
      'oversize (1 GB announced, not sent)',
      2,
      async () => statusOf((await raw(['POST /json HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n'])).text),
      [413],
    ],
    [
      'oversize (chunked, 1 MB)',
      1,
      async () => {
        const piece = `4000\r\n${'x'.repeat(0x4000)}\r\n`
        const r = await raw(['POST /json HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', ...Array(64).fill(piece), '0\r\n\r\n'])
        return statusOf(r.text)
      },
      [413],
    ],
    [
      'abort mid-body',
      5,
      async () => {
        await raw(['POST /json HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n', '{"a":"' + 'x'.repeat(100)], { abortAfterMs: 5 })
        return 0
      },
      [0],
    ],
    [
      'abort before response',
      5,
      async () => {
        await raw(['GET /slow HTTP/1.1\r\nHost: h\r\n\r\n'], { abortAfterMs: 5 })
        return 0
      },
      [0],
    ],
    [
      'abort during a 1 MB file',
      3,
      async () => {
        await raw(['GET /static/big.bin HTTP/1.1\r\nHost: h\r\n\r\n'], { abortOnFirstByte: true })
        return 0
      },
      [0],
    ],
    [
      'slow body (completes)',
      2,
      async () => {
        const body = '{"slow":true}'
        const r = await raw([`POST /json HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`, ...body.split('')], { gapMs: 15 })
        return statusOf(r.text)
      },
      [200],
    ],
    [
      'slow body (never completes)',
      0.2,
      async () => {
        // Sends a little, then nothing: Node's requestTimeout must end it (408 or a close).
        const r = await raw(['POST /json HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n', '{"a"'])
        return r.text === '' ? 408 : statusOf(r.text)
      },
      [408],
    ],
    ['garbage request line', 2, async () => statusOf((await raw(['\x16\x03\x01 not http at all\r\n\r\n'])).text), [400]],
  ]
  const NORMAL = new Set(kinds.slice(0, 9).map((k) => k[0]))
  const totalWeight = kinds.reduce((s, k) => s + k[1], 0)
  const pick = () => {
    let r = random() * totalWeight
    for (const k of kinds) if ((r -= k[1]) < 0) return k
    return kinds[0]
  }

  async function runLoad(n, record) {
    let next = 0
    async function worker() {
      while (next < n) {
        next++
        const [name, , run, expected] = pick()
        if (record) count(result.sent, name)
        try {
          const status = await run()
          if (!record) continue
          count(result.answered, name)
          count(result.statuses, status)
          if (status === 0) result.aborts++
          if (!expected.includes(status)) fail(name, `status ${status}, expected ${expected}`)
        } catch (err) {
          if (!record) continue
          count(result.clientErrors, `${name}: ${err.code ?? err.message}`)
          // Normal requests must never fail; hostile ones may see their connection cut.
          if (NORMAL.has(name)) fail(name, err.code ?? err.message)
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  }

  const t0 = Date.now()
  await runLoad(Math.min(2000, TOTAL), false)
  agent.destroy()
  await new Promise((r) => setTimeout(r, 2 * CHECK_INTERVAL_MS))
  const start = await stats()
  await runLoad(TOTAL, true)
  agent.destroy()
  // Every client is done; give Node's timers time to close what is left.
  await new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS + 4 * CHECK_INTERVAL_MS))
  const end = await stats()
  const seconds = (Date.now() - t0) / 1000
  child.kill()
  fs.rmSync(root, { recursive: true, force: true })

  // --- report -------------------------------------------------------------------
  const mb = (b) => (b / 1024 / 1024).toFixed(1) + ' MB'
  const sentTotal = Object.values(result.sent).reduce((a, b) => a + b, 0)
  console.log(`webfw soak: ${sentTotal} requests (after a 2000-request warm-up) at concurrency ${CONCURRENCY}, ${seconds.toFixed(1)} s, seed ${process.env.SOAK_SEED ?? 20261122}`)
  console.table(Object.keys(result.sent).map((k) => ({ kind: k, sent: result.sent[k], answered: result.answered[k] ?? 0 })))
  console.log('statuses seen by clients (0 = aborted on purpose):', result.statuses)
  console.log('client-side errors:', result.clientErrors)
  console.log(`aborts: ${result.aborts}`)
  console.log(
    `server: ${end.appRequests - start.appRequests} requests reached the app, ${end.logLines - start.logLines} log lines, ` +
      `${end.clientErrors - start.clientErrors} client errors seen by Node (parse errors, timeouts, resets of aborted sockets), ${errorLogEntries} error-log entries`,
  )
  console.log('server statuses (reqlog):', Object.fromEntries(Object.entries(end.statuses).map(([k, v]) => [k, v - (start.statuses[k] ?? 0)])))
  console.table([
    { '': 'start (after GC)', heap: mb(start.heapUsed), rss: mb(start.rss), fds: start.fds, connections: start.connections },
    { '': 'end (after GC)', heap: mb(end.heapUsed), rss: mb(end.rss), fds: end.fds, connections: end.connections },
  ])

  const problems = []
  if (exited) problems.push(`the server process exited (${JSON.stringify(exited)})`)
  if (end.connections !== 0) problems.push(`${end.connections} connection(s) still open at the end`)
  if (end.fds > start.fds) problems.push(`file descriptors grew from ${start.fds} to ${end.fds}`)
  if (end.heapUsed - start.heapUsed > HEAP_BOUND) problems.push(`heap grew by ${mb(end.heapUsed - start.heapUsed)} (bound ${mb(HEAP_BOUND)})`)
  if (result.unexpected.length) problems.push(`${result.unexpected.length} unexpected outcome(s): ${result.unexpected.slice(0, 20).join('; ')}`)
  if (problems.length) {
    console.log('\nFAIL\n- ' + problems.join('\n- '))
    process.exit(1)
  }
  console.log(`\nPASS: no crash, no connection or file descriptor left open, heap growth ${mb(end.heapUsed - start.heapUsed)} (bound ${mb(HEAP_BOUND)})`)
}
