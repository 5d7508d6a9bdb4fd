/**
 * HTTP/2 stream lifecycle: a client resetting a stream mid-body, a GOAWAY
 * from either side, a stream or session timeout, a session destroyed during
 * `res.sendFile`. None crashes the process or leaks (file descriptors closed,
 * no listeners left behind on the connection, no session left open), and the
 * server goes on serving. Every wait is on an event.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http2 from 'node:http2'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { h2connect, h2request, h2send, withH2, type H2Running } from '../helpers/h2'
import { h2setups } from './setups'
import type { Any } from '../helpers/webfw'

const BIG = 4 * 1024 * 1024
let dir: string
let bigFile: string
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-h2-life-'))
  bigFile = path.join(dir, 'big.bin')
  fs.writeFileSync(bigFile, Buffer.alloc(BIG, 1))
})
/** Process warnings (a listener leak, a deprecation) while these tests ran: there must be none. */
const warnings: string[] = []
const onWarning = (warning: Error): void => {
  warnings.push(`${warning.name}: ${warning.message}`)
}
before(() => process.on('warning', onWarning))
after(() => {
  process.off('warning', onWarning)
  fs.rmSync(dir, { recursive: true, force: true })
  assert.deepEqual(warnings, [])
})

/** Resolves once `fn` has been called (a one-shot event). */
function signal<T = void>(): { promise: Promise<T>; fire: (value: T) => void } {
  let fire!: (value: T) => void
  const promise = new Promise<T>((resolve) => (fire = resolve))
  return { promise, fire }
}

/** The server's open sessions, kept up to date. */
function trackSessions(srv: H2Running): Set<http2.ServerHttp2Session> {
  const sessions = new Set<http2.ServerHttp2Session>()
  srv.server.on('session', (s: http2.ServerHttp2Session) => {
    sessions.add(s)
    s.on('close', () => sessions.delete(s))
  })
  return sessions
}

/** A JSON upload whose body stops after its first bytes (the stream stays open). */
function stalledUpload(session: http2.ClientHttp2Session, first: string): http2.ClientHttp2Stream {
  const stream = session.request({ ':method': 'POST', ':path': '/upload', 'content-type': 'application/json' }, { endStream: false })
  stream.on('error', () => {})
  stream.write(first)
  return stream
}

/** Resolves when every session in `sessions` has closed. */
function allClosed(sessions: Set<http2.ServerHttp2Session>): Promise<void> {
  return Promise.all([...sessions].map((s) => new Promise<void>((resolve) => s.once('close', () => resolve())))).then(() => undefined)
}

/** File descriptors of this process open on `file` (Linux /proc). */
function openDescriptors(file: string): number {
  let count = 0
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`) === file) count++
    } catch {
      // closed meanwhile
    }
  }
  return count
}

/** What the app saw: errors reaching its error handler, bodies reaching its handler. */
class Events {
  readonly errors: string[] = []
  readonly handled: unknown[] = []
  private waiters: Array<() => void> = []

  error(type: string): void {
    this.errors.push(type)
    for (const wake of this.waiters.splice(0)) wake()
  }

  /** Resolves at the next error. */
  nextError(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve))
  }
}

interface Hooks {
  /** Every request, as it enters the app. */
  entered?: (req: Any) => void
  inHandler?: (req: Any, res: Any) => void
  sendFileDone?: (err: Any) => void
}

function lifecycleApp(factory: Any, events: Events, hooks: Hooks): Any {
  const app = factory()
  app.use((req: Any, res: Any, next: Any) => {
    hooks.entered?.(req)
    next()
  })
  app.post('/upload', factory.json({ limit: '10mb' }), (req: Any, res: Any) => {
    events.handled.push(req.body)
    res.json({ ok: true })
  })
  app.get('/wait', (req: Any, res: Any) => hooks.inHandler?.(req, res))
  app.get('/big', (req: Any, res: Any) => res.sendFile(bigFile, (err: Any) => hooks.sendFileDone?.(err)))
  app.get('/slow', (req: Any, res: Any) => {
    req.setTimeout(50, () => res.status(503).send('too slow'))
  })
  app.get('/ok', (req: Any, res: Any) => res.send('still serving'))
  app.use((err: Any, req: Any, res: Any, next: Any) => {
    events.error(err.type ?? err.code ?? err.message)
    if (!res.headersSent) res.status(err.status ?? 500).end()
  })
  return app
}

for (const setup of h2setups) {
  describe(`HTTP/2 stream lifecycle (${setup.label})`, () => {
    it('a client resetting a stream mid-body (RST_STREAM): the read ends as aborted, the handler never sees a partial body', async () => {
      const events = new Events()
      let entered = signal()
      await withH2(lifecycleApp(setup.factory, events, { entered: () => entered.fire() }), setup.mode, async (srv) => {
        const session = h2connect(srv)
        for (const announced of [true, false]) {
          entered = signal()
          const headers: http2.OutgoingHttpHeaders = { ':method': 'POST', ':path': '/upload', 'content-type': 'application/json' }
          if (announced) headers['content-length'] = 1000
          const stream = session.request(headers, { endStream: false })
          stream.on('error', () => {})
          stream.write('{"partial":')
          await entered.promise
          const reported = events.nextError()
          // destroy() resets the stream without ending the body first.
          stream.destroy()
          await reported
          assert.deepEqual(events.handled, [])
        }
        assert.ok(events.errors.every((type) => type === 'request.aborted'), events.errors.join())
        assert.equal((await h2send(session, { path: '/ok' })).text, 'still serving')
        session.close()
      })
    })

    it('a session destroyed mid-upload: the same, and the session is gone on the server', async () => {
      const events = new Events()
      const entered = signal()
      await withH2(lifecycleApp(setup.factory, events, { entered: () => entered.fire() }), setup.mode, async (srv) => {
        const sessions = trackSessions(srv)
        const session = h2connect(srv)
        stalledUpload(session, '{"partial":')
        await entered.promise
        const reported = events.nextError()
        const closed = allClosed(sessions)
        session.destroy()
        await Promise.all([closed, reported])
        assert.equal(sessions.size, 0)
        assert.deepEqual(events.handled, [])
        assert.deepEqual(events.errors, ['request.aborted'])
        assert.equal((await h2request(srv, { path: '/ok' })).text, 'still serving')
      })
    })

    it('GOAWAY from the server (a graceful session.close()) lets the stream in flight finish', async () => {
      const events = new Events()
      const entered = signal<[Any, Any]>()
      await withH2(lifecycleApp(setup.factory, events, { inHandler: (req, res) => entered.fire([req, res]) }), setup.mode, async (srv) => {
        const session = h2connect(srv)
        const goaway = signal()
        session.on('goaway', () => goaway.fire())
        const clientClosed = new Promise<void>((resolve) => session.once('close', () => resolve()))
        const pending = h2send(session, { path: '/wait' })
        const [req, res] = await entered.promise
        const serverClosed = new Promise<void>((resolve) => req.stream.session.once('close', () => resolve()))
        req.stream.session.close()
        await goaway.promise
        res.json({ finished: 'after goaway' })
        const reply = await pending
        assert.equal(reply.status, 200)
        assert.deepEqual(reply.json(), { finished: 'after goaway' })
        // Both ends close the session once its last stream is done.
        await Promise.all([clientClosed, serverClosed])
        assert.equal((await h2request(srv, { path: '/ok' })).text, 'still serving')
      })
    })

    it('GOAWAY from the client with an error code: the stream in flight is dropped, answering it is harmless', async () => {
      const events = new Events()
      const entered = signal<Any>()
      await withH2(lifecycleApp(setup.factory, events, { inHandler: (req, res) => entered.fire(res) }), setup.mode, async (srv) => {
        const sessions = trackSessions(srv)
        const session = h2connect(srv)
        const stream = session.request({ ':path': '/wait' })
        stream.on('error', () => {})
        const res = await entered.promise
        const closed = signal()
        for (const s of sessions) s.once('close', () => closed.fire())
        session.goaway(http2.constants.NGHTTP2_PROTOCOL_ERROR)
        await closed.promise
        // The stream is gone with its session; answering it neither throws
        // nor reaches the error handler.
        assert.equal(res.stream.destroyed, true)
        res.json({ too: 'late' })
        session.destroy()
        assert.deepEqual(events.errors, [])
        assert.equal(sessions.size, 0)
        assert.equal((await h2request(srv, { path: '/ok' })).text, 'still serving')
      })
    })

    it('a stream timeout (req.setTimeout) reaches the application', async () => {
      const events = new Events()
      await withH2(lifecycleApp(setup.factory, events, {}), setup.mode, async (srv) => {
        const r = await h2request(srv, { path: '/slow' })
        assert.equal(r.status, 503)
        assert.equal(r.text, 'too slow')
      })
    })

    it('GOAWAY from the client (NO_ERROR) while a request is in flight: the server finishes it, then closes the session', async () => {
      const events = new Events()
      const entered = signal<Any>()
      await withH2(lifecycleApp(setup.factory, events, { inHandler: (req, res) => entered.fire(res) }), setup.mode, async (srv) => {
        const sessions = trackSessions(srv)
        const session = h2connect(srv)
        const pending = h2send(session, { path: '/wait' })
        const res = await entered.promise
        const [server] = sessions
        const goaway = signal<number>()
        server.once('goaway', (code: number) => goaway.fire(code))
        const serverClosed = signal()
        server.once('close', () => serverClosed.fire())
        session.goaway(http2.constants.NGHTTP2_NO_ERROR)
        assert.equal(await goaway.promise, http2.constants.NGHTTP2_NO_ERROR)
        res.json({ finished: 'after the client said goodbye' })
        const reply = await pending
        assert.equal(reply.status, 200)
        assert.deepEqual(reply.json(), { finished: 'after the client said goodbye' })
        await serverClosed.promise
        session.destroy()
        assert.equal(sessions.size, 0)
        assert.deepEqual(events.errors, [])
        assert.equal((await h2request(srv, { path: '/ok' })).text, 'still serving')
      })
    })

    it('a session timeout (server.setTimeout) ends a stalled upload as aborted', async () => {
      const events = new Events()
      // The upload's request enters the app, then its body stalls. The
      // server's 'timeout' listener destroys an idle session (what node:http2
      // does when there is no listener) once that request is in the app, and
      // otherwise gives the session another idle period: the timeout is the
      // trigger, never something the test waits out or measures.
      const entered = signal()
      let inApp = false
      const hooks = {
        entered: () => {
          inApp = true
          entered.fire()
        },
      }
      await withH2(lifecycleApp(setup.factory, events, hooks), setup.mode, async (srv) => {
        const sessions = trackSessions(srv)
        srv.server.setTimeout(100)
        srv.server.on('timeout', (session: http2.ServerHttp2Session) => {
          if (inApp) session.destroy()
          else session.setTimeout(100)
        })
        const session = h2connect(srv)
        stalledUpload(session, '{"stalled":')
        await entered.promise
        const reported = events.nextError()
        const closed = allClosed(sessions)
        await Promise.all([closed, reported])
        session.destroy()
        assert.equal(sessions.size, 0)
        assert.deepEqual(events.handled, [])
        assert.deepEqual(events.errors, ['request.aborted'])
        srv.server.setTimeout(0)
        assert.equal((await h2request(srv, { path: '/ok' })).text, 'still serving')
      })
    })

    for (const how of ['the stream reset (RST_STREAM)', 'the session destroyed'] as const) {
      it(`${how} during sendFile: the callback hears of it, the file is closed, the server goes on`, async () => {
        const events = new Events()
        const done = signal<Any>()
        const streams: fs.ReadStream[] = []
        const createReadStream = fs.createReadStream
        ;(fs as { createReadStream: unknown }).createReadStream = function tracked(this: unknown, ...args: unknown[]) {
          const stream = (createReadStream as (...a: unknown[]) => fs.ReadStream).apply(this, args)
          streams.push(stream)
          return stream
        }
        try {
          await withH2(lifecycleApp(setup.factory, events, { sendFileDone: (err) => done.fire(err) }), setup.mode, async (srv) => {
            const sessions = trackSessions(srv)
            const session = h2connect(srv)
            const stream = session.request({ ':path': '/big' })
            stream.on('error', () => {})
            await new Promise<void>((resolve) => stream.once('data', () => resolve()))
            if (how === 'the session destroyed') session.destroy()
            else stream.close(http2.constants.NGHTTP2_CANCEL)
            const err = await done.promise
            assert.equal(err?.code, 'ECONNABORTED')
            assert.equal(streams.length, 1)
            if (!streams[0].closed) await new Promise<void>((resolve) => streams[0].once('close', () => resolve()))
            assert.equal(openDescriptors(bigFile), 0)
            assert.deepEqual(events.errors, [])
            if (how === 'the session destroyed') {
              if (sessions.size !== 0) await new Promise((resolve) => [...sessions][0].once('close', resolve))
              assert.equal(sessions.size, 0)
              assert.equal((await h2request(srv, { path: '/ok' })).text, 'still serving')
            } else {
              // The same session goes on.
              assert.equal((await h2send(session, { path: '/ok' })).text, 'still serving')
              session.close()
            }
          })
        } finally {
          ;(fs as { createReadStream: unknown }).createReadStream = createReadStream
        }
      })
    }

    it('a client resetting a streamed response mid-way: the response reports close, writes after it are harmless', async () => {
      const events = new Events()
      const entered = signal<Any>()
      await withH2(lifecycleApp(setup.factory, events, { inHandler: (req, res) => entered.fire(res) }), setup.mode, async (srv) => {
        const session = h2connect(srv)
        const stream = session.request({ ':path': '/wait' })
        stream.on('error', () => {})
        const res = await entered.promise
        const closed = signal()
        res.on('close', () => closed.fire())
        res.type('text').write('first part\n')
        await new Promise<void>((resolve) => stream.once('data', () => resolve()))
        stream.close(http2.constants.NGHTTP2_CANCEL)
        await closed.promise
        assert.equal(res.stream.destroyed, true)
        res.write('after the reset')
        res.end()
        assert.deepEqual(events.errors, [])
        assert.equal((await h2send(session, { path: '/ok' })).text, 'still serving')
        session.close()
      })
    })

    it('many requests on one session leave no listeners on its connection', async () => {
      const events = new Events()
      await withH2(lifecycleApp(setup.factory, events, {}), setup.mode, async (srv) => {
        const sessions = trackSessions(srv)
        const session = h2connect(srv)
        await h2send(session, { path: '/ok' })
        const [server] = sessions
        const socket = server.socket as unknown as NodeJS.EventEmitter
        const before = socket.eventNames().map((name) => `${String(name)}:${socket.listenerCount(name)}`)
        for (let i = 0; i < 20; i++) {
          await h2send(session, { path: '/ok' })
          await h2send(session, { method: 'POST', path: '/upload', headers: { 'content-type': 'application/json' }, body: '{"n":1}' })
        }
        const afterward = socket.eventNames().map((name) => `${String(name)}:${socket.listenerCount(name)}`)
        assert.deepEqual(afterward, before)
        session.close()
      })
    })
  })
}
