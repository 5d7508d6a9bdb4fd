/**
 * webfw/reqlog over HTTP/2: `:http-version` is 2.0 and every other token
 * reads an HTTP/2 request and response as it reads node:http's; a stream the
 * client resets before the response is logged with "-" for what was never
 * sent.
 */
import assert from 'node:assert/strict'
import http2 from 'node:http2'
import { describe, it } from 'node:test'
import { LineSink, reqlog } from '../reqlog/support'
import { h2connect, h2send, withH2 } from '../helpers/h2'
import { h2setups } from './setups'
import type { Any } from '../helpers/webfw'

const EVERY_TOKEN =
  ':remote-addr|:remote-user|:date[clf]|:date[iso]|:date[web]|:method|:url|:http-version|:status|:res[content-length]|:res[x-missing]|' +
  ':req[x-trace]|:referrer|:user-agent|:response-time[0]|:total-time[1]'

function loggedApp(factory: Any, format: string, sink: LineSink, onHang?: () => void): Any {
  const app = factory()
  app.use(reqlog(format, { stream: sink }))
  const api = factory.Router()
  api.get('/items/:id', (req: Any, res: Any) => res.json({ id: req.params.id }))
  app.use('/api', api)
  app.post('/hang', () => {
    // never answers: the client resets the stream
    onHang?.()
  })
  return app
}

for (const setup of h2setups) {
  describe(`reqlog over HTTP/2 (${setup.label})`, () => {
    it('every token', async () => {
      const sink = new LineSink()
      await withH2(loggedApp(setup.factory, EVERY_TOKEN, sink), setup.mode, async (srv) => {
        const session = h2connect(srv)
        const r = await h2send(session, {
          path: '/api/items/7?x=1',
          headers: { authorization: 'Basic ' + Buffer.from('ada:pw').toString('base64'), 'x-trace': 't-1', referer: 'https://ref.example/', 'user-agent': 'h2-agent' },
        })
        session.close()
        assert.equal(r.status, 200)
        const fields = (await sink.line()).split('|')
        const [addr, user, clf, iso, web, method, url, version, status, length, missing, trace, referrer, agent, responseTime, totalTime] = fields
        assert.match(addr, /^(::ffff:)?127\.0\.0\.1$/)
        assert.equal(user, 'ada')
        assert.match(clf, /^\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d \+0000$/)
        assert.match(iso, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
        assert.match(web, /^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/)
        assert.equal(method, 'GET')
        assert.equal(url, '/api/items/7?x=1')
        assert.equal(version, '2.0')
        assert.equal(status, '200')
        assert.equal(length, String(r.bytes.length))
        assert.equal(missing, '-')
        assert.equal(trace, 't-1')
        assert.equal(referrer, 'https://ref.example/')
        assert.equal(agent, 'h2-agent')
        assert.match(responseTime, /^\d+$/)
        assert.match(totalTime, /^\d+\.\d$/)
      })
    })

    it('the predefined formats', async () => {
      for (const format of ['combined', 'common', 'short', 'tiny', 'dev']) {
        const sink = new LineSink()
        await withH2(loggedApp(setup.factory, format, sink), setup.mode, async (srv) => {
          const session = h2connect(srv)
          await h2send(session, { path: '/api/items/1', headers: { 'user-agent': 'ua' } })
          session.close()
          const line = await sink.line()
          if (format === 'combined') assert.match(line, /^\S+ - - \[[^\]]+\] "GET \/api\/items\/1 HTTP\/2\.0" 200 10 "-" "ua"$/)
          if (format === 'common') assert.match(line, /^\S+ - - \[[^\]]+\] "GET \/api\/items\/1 HTTP\/2\.0" 200 10$/)
          if (format === 'short') assert.match(line, /^\S+ - GET \/api\/items\/1 HTTP\/2\.0 200 10 - [\d.]+ ms$/)
          if (format === 'tiny') assert.match(line, /^GET \/api\/items\/1 200 10 - [\d.]+ ms$/)
          if (format === 'dev') assert.match(line, /GET \/api\/items\/1 \x1b\[32m200\x1b\[0m [\d.]+ ms - 10/)
        })
      }
    })

    it('a stream reset before the response logs "-" for the status and the times', async () => {
      const sink = new LineSink()
      let inHandler!: () => void
      const handling = new Promise<void>((resolve) => (inHandler = resolve))
      const format = ':method :url :status :response-time :total-time :res[content-length] :http-version'
      await withH2(loggedApp(setup.factory, format, sink, inHandler), setup.mode, async (srv) => {
        const session = h2connect(srv)
        const stream = session.request({ ':method': 'POST', ':path': '/hang' }, { endStream: false })
        stream.on('error', () => {})
        stream.write('partial')
        await handling
        stream.close(http2.constants.NGHTTP2_CANCEL)
        assert.equal(await sink.line(), 'POST /hang - - - - 2.0')
        // The server still serves.
        const again = await h2send(session, { path: '/api/items/2' })
        assert.equal(again.status, 200)
        session.close()
      })
    })
  })
}
