/**
 * req.cookies: the cookies sent, as set by the cookie parser.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, probe } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

async function cookies(cookieHeader: string | undefined, withParser = true, secret?: string): Promise<unknown> {
  const app = webfw()
  if (withParser) app.use(webfw.cookieParser(secret))
  app.use(probe((req) => req.cookies))
  const res = await call(app, '/', { headers: cookieHeader === undefined ? {} : { Cookie: cookieHeader } })
  return JSON.parse(res.body).value
}

describe('req.cookies', () => {
  it('is undefined without a cookie parser', async () => {
    assert.equal(await cookies('a=1', false), '<undefined>')
  })

  it('is {} when no cookie is sent', async () => {
    assert.deepEqual(await cookies(undefined), {})
  })

  it('holds every cookie, URI-decoded', async () => {
    assert.deepEqual(await cookies('name=tobi; city=S%C3%A3o%20Paulo'), { name: 'tobi', city: 'São Paulo' })
  })

  it('decodes j: values as JSON', async () => {
    assert.deepEqual(await cookies('cart=' + encodeURIComponent('j:{"items":[1,2]}')), { cart: { items: [1, 2] } })
  })

  it('keeps a j: value that is not JSON as a string', async () => {
    assert.deepEqual(await cookies('x=' + encodeURIComponent('j:{nope')), { x: 'j:{nope' })
  })

  it('leaves signed cookies out when a secret is given', async () => {
    const app = webfw()
    app.use(webfw.cookieParser('s3cret'))
    app.get('/set', (req: Any, res: Any) => res.cookie('token', 'abc', { signed: true }).cookie('plain', 'yes').end())
    app.get('/', probe((req) => req.cookies))
    const set = await call(app, '/set')
    const sent = (set.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ')
    const res = await call(app, '/', { headers: { Cookie: sent } })
    assert.deepEqual(JSON.parse(res.body).value, { plain: 'yes' })
  })
})
