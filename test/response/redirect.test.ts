/**
 * res.redirect: status (default 302), Location, and a short body for text
 * and HTML clients that escapes the target.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, type CallInit } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function redirect(args: unknown[], init: CallInit = {}) {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      res.redirect(...args)
    } catch (err) {
      res.statusCode = 500
      res.end('threw ' + (err as Error).name)
    }
  })
  return call(app, '/', init)
}

describe('res.redirect', () => {
  it('answers 302 with the Location by default', async () => {
    const res = await redirect(['/login'])
    assert.equal(res.status, 302)
    assert.equal(res.headers.location, '/login')
  })

  it('takes the status first', async () => {
    const res = await redirect([301, 'https://example.com/new'])
    assert.equal(res.status, 301)
    assert.equal(res.headers.location, 'https://example.com/new')
  })

  it('encodes the URL like res.location', async () => {
    assert.equal((await redirect(['/caf\u00e9?q=a b'])).headers.location, '/caf%C3%A9?q=a%20b')
  })

  it('sends an HTML body with the target escaped to HTML clients', async () => {
    const res = await redirect(['/<la>"bel"'], { headers: { Accept: 'text/html' } })
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(res.headers.location, '/%3Cla%3E%22bel%22')
    assert.equal(res.body, '<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to /%3Cla%3E%22bel%22</p></body>')
    const evil = await redirect(['javascript:alert("x")<script>'], { headers: { Accept: 'text/html' } })
    assert.doesNotMatch(evil.body, /<script>|"x"/)
  })

  it('sends a text body to text clients, naming the status', async () => {
    const res = await redirect([303, '/done'], { headers: { Accept: 'text/plain' } })
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
    assert.equal(res.body, 'See Other. Redirecting to /done')
  })

  it('sends an empty body to other clients, and Vary: Accept to all', async () => {
    const res = await redirect(['/x'], { headers: { Accept: 'application/octet-stream' } })
    assert.equal(res.status, 302)
    assert.equal(res.body, '')
    assert.equal(res.headers['content-length'], '0')
    assert.equal(res.headers.vary, 'Accept')
  })

  it('sends no body for HEAD, with the Content-Length of the GET body', async () => {
    const res = await redirect(['/x'], { method: 'HEAD', headers: { Accept: 'text/plain' } })
    assert.equal(res.status, 302)
    assert.equal(res.body, '')
    assert.equal(res.headers['content-length'], String(Buffer.byteLength('Found. Redirecting to /x')))
  })

  it('throws on an invalid status, with no Location set', async () => {
    for (const args of [['/x', 301], [1000, '/x']]) {
      const res = await redirect(args)
      assert.equal(res.body, 'threw ' + (args[0] === 1000 ? 'RangeError' : 'TypeError'), JSON.stringify(args))
      assert.equal(res.headers.location, undefined)
    }
  })

  it('encodes a CR/LF in the URL, as Express does: no header is split', async () => {
    const res = await redirect(['/x\r\nSet-Cookie: a=1'])
    assert.deepEqual([res.status, res.headers.location, res.headers['set-cookie']], [302, '/x%0D%0ASet-Cookie:%20a=1', undefined])
  })
})
