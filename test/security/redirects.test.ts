/**
 * Open redirects and script injection through res.location / res.redirect
 * and the static middleware's trailing-slash redirect.
 *
 * - The framework never turns a host-relative target into one that leaves
 *   the host: white space and controls are percent-encoded (browsers strip
 *   them, so `/\t/evil` would become `//evil`), backslashes among the
 *   leading slashes are encoded (`/\evil` reads as `//evil`), CR/LF are
 *   encoded as Express encodes them (no header is split).
 * - The redirect body never carries markup of the target: HTML-escaped in
 *   the HTML body, no link at all, and a `javascript:` target is only a
 *   header browsers refuse to follow.
 * - The static redirect's Location is built from the request path with the
 *   leading slashes collapsed and backslashes encoded, so `//evil.example`
 *   or `/\evil.example` naming a directory redirects within the site.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { request } from '../helpers/call'
import { serve, type Running } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'
import { converse, header } from './support'

const BASE = 'http://app.test/some/page'

function webHost(location: string): string | null {
  try {
    const u = new URL(location, BASE)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host : u.protocol
  } catch {
    return null
  }
}

let srv: Running
let dir: string

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-redirect-'))
  for (const d of ['evil.example', 'docs', '\\evil.example']) {
    fs.mkdirSync(path.join(dir, d))
    fs.writeFileSync(path.join(dir, d, 'index.html'), 'index')
  }
  const app = webfw()
  app.set('env', 'test')
  app.get('/to', (req: Any, res: Any) => res.redirect(String(req.query.u)))
  app.get('/loc', (req: Any, res: Any) => res.location(String(req.query.u)).sendStatus(204))
  app.use('/mounted', webfw.static(dir))
  app.use(webfw.static(dir))
  srv = await serve(app)
})

after(async () => {
  await srv.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('res.redirect / res.location keep host-relative targets on the host', () => {
  const relative = [
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example/path',
    '/\t/evil.example',
    '/ /evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/%09/evil.example',
    '/\u0000/evil.example',
    '/\u00a0/evil.example',
    '/\u3000/evil.example',
    '/%2F/evil.example',
    '/./evil.example',
  ]
  for (const target of relative) {
    it(JSON.stringify(target), async () => {
      for (const route of ['/to', '/loc']) {
        const reply = await request(srv.port, route + '?u=' + encodeURIComponent(target))
        const location = String(reply.headers.location)
        assert.equal(webHost(location), 'app.test', `${route} ${JSON.stringify(target)} -> ${location}`)
      }
    })
  }

  it('CR or LF in the target is percent-encoded: one Location, on this host, no header of the target\'s', async () => {
    for (const [target, expected] of [
      ['/a\r\nLocation: http://evil.example', '/a%0D%0ALocation:%20http://evil.example'],
      ['/a\n//evil.example', '/a%0A//evil.example'],
      ['/a\r\nSet-Cookie: admin=1', '/a%0D%0ASet-Cookie:%20admin=1'],
    ]) {
      const reply = await request(srv.port, '/to?u=' + encodeURIComponent(target))
      assert.equal(reply.status, 302)
      assert.equal(reply.headers.location, expected)
      assert.equal(webHost(expected), 'app.test')
      assert.equal(reply.headers['set-cookie'], undefined)
    }
  })

  it('an absolute target names the host its own text names, nothing else', async () => {
    for (const target of ['http://good.example\\@evil.example/', '//good.example/', 'https://good.example/a\\b']) {
      const reply = await request(srv.port, '/loc?u=' + encodeURIComponent(target))
      assert.equal(webHost(String(reply.headers.location)), webHost(target), target)
    }
  })
})

describe('the redirect body cannot run script', () => {
  const targets = ['/"><script>alert(1)</script>', "javascript:alert('x')//", '/<img src=x onerror=alert(1)>', 'data:text/html,<script>alert(1)</script>']
  for (const target of targets) {
    it(JSON.stringify(target), async () => {
      for (const accept of ['text/html', 'text/plain', '*/*']) {
        const reply = await request(srv.port, '/to?u=' + encodeURIComponent(target), { headers: { Accept: accept } })
        assert.equal(reply.status, 302)
        assert.doesNotMatch(reply.body, /<script|<img|href=/i, `${accept}: ${reply.body}`)
        assert.doesNotMatch(String(reply.headers.location), /[<>"]/, 'markup characters are percent-encoded in Location')
      }
    })
  }
})

describe('static trailing-slash redirect stays on the site', () => {
  const cases: [string, string][] = [
    ['//evil.example', '/evil.example/'],
    ['///evil.example', '/evil.example/'],
    ['/%2Fevil.example', '/%2Fevil.example/'],
    ['/\\evil.example', '/%5Cevil.example/'],
    ['/%5Cevil.example', '/%5Cevil.example/'],
    ['/docs?next=//evil.example', '/docs/?next=//evil.example'],
    ['/mounted//evil.example', '/mounted//evil.example/'],
  ]
  for (const [target, expected] of cases) {
    it(`${target} -> ${expected}`, async () => {
      const reply = await converse(srv.port, `GET ${target} HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n`).reply
      assert.equal(reply.status, 301, reply.text.slice(0, 200))
      const location = header(reply, 'location') as string
      assert.equal(location, expected)
      assert.equal(webHost(location), 'app.test')
      assert.doesNotMatch(reply.body, /<a |href=/i, 'the body links nowhere')
    })
  }

  it('the redirect body escapes the path it names', async () => {
    const reply = await converse(srv.port, 'GET /docs?x=<script>alert(1)</script> HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n').reply
    assert.equal(reply.status, 301)
    assert.doesNotMatch(reply.body, /<script>/)
  })
})
