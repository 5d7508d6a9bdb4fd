/**
 * The errors the body parsers pass to `next`, property by property and in
 * body-parser's order, beside Express 5 and Express 4: an error handler
 * that serialises the error (`res.json(err)`) sends the same bytes. Each
 * request is written raw, so that aborted and chunked bodies can be sent;
 * and which content codings each version undoes (5.x: gzip, deflate, br and
 * zstd where the runtime has it; 4.x: gzip and deflate), with a broken
 * compressed body being zlib's own error with no `type`.
 */
import assert from 'node:assert/strict'
import net from 'node:net'
import zlib from 'node:zlib'
import { describe, test } from 'node:test'
import { express4, express5 } from '../helpers/side-by-side'
import { withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'

/** An app whose error handler reports the error's own keys in order, and their values. */
function reportingApp(factory: Any, options: object): Any {
  const app = factory()
  app.use(factory.json(options))
  app.use(factory.text(options))
  app.use(factory.urlencoded({ extended: true, parameterLimit: 3, depth: 2, ...options }))
  app.post('/', (_req: Any, res: Any) => res.json({ parsed: true }))
  app.use((err: Any, _req: Any, res: Any, _next: Any) => {
    const own: Record<string, unknown> = {}
    for (const key of Object.keys(err)) own[key] = key === 'body' ? typeof err.body : err[key]
    res.status(err.status || 500).json({ keys: Object.keys(err), own, serialised: JSON.stringify({ ...err, body: undefined }) })
  })
  return app
}

/** Writes `raw` to the server and collects what comes back until the server closes or `wait` ms pass. */
function exchange(port: number, raw: string | Buffer, wait = 1000): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw))
    const finish = (): void => {
      clearTimeout(timer)
      socket.destroy()
      resolve(text)
    }
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      // One response is all each case waits for.
      if (/\r\n\r\n/.test(text) && /\}$/.test(text)) finish()
    })
    socket.on('close', finish)
    socket.on('error', finish)
    const timer = setTimeout(finish, wait)
  })
}

/** The status line and body of the reply (the Date and ETag headers differ between runs and servers). */
function essentials(reply: string): string {
  const status = reply.split('\r\n', 1)[0]
  const body = reply.slice(reply.indexOf('\r\n\r\n') + 4)
  return status + '\n' + body
}

const head = (type: string, extra: string): string => `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\n${extra}Connection: close\r\n\r\n`

const CASES: { name: string; options?: object; raw: string | Buffer; abort?: boolean }[] = [
  { name: 'a declared length over the limit', options: { limit: 10 }, raw: head('application/json', 'Content-Length: 20\r\n') + '{"a":"123456789012"}' },
  { name: 'a chunked body growing over the limit', options: { limit: 10 }, raw: head('application/json', 'Transfer-Encoding: chunked\r\n') + '14\r\n{"a":"123456789012"}\r\n0\r\n\r\n' },
  { name: 'an unknown charset', raw: head('application/json; charset=foo', 'Content-Length: 2\r\n') + '{}' },
  { name: 'an unknown content coding', raw: head('application/json', 'Content-Encoding: nope\r\nContent-Length: 2\r\n') + '{}' },
  { name: 'a coding with inflate off', options: { inflate: false }, raw: head('application/json', 'Content-Encoding: gzip\r\nContent-Length: 2\r\n') + '{}' },
  { name: 'invalid JSON', raw: head('application/json', 'Content-Length: 3\r\n') + '{x}' },
  { name: 'a failing verify', options: { verify() { throw new Error('refused') } }, raw: head('application/json', 'Content-Length: 2\r\n') + '{}' },
  { name: 'too many parameters', raw: head('application/x-www-form-urlencoded', 'Content-Length: 15\r\n') + 'a=1&b=2&c=3&d=4' },
  { name: 'a form too deep', raw: head('application/x-www-form-urlencoded', 'Content-Length: 11\r\n') + 'a[b][c][d]=1' },
  { name: 'broken gzip', raw: Buffer.concat([Buffer.from(head('application/json', 'Content-Encoding: gzip\r\nContent-Length: 9\r\n')), Buffer.from('not gzip!')]) },
]

/** Cases whose connection stays open: the client goes away mid-body, and the error is seen only by the handler. */
const ABORTS: { name: string; raw: string }[] = [
  { name: 'a body cut short (declared length)', raw: head('application/json', 'Content-Length: 20\r\n').replace('Connection: close\r\n', '') + '{"a":' },
  { name: 'a chunked body cut short', raw: head('application/json', 'Transfer-Encoding: chunked\r\n').replace('Connection: close\r\n', '') + '5\r\n{"a":\r\n' },
]

describe('body-parser errors: the same properties in the same order as Express', () => {
  for (const { name, options, raw } of CASES) {
    test(name, async () => {
      const replies: string[] = []
      for (const factory of [express5, webfw, express4, webfw4]) {
        replies.push(essentials(await withServer(reportingApp(factory, options ?? {}), ({ port }) => exchange(port, raw))))
      }
      assert.equal(replies[1], replies[0], '5.x')
      assert.equal(replies[3], replies[2], '4.x')
    })
  }

  for (const { name, raw } of ABORTS) {
    test(name, async () => {
      const seen: string[] = []
      for (const factory of [express5, webfw, express4, webfw4]) {
        const app = factory()
        let reported!: () => void
        const done = new Promise<void>((resolve) => (reported = resolve))
        app.use(factory.json())
        app.use((err: Any, _req: Any, _res: Any, _next: Any) => {
          seen.push(JSON.stringify(Object.keys(err)) + ' ' + JSON.stringify(err))
          reported()
        })
        await withServer(app, async ({ port }) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.end(raw))
          socket.on('error', () => {})
          await done
        })
      }
      assert.equal(seen[1], seen[0], '5.x')
      assert.equal(seen[3], seen[2], '4.x')
      assert.match(seen[1], /"code":"ECONNABORTED"/)
    })
  }
})

describe('content codings by version', () => {
  async function post(factory: Any, coding: string, body: Buffer): Promise<{ status: number; json: Any }> {
    const app = factory()
    app.use(factory.json())
    app.post('/', (req: Any, res: Any) => res.json(req.body))
    app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status).json({ type: err.type ?? null, code: err.code ?? null }))
    const reply = await withServer(app, ({ port }) =>
      exchange(port, Buffer.concat([Buffer.from(head('application/json', `Content-Encoding: ${coding}\r\nContent-Length: ${body.length}\r\n`)), body])),
    )
    return { status: Number(reply.split(' ')[1]), json: JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) }
  }
  const json = Buffer.from('{"a":1}')
  const zstd = (zlib as Any).zstdCompressSync as ((b: Buffer) => Buffer) | undefined

  test('5.x undoes br (and zstd where the runtime has it); 4.x answers 415 for both, as Express 4', async () => {
    const codings: [string, Buffer][] = [['br', zlib.brotliCompressSync(json)]]
    if (zstd !== undefined) codings.push(['zstd', zstd(json)])
    for (const [coding, body] of codings) {
      const [ours5, theirs5, ours4, theirs4] = await Promise.all([webfw, express5, webfw4, express4].map((f) => post(f, coding, body)))
      assert.deepEqual(ours5, theirs5, coding + ' 5.x')
      assert.deepEqual(ours5, { status: 200, json: { a: 1 } })
      assert.deepEqual(ours4, theirs4, coding + ' 4.x')
      assert.deepEqual(ours4, { status: 415, json: { type: 'encoding.unsupported', code: null } })
    }
  })

  test('gzip and deflate are undone by both versions', async () => {
    for (const [coding, body] of [['gzip', zlib.gzipSync(json)], ['deflate', zlib.deflateSync(json)]] as const) {
      for (const factory of [webfw, webfw4]) assert.deepEqual(await post(factory, coding, body), { status: 200, json: { a: 1 } })
    }
  })
})
