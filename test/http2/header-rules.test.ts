/**
 * Response headers on HTTP/2 streams: connection-specific fields
 * (Connection, Keep-Alive, Proxy-Connection, Transfer-Encoding, Upgrade,
 * HTTP2-Settings, TE other than "trailers") are never sent, whatever sets
 * them, and nothing throws or warns; names and values are checked as
 * node:http checks them, so a CR or LF throws at the call. The HTTP/1.1
 * fallback of the same server keeps node:http's behaviour.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import https from 'node:https'
import { after, before, describe, it } from 'node:test'
import { h2serve, h2request, type H2Running } from '../helpers/h2'
import { cert } from '../helpers/tls'
import { h2setups, serveForSuite } from './setups'
import type { Any } from '../helpers/webfw'

const CONNECTION_SPECIFIC: Array<[string, string]> = [
  ['Connection', 'close'],
  ['Keep-Alive', 'timeout=5'],
  ['Proxy-Connection', 'keep-alive'],
  ['Transfer-Encoding', 'chunked'],
  ['Upgrade', 'websocket'],
  ['HTTP2-Settings', 'AAMAAABkAAQAAP__'],
  ['TE', 'gzip'],
]

/** Each way an app or a middleware sets a header, given the field. */
const SETTERS: Record<string, (res: Any, name: string, value: string) => void> = {
  'res.set': (res, name, value) => res.set(name, value),
  'res.set(object)': (res, name, value) => res.set({ [name]: value }),
  'res.append': (res, name, value) => res.append(name, value),
  'res.setHeader': (res, name, value) => res.setHeader(name, value),
  'writeHead(object)': (res, name, value) => res.writeHead(200, { [name]: value, 'X-After': 'kept' }),
  'writeHead(reason, object)': (res, name, value) => res.writeHead(200, 'OK', { [name]: value, 'X-After': 'kept' }),
  'writeHead(flat list)': (res, name, value) => res.writeHead(200, [name, value, 'X-After', 'kept']),
  'writeHead(pairs)': (res, name, value) => res.writeHead(200, [[name, value], ['X-After', 'kept']]),
  'a middleware wrapping setHeader': (res, name, value) => {
    const own = res.setHeader
    res.setHeader = function wrapped(this: Any, n: string, v: unknown) {
      return own.call(this, n, v)
    }
    res.setHeader(name, value)
  },
}

function headersApp(factory: Any): Any {
  const app = factory()
  app.get('/set/:setter/:index', (req: Any, res: Any) => {
    const [name, value] = CONNECTION_SPECIFIC[Number(req.params.index)]
    SETTERS[req.params.setter](res, name, value)
    res.end(JSON.stringify({ seen: res.getHeader(name) ?? null, sent: res.headersSent }))
  })
  app.get('/te-trailers', (req: Any, res: Any) => res.set('TE', 'trailers').send('ok'))
  app.get('/send-after-chunked', (req: Any, res: Any) => res.set('Transfer-Encoding', 'chunked').send('a body with its length'))
  app.get('/crlf/:how', (req: Any, res: Any) => {
    try {
      if (req.params.how === 'value') res.setHeader('X-Test', 'a\r\nX-Injected: 1')
      else if (req.params.how === 'name') res.setHeader('X-Test\r\nX-Injected', 'a')
      else if (req.params.how === 'append') res.append('X-Test', ['ok', 'a\nX-Injected: 1'])
      else res.writeHead(200, { 'X-Test': 'a\rX-Injected: 1' })
    } catch (err) {
      res.statusCode = 500
      res.end(JSON.stringify({ name: (err as Error).name, code: (err as { code?: string }).code }))
      return
    }
    res.end('not thrown')
  })
  return app
}

describe('connection-specific response headers over HTTP/2', () => {
  const warnings: string[] = []
  const onWarning = (w: Error): void => {
    warnings.push(w.message)
  }
  before(() => process.on('warning', onWarning))
  after(() => process.off('warning', onWarning))

  for (const setup of h2setups) {
    describe(setup.label, () => {
      const h2 = serveForSuite(setup, () => headersApp(setup.factory))

      for (const setter of Object.keys(SETTERS)) {
        it(`${setter}: dropped, the response goes out`, async () => {
          for (let i = 0; i < CONNECTION_SPECIFIC.length; i++) {
            const [name] = CONNECTION_SPECIFIC[i]
            const r = await h2.send({ path: `/set/${encodeURIComponent(setter)}/${i}` })
            assert.equal(r.status, 200, `${setter} ${name}`)
            assert.equal(r.headers[name.toLowerCase()], undefined, `${setter} ${name}`)
            assert.equal(r.json().seen, null, `${setter} ${name}`)
            if (setter.startsWith('writeHead')) assert.equal(r.headers['x-after'], 'kept')
          }
        })
      }

      it('TE: trailers is kept; a body sent after Transfer-Encoding gets its Content-Length', async () => {
        assert.equal((await h2.send({ path: '/te-trailers' })).headers.te, 'trailers')
        const r = await h2.send({ path: '/send-after-chunked' })
        assert.equal(r.text, 'a body with its length')
        assert.equal(r.headers['content-length'], String(r.bytes.length))
      })

      it('a CR or LF in a name or a value throws as on node:http, at the call', async () => {
        for (const how of ['value', 'name', 'append', 'writeHead']) {
          const r = await h2.send({ path: `/crlf/${how}` })
          assert.equal(r.status, 500, how)
          assert.equal(r.json().name, 'TypeError', how)
          assert.equal(r.json().code, how === 'name' ? 'ERR_INVALID_HTTP_TOKEN' : 'ERR_INVALID_CHAR', how)
          assert.equal(r.headers['x-injected'], undefined, how)
        }
      })
    })
  }

  it('nothing warned about the dropped fields', () => {
    assert.deepEqual(
      warnings.filter((w) => /connection header/i.test(w)),
      [],
    )
  })
})

describe('the HTTP/1.1 fallback of an HTTP/2 TLS server', () => {
  let srv: H2Running
  before(async () => {
    const factory: Any = h2setups[0].factory
    const app = factory()
    app.get('/close', (req: Any, res: Any) => res.set('Connection', 'close').send(`over ${req.httpVersion}`))
    srv = await h2serve(app, 'tls-listen')
  })
  after(() => srv.close())

  it('serves HTTP/1.1 clients on the same port, with node:http headers', async () => {
    const r = await new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port: srv.port, path: '/close', ca: cert, servername: 'localhost', agent: false }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (c: string) => (body += c))
          res.on('end', () => resolve(Object.assign(res, { body })))
        })
        .on('error', reject)
    })
    assert.equal(r.body, 'over 1.1')
    assert.equal(r.headers.connection, 'close')
    const h2 = await h2request(srv, { path: '/close' })
    assert.equal(h2.text, 'over 2.0')
    assert.equal(h2.headers.connection, undefined)
  })
})
