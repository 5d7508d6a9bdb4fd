/**
 * res.attachment: Content-Disposition "attachment", with the file name and
 * its Content-Type; a CR or LF in the name is encoded, as Express 5 and 4 do.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw, webfw3, webfw4 } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const realExpress5: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const realExpress4: Any = require('express4')

/** An app whose every request gets `res.attachment(filename)` and a body, errors answered as 500. */
function sendsAttachment(factory: Any, filename: string): Any {
  const app = factory()
  app.set('env', 'test')
  app.get('/', (_req: Any, res: Any) => res.attachment(filename).send('sent'))
  app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send(err.message))
  return app
}

async function attach(...args: unknown[]) {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      res.attachment(...args)
    } catch (err) {
      res.setHeader('X-Error', (err as Error).name)
    }
    res.end()
  })
  return (await call(app)).headers
}

describe('res.attachment', () => {
  it('sets "attachment" alone without a file name', async () => {
    const headers = await attach()
    assert.equal(headers['content-disposition'], 'attachment')
    assert.equal(headers['content-type'], undefined)
  })

  it('adds the file name and the Content-Type of its extension', async () => {
    const headers = await attach('image.png')
    assert.equal(headers['content-disposition'], 'attachment; filename=image.png')
    assert.equal(headers['content-type'], 'image/png')
  })

  it('gives text types a charset', async () => {
    assert.equal((await attach('notes.txt'))['content-type'], 'text/plain; charset=utf-8')
  })

  it('uses the base name of a path only', async () => {
    assert.equal((await attach('/etc/secret/report.pdf'))['content-disposition'], 'attachment; filename=report.pdf')
  })

  it('writes a token name as is, quotes other names and escapes quotes', async () => {
    assert.equal((await attach('my report.pdf'))['content-disposition'], 'attachment; filename="my report.pdf"')
    assert.equal((await attach('a"b.txt'))['content-disposition'], 'attachment; filename="a\\"b.txt"')
  })

  it('adds an RFC 8187 filename* with an ASCII fallback for other names', async () => {
    assert.equal(
      (await attach('€ rates.txt'))['content-disposition'],
      "attachment; filename=\"? rates.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt",
    )
  })

  it('sets an empty file name and no Content-Type for an empty name', async () => {
    const headers = await attach('')
    assert.equal(headers['content-disposition'], 'attachment; filename=""')
    assert.equal(headers['content-type'], undefined)
  })

  it('encodes a CR or LF in the name instead of failing, as Express 5 does (no header is split)', async () => {
    const served = await call(sendsAttachment(webfw, 'tes\nt.png'))
    assert.deepEqual(
      [served.status, served.headers['content-disposition'], served.headers['content-type']],
      [200, "attachment; filename=\"tes?t.png\"; filename*=UTF-8''tes%0At.png", 'image/png; charset=utf-8'],
    )
    const express5 = await call(sendsAttachment(realExpress5, 'tes\nt.png'))
    assert.equal(served.headers['content-disposition'], express5.headers['content-disposition'])
    const injected = await attach('report.pdf\r\nSet-Cookie: x=1')
    assert.equal(
      injected['content-disposition'],
      "attachment; filename=\"report.pdf??Set-Cookie: x=1\"; filename*=UTF-8''report.pdf%0D%0ASet-Cookie%3A%20x%3D1",
    )
    assert.equal(injected['set-cookie'], undefined)
  })
})

describe('res.attachment (4.x, 3.x)', () => {
  it('answers 200 with a CR or LF in the name encoded, always quoted, as Express 4 does', async () => {
    const expected = "attachment; filename=\"tes?t.png\"; filename*=UTF-8''tes%0At.png"
    for (const [name, factory] of [['webfw/v4', webfw4], ['webfw/v3', webfw3], ['express 4', realExpress4]] as const) {
      const res = await call(sendsAttachment(factory, 'tes\nt.png'))
      assert.deepEqual([name, res.status, res.headers['content-disposition'], res.body], [name, 200, expected, 'sent'])
    }
  })
})
