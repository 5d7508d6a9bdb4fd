/**
 * When the line is written: once per response, when it finished or when its
 * connection closed first, in the async context the logger was called in,
 * and still for a response that was over before the logger saw it.
 */
import assert from 'node:assert/strict'
import { AsyncLocalStorage } from 'node:async_hooks'
import http from 'node:http'
import { describe, test } from 'node:test'
import { Collector } from '../helpers/collector'
import { collectWarnings, LineSink, plainServer, reqlog, send } from './support'

// "Nothing more is written" is checked after the server closed: by then every
// connection is closed and every response has emitted all its events.

describe('when the line is written', () => {
  test('once per finished response, though the response also emits close afterwards', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':method :url :status', { stream: sink })])
    try {
      await send(srv.port, 'GET', '/a')
      await send(srv.port, 'GET', '/b')
      await sink.waitWrites(2)
    } finally {
      await srv.close()
    }
    // `close` followed `finish` for both responses: it had its chance to log twice
    assert.deepEqual(sink.lines, ['GET /a 200', 'GET /b 200'])
  })

  test('when the response finishes, before the connection closes', async () => {
    const sink = new LineSink()
    let finishedAt = -1
    let writesAtClose = -1
    const srv = await plainServer([reqlog(':status', { stream: sink })], (req, res) => {
      res.on('finish', () => (finishedAt = sink.writes.length))
      res.on('close', () => (writesAtClose = sink.writes.length))
      res.end('ok')
    })
    try {
      await send(srv.port, 'GET', '/')
      await sink.waitWrites(1)
    } finally {
      await srv.close()
    }
    // the logger's finish listener ran before the handler's (it was added first)
    assert.equal(finishedAt, 1)
    assert.equal(writesAtClose, 1)
  })

  test('once, with status "-", when the connection closes before a response', async () => {
    const sink = new LineSink()
    let closed!: () => void
    const gone = new Promise<void>((resolve) => (closed = resolve))
    const arrived = new Collector<void>()
    const srv = await plainServer([reqlog(':method :status', { stream: sink })], (req, res) => {
      res.on('close', () => setImmediate(closed))
      arrived.push()
    })
    try {
      const client = http.request({ host: '127.0.0.1', port: srv.port, method: 'GET', path: '/', agent: false })
      client.on('error', () => undefined)
      client.end()
      // gone once the request is in the handler, which never answers
      await arrived.waitFor(1, 'requests')
      client.destroy()
      await gone
    } finally {
      await srv.close()
    }
    assert.deepEqual(sink.lines, ['GET -'])
  })

  test('in the async context the logger was called in (AsyncLocalStorage)', async () => {
    const sink = new LineSink()
    const store = new AsyncLocalStorage<string>()
    reqlog.token('store-id', () => store.getStore())
    let n = 0
    const enter = (req: unknown, res: unknown, next: () => void) => store.run(`request-${++n}`, next)
    const srv = await plainServer([enter, reqlog(':store-id :url', { stream: sink })], (req, res) => {
      // answer from another context: a timer started outside any request
      queueOnOutsideTimer(() => res.end('ok'))
    })
    try {
      await send(srv.port, 'GET', '/one')
      await send(srv.port, 'GET', '/two')
      await sink.waitWrites(2)
      assert.deepEqual(sink.lines, ['request-1 /one', 'request-2 /two'])
    } finally {
      await srv.close()
    }
  })

  test('still, on the next turn, for a response that was over before the logger ran', async () => {
    const sink = new LineSink()
    const log = reqlog(':method :status', { stream: sink })
    const srv = await plainServer([
      (req: unknown, res: http.ServerResponse, next: () => void) => {
        res.statusCode = 204
        res.end()
        // a logger placed after the response was sent (as morgan allows)
        log(req, res, next)
      },
    ], () => undefined)
    try {
      const answer = await send(srv.port, 'GET', '/')
      assert.equal(answer.status, 204)
      assert.equal(await sink.line(0), 'GET 204')
    } finally {
      await srv.close()
    }
    assert.equal(sink.writes.length, 1)
  })

  test('twelve loggers on one response share one finish and one close listener, and each logs once, in order', async () => {
    const listenersWith = async (loggers: number) => {
      const sink = new LineSink()
      let counts = ''
      const srv = await plainServer(Array.from({ length: loggers }, (_, i) => reqlog(`${i} :status`, { stream: sink })), (req, res) => {
        counts = `${res.listenerCount('finish')} ${res.listenerCount('close')}`
        res.end()
      })
      try {
        await send(srv.port, 'GET', '/')
        await sink.waitWrites(loggers)
      } finally {
        await srv.close()
      }
      return { counts, lines: sink.lines }
    }
    const one = await listenersWith(1)
    const { result: twelve, warnings } = await collectWarnings(() => listenersWith(12))
    assert.equal(twelve.counts, one.counts)
    assert.deepEqual(twelve.lines, Array.from({ length: 12 }, (_, i) => `${i} 200`))
    // Node warns (MaxListenersExceededWarning) past ten listeners of one event
    assert.deepEqual(warnings.map((w) => w.name), [])
  })

  test('objects that are not Node responses are still followed (through on-finished)', async () => {
    const { EventEmitter } = await import('node:events')
    const sink = new LineSink()
    const log = reqlog(':method :url', { stream: sink })
    const req = Object.assign(new EventEmitter(), { method: 'GET', url: '/fake', headers: {}, socket: null })
    const res = Object.assign(new EventEmitter(), { finished: false, socket: null, headersSent: false, getHeader: () => undefined })
    log(req, res, () => undefined)
    assert.equal(sink.writes.length, 0)
    res.finished = true
    res.emit('finish')
    assert.equal(await sink.line(0), 'GET /fake')
  })
})

// One timer loop created at module load, outside every request's context:
// callbacks queued on it run in the module's context, not the request's.
const outside: Array<() => void> = []
const outsideTimer = setInterval(() => {
  for (const fn of outside.splice(0)) fn()
}, 5)
outsideTimer.unref()
function queueOnOutsideTimer(fn: () => void): void {
  outside.push(fn)
}
