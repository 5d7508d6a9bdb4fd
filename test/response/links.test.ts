/**
 * res.links: the Link header from a map of rel to URL.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function links(fn: (res: Any) => void): Promise<unknown> {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      fn(res)
    } catch (err) {
      res.setHeader('X-Error', (err as Error).name)
    }
    res.end()
  })
  const res = await call(app)
  return res.headers['x-error'] ?? res.headers.link
}

describe('res.links', () => {
  it('writes <url>; rel="name" entries joined by commas', async () => {
    assert.equal(
      await links((res) => res.links({ next: 'http://api.test/users?page=2', last: 'http://api.test/users?page=5' })),
      '<http://api.test/users?page=2>; rel="next", <http://api.test/users?page=5>; rel="last"',
    )
  })

  it('adds to the header on later calls', async () => {
    assert.equal(await links((res) => res.links({ next: '/2' }).links({ prev: '/0' })), '</2>; rel="next", </0>; rel="prev"')
  })

  it('gives one rel several links from an array', async () => {
    assert.equal(await links((res) => res.links({ alternate: ['/a', '/b'] })), '</a>; rel="alternate", </b>; rel="alternate"')
  })

  it('throws rather than write a CR or LF', async () => {
    assert.equal(await links((res) => res.links({ next: '/x>\r\nSet-Cookie: a=1' })), 'TypeError')
  })
})
