/**
 * The body reader's two ways in (src/middleware/body/read.ts,
 * `readBodyInContext`): a Content-Length body already in the request's
 * buffer on the tick after the parser ran (it arrived with its head) is taken
 * with one read; a body still on its way is read through listeners. Either
 * way the handler finds the request as Express leaves it: ended, not
 * destroyed, no listener of the reader's, in the async context the parser
 * was called in, and a second parser finds nothing to read.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, test } from 'node:test'
import { sendRaw } from '../helpers/client'
import { express4, express5, withServers } from '../helpers/side-by-side'
import { webfw, webfw4, type Any } from '../helpers/webfw'

const BODY = '{"a":[1,2,3],"b":"é"}'
const EVENTS = ['data', 'end', 'error', 'close', 'readable']

/** The whole request in one write on a raw socket: its body arrives with its head. */
async function oneWrite(port: number, body: string): Promise<Any> {
  const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`
  // (sendRaw writes a string as UTF-8 and hands the reply back as Latin-1.)
  const reply = Buffer.from(await sendRaw(port, head + body), 'latin1').toString('utf8')
  return JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))
}

/**
 * The body sent only once the server answered `100 Continue`, which it does
 * after the request's head was parsed: it cannot be in the buffer when the
 * parser runs.
 */
function afterContinue(port: number, body: string): Promise<Any> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/', agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
    }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve(JSON.parse(text)))
    })
    req.on('error', reject)
    req.on('continue', () => req.end(body))
  })
}

const senders = { oneWrite, afterContinue }

/**
 * An app recording what the reader did (the events it listened for) and what
 * the handler finds on the request.
 */
function recordingApp(factory: Any, store: AsyncLocalStorage<string>, extra?: Any): Any {
  const app = factory()
  app.use((req: Any, _res: Any, next: Any) => {
    const heard: string[] = []
    const on = req.on
    req.on = function (event: string, fn: Any) {
      heard.push(event)
      return on.call(this, event, fn)
    }
    req.heard = heard
    store.run('request context', next)
  })
  app.use(factory.json())
  if (extra) app.use(extra)
  app.post('/', (req: Any, res: Any) => {
    res.json({
      body: req.body,
      context: store.getStore() ?? null,
      readable: req.readable,
      readableEnded: req.readableEnded,
      complete: req.complete,
      destroyed: req.destroyed,
      listeners: EVENTS.map((e) => req.listenerCount(e)),
      heardData: req.heard.includes('data'),
    })
  })
  return app
}

describe('body reader: a body that arrived with its head, and one still on its way', () => {
  for (const [name, factory, express] of [['5.x', webfw, express5], ['4.x', webfw4, express4]] as const) {
    test(`${name}: the handler finds the request as Express leaves it, either way`, async () => {
      const store = new AsyncLocalStorage<string>()
      await withServers([recordingApp(factory, store), recordingApp(express, store)], async ([ours, theirs]) => {
        for (const [how, sendBody] of Object.entries(senders)) {
          const [mine, reference] = [await sendBody(ours, BODY), await sendBody(theirs, BODY)]
          assert.deepEqual(mine.body, JSON.parse(BODY), how)
          assert.equal(mine.context, 'request context', how)
          const { heardData: _ours, ...seen } = mine
          const { heardData: _theirs, ...expected } = reference
          assert.deepEqual(seen, expected, how)
        }
      })
    })
  }

  test('a body in the buffer is taken without listening for its data; one still on its way is listened for', async () => {
    const store = new AsyncLocalStorage<string>()
    await withServers([recordingApp(webfw, store)], async ([port]) => {
      assert.equal((await oneWrite(port, BODY)).heardData, false)
      assert.equal((await afterContinue(port, BODY)).heardData, true)
      assert.deepEqual((await afterContinue(port, BODY)).body, JSON.parse(BODY))
    })
  })

  test('an empty Content-Length body, in one write: {} as in Express 5', async () => {
    const store = new AsyncLocalStorage<string>()
    await withServers([recordingApp(webfw, store), recordingApp(express5, store)], async ([ours, theirs]) => {
      const [mine, reference] = [await oneWrite(ours, ''), await oneWrite(theirs, '')]
      assert.deepEqual(mine, { ...reference, heardData: mine.heardData })
    })
  })

  test('a second parser finds the body read, as in Express 5, either way', async () => {
    const store = new AsyncLocalStorage<string>()
    const apps = [recordingApp(webfw, store, webfw.text({ type: '*/*' })), recordingApp(express5, store, express5.text({ type: '*/*' }))]
    await withServers(apps, async ([ours, theirs]) => {
      for (const [how, sendBody] of Object.entries(senders)) {
        const [mine, reference] = [await sendBody(ours, BODY), await sendBody(theirs, BODY)]
        assert.deepEqual(reference.body, JSON.parse(BODY), how)
        assert.deepEqual(mine.body, reference.body, how)
      }
    })
  })

  test("a 'data' listener added before the parser gets the bytes too, and the parser still reads them", async () => {
    const appFor = (factory: Any): Any => {
      const app = factory()
      app.use((req: Any, _res: Any, next: Any) => {
        req.seen = 0
        req.on('data', (chunk: Buffer) => (req.seen += chunk.length))
        next()
      })
      app.use(factory.json())
      app.post('/', (req: Any, res: Any) => res.json({ body: req.body, seen: req.seen }))
      return app
    }
    await withServers([appFor(webfw), appFor(express5)], async ([ours, theirs]) => {
      const [mine, reference] = [await oneWrite(ours, BODY), await oneWrite(theirs, BODY)]
      assert.deepEqual(reference, { body: JSON.parse(BODY), seen: Buffer.byteLength(BODY) })
      assert.deepEqual(mine, reference)
    })
  })

  test('a request whose encoding was set is refused with 500 stream.encoding.set, after the limit, as in Express 5 and 4', async () => {
    const appFor = (factory: Any, limit: number): Any => {
      const app = factory()
      app.use((req: Any, _res: Any, next: Any) => {
        req.setEncoding('utf8')
        next()
      })
      app.use(factory.json({ limit }))
      app.post('/', (req: Any, res: Any) => res.json({ body: req.body }))
      app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).json({ status: err.status, type: err.type, message: err.message }))
      return app
    }
    for (const limit of [1000, 5]) {
      const pairs = [[appFor(webfw, limit), appFor(express5, limit)], [appFor(webfw4, limit), appFor(express4, limit)]]
      for (const [ours, theirs] of pairs) {
        await withServers([ours, theirs], async ([mine, reference]) => {
          const [a, b] = [await oneWrite(mine, BODY), await oneWrite(reference, BODY)]
          assert.equal(b.status, limit === 5 ? 413 : 500)
          assert.deepEqual(a, b)
        })
      }
    }
  })
})
