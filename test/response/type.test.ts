/**
 * res.type / res.contentType: Content-Type from a MIME type or an extension.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function type(fn: (res: Any) => void) {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    fn(res)
    res.end()
  })
  return (await call(app)).headers['content-type']
}

describe('res.type', () => {
  it('looks up an extension, with or without its dot', async () => {
    assert.equal(await type((r) => r.type('json')), 'application/json; charset=utf-8')
    assert.equal(await type((r) => r.type('.html')), 'text/html; charset=utf-8')
    assert.equal(await type((r) => r.type('png')), 'image/png')
  })

  it('uses a value with "/" as a MIME type', async () => {
    assert.equal(await type((r) => r.type('application/vnd.amazon.ebook')), 'application/vnd.amazon.ebook')
    assert.equal(await type((r) => r.type('text/x-custom')), 'text/x-custom; charset=utf-8')
  })

  it('falls back to application/octet-stream for an unknown extension', async () => {
    assert.equal(await type((r) => r.type('nope-not-a-type')), 'application/octet-stream')
  })

  it('given a non-string, throws the TypeError Express 5 and 4 throw', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
    const messages = [webfw, express5, express4].map((f) => {
      try {
        f.response.type.call({}, 5)
        return 'no throw'
      } catch (err) {
        return (err as Error).constructor.name + ': ' + (err as Error).message
      }
    })
    assert.deepEqual(messages, ['TypeError: type.indexOf is not a function', messages[1], messages[1]])
    assert.equal(messages[1], 'TypeError: type.indexOf is not a function')
  })

  it('is aliased as res.contentType and chainable', async () => {
    assert.equal(await type((r) => r.contentType('txt').set('X-A', '1')), 'text/plain; charset=utf-8')
  })
})
