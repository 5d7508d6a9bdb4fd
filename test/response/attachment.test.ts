/**
 * res.attachment: Content-Disposition "attachment", with the file name and
 * its Content-Type.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

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

  it('throws on a CR or LF in the name and sets nothing', async () => {
    const headers = await attach('report.pdf\r\nSet-Cookie: x=1')
    assert.equal(headers['x-error'], 'TypeError')
    assert.equal(headers['content-disposition'], undefined)
    assert.equal(headers['set-cookie'], undefined)
  })
})
