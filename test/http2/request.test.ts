/**
 * Every `req` member over real HTTP/2 connections (TLS and h2c, the app's
 * own server and one made with node:http2), for 5.x and 4.x: the same values
 * node:http requests give, with the host taken from `:authority` and the
 * protocol from the TLS session.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import signature from 'cookie-signature'
import { h2setups, serveForSuite } from './setups'
import type { Any } from '../helpers/webfw'

function probeApp(factory: Any, profile: string): Any {
  const app = factory()
  app.use(factory.cookieParser('s3cret'))
  const view = (req: Any) => ({
    method: req.method,
    url: req.url,
    originalUrl: req.originalUrl,
    baseUrl: req.baseUrl,
    path: req.path,
    params: req.params,
    query: req.query,
    host: profile === '5.x' ? req.host : '<absent>',
    hostname: req.hostname,
    hostHeader: req.get('host'),
    subdomains: req.subdomains,
    protocol: req.protocol,
    secure: req.secure,
    ip: req.ip,
    ips: req.ips,
    xhr: req.xhr,
    fresh: req.fresh,
    stale: req.stale,
    referrer: req.get('Referrer') ?? null,
    userAgent: req.header('user-agent') ?? null,
    accepts: req.accepts(['html', 'json']),
    charset: req.acceptsCharsets('utf-8', 'latin1'),
    encoding: req.acceptsEncodings('br', 'gzip'),
    language: req.acceptsLanguages('fr', 'en'),
    languages: req.acceptsLanguages(),
    is: req.is('json'),
    range: req.range(1000) ?? null,
    cookies: { ...req.cookies },
    signedCookies: { ...req.signedCookies },
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    appIsApp: req.app === app,
    resReq: req.res.req === req,
    route: req.route ? req.route.path : null,
  })
  app.get('/users/:id', (req: Any, res: Any) => res.json(view(req)))
  app.all('/probe', (req: Any, res: Any) => res.json(view(req)))
  const trusted = factory()
  trusted.set('trust proxy', 'loopback')
  trusted.get('/probe', (req: Any, res: Any) => res.json(view(req)))
  app.use('/trusted', trusted)
  return app
}

for (const setup of h2setups) {
  const tls = setup.mode.startsWith('tls')
  describe(`req over HTTP/2 (${setup.label})`, () => {
    const h2 = serveForSuite(setup, () => probeApp(setup.factory, setup.profile))

    it('method, url, path, params, query, route, app and res', async () => {
      const r = await h2.send({ path: '/users/42?sort=desc&page=2' })
      assert.equal(r.status, 200)
      const v = r.json()
      assert.equal(v.method, 'GET')
      assert.equal(v.url, '/users/42?sort=desc&page=2')
      assert.equal(v.originalUrl, '/users/42?sort=desc&page=2')
      assert.equal(v.path, '/users/42')
      assert.deepEqual(v.params, { id: '42' })
      assert.deepEqual(v.query, { sort: 'desc', page: '2' })
      assert.equal(v.route, '/users/:id')
      assert.equal(v.appIsApp, true)
      assert.equal(v.resReq, true)
      assert.equal(v.httpVersion, '2.0')
      assert.equal(v.httpVersionMajor, 2)
    })

    it('host, hostname and subdomains come from :authority', async () => {
      const own = (await h2.send({ path: '/probe' })).json()
      const authority = tls ? `localhost:${h2.srv.port}` : `127.0.0.1:${h2.srv.port}`
      assert.equal(own.hostHeader, authority)
      assert.equal(own.hostname, tls ? 'localhost' : '127.0.0.1')
      if (setup.profile === '5.x') assert.equal(own.host, authority)
      assert.deepEqual(own.subdomains, [])
      const v = (await h2.send({ path: '/probe', headers: { ':authority': 'tobi.ferrets.example.com:8080' } })).json()
      assert.equal(v.hostname, 'tobi.ferrets.example.com')
      if (setup.profile === '5.x') assert.equal(v.host, 'tobi.ferrets.example.com:8080')
      assert.deepEqual(v.subdomains, ['ferrets', 'tobi'])
    })

    it(`protocol is ${tls ? 'https' : 'http'}, secure ${tls}, ip the peer's; X-Forwarded-* only from a trusted proxy`, async () => {
      const headers = { 'x-forwarded-for': '203.0.113.7, 10.0.0.2', 'x-forwarded-proto': tls ? 'http' : 'https', 'x-forwarded-host': 'api.example.com' }
      const direct = (await h2.send({ path: '/probe', headers })).json()
      assert.equal(direct.protocol, tls ? 'https' : 'http')
      assert.equal(direct.secure, tls)
      assert.match(direct.ip, /^(::ffff:)?127\.0\.0\.1$/)
      assert.deepEqual(direct.ips, [])
      assert.equal(direct.hostname, tls ? 'localhost' : '127.0.0.1')
      const proxied = (await h2.send({ path: '/trusted/probe', headers })).json()
      assert.equal(proxied.protocol, tls ? 'http' : 'https')
      assert.equal(proxied.secure, !tls)
      assert.equal(proxied.ip, '10.0.0.2')
      assert.deepEqual(proxied.ips, ['10.0.0.2'])
      assert.equal(proxied.hostname, 'api.example.com')
      assert.equal(proxied.baseUrl, '/trusted')
      assert.equal(proxied.originalUrl, '/trusted/probe')
      assert.equal(proxied.path, '/probe')
    })

    it('get/header (Referer and Referrer alike), xhr and negotiation', async () => {
      const v = (
        await h2.send({
          path: '/probe',
          headers: {
            referer: 'https://ref.example/',
            'user-agent': 'h2-test',
            'x-requested-with': 'XMLHttpRequest',
            accept: 'application/json;q=0.9, text/html;q=0.5',
            'accept-charset': 'latin1',
            'accept-encoding': 'gzip',
            'accept-language': 'en-GB, en;q=0.8',
          },
        })
      ).json()
      assert.equal(v.referrer, 'https://ref.example/')
      assert.equal(v.userAgent, 'h2-test')
      assert.equal(v.xhr, true)
      assert.equal(v.accepts, 'json')
      assert.equal(v.charset, 'latin1')
      assert.equal(v.encoding, 'gzip')
      assert.equal(v.language, 'en')
      assert.deepEqual(v.languages, ['en-GB', 'en'])
    })

    it('is() sees a body of announced length and one of unannounced length', async () => {
      const announced = (await h2.send({ method: 'POST', path: '/probe', headers: { 'content-type': 'application/json', 'content-length': 2 }, body: '{}' })).json()
      assert.equal(announced.is, 'json')
      const streamed = (await h2.send({ method: 'POST', path: '/probe', headers: { 'content-type': 'application/json' }, chunks: ['{', '}'] })).json()
      assert.equal(streamed.is, 'json')
      const none = (await h2.send({ path: '/probe', headers: { 'content-type': 'application/json' } })).json()
      assert.equal(none.is, null)
    })

    it('fresh and stale follow the conditional headers', async () => {
      const first = await h2.send({ path: '/probe' })
      const etag = first.headers.etag as string
      assert.ok(etag)
      assert.equal(first.json().fresh, false)
      assert.equal(first.json().stale, true)
      // The body differs per request only in what the request carries: same request, same ETag.
      const again = await h2.send({ path: '/probe', headers: { 'if-none-match': etag } })
      assert.equal(again.status, 304)
      assert.equal(again.bytes.length, 0)
      const nocache = await h2.send({ path: '/probe', headers: { 'if-none-match': etag, 'cache-control': 'no-cache' } })
      assert.equal(nocache.status, 200)
    })

    it('range, cookies and signed cookies', async () => {
      const signed = 's:' + signature.sign('tobi', 's3cret')
      const v = (
        await h2.send({
          path: '/probe',
          headers: { range: 'bytes=0-99,200-', cookie: ['a=1', `user=${encodeURIComponent(signed)}`, 'j=j%3A%7B%22x%22%3A1%7D'] },
        })
      ).json()
      assert.deepEqual(v.range, [
        { start: 0, end: 99 },
        { start: 200, end: 999 },
      ])
      assert.deepEqual(v.cookies, { a: '1', j: { x: 1 } })
      assert.deepEqual(v.signedCookies, { user: 'tobi' })
    })
  })
}
