/**
 * res.render over real HTTP: the HTML response, locals from the app, the
 * response and the call, the callback form, errors handed to next(err)
 * (never a crash), and rendering inside mounted apps.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { fixture } from './support'

/** GET `path` on a fresh server for `app`. */
async function get(app: Any, path = '/', method = 'GET') {
  return withServer(app, (srv) => rawRequest(srv.port, method, path))
}

for (const [label, factory] of [
  ['5.x', webfw],
  ['4.x', webfw4],
] as const) {
  describe(`res.render (${label})`, () => {
    function app(): Any {
      const a = factory()
      a.set('env', 'test')
      a.set('views', fixture('ejs'))
      a.set('view engine', 'ejs')
      return a
    }

    it('sends the rendered HTML as text/html; charset=utf-8', async () => {
      const a = app()
      a.get('/', (_req: Any, res: Any) => res.render('user', { user: { name: 'tobi' } }))
      const r = await get(a)
      assert.equal(r.status, 200)
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(r.body, '<p>tobi</p>\n')
      assert.equal(r.headers['content-length'], String(Buffer.byteLength('<p>tobi</p>\n')))
    })

    it('keeps a Content-Type set before rendering, adding the charset', async () => {
      const a = app()
      a.get('/', (_req: Any, res: Any) => {
        res.type('xml')
        res.render('user', { user: { name: 'x' } })
      })
      const r = await get(a)
      assert.equal(r.headers['content-type'], 'application/xml; charset=utf-8')
    })

    it('sends no body to HEAD', async () => {
      const a = app()
      a.get('/', (_req: Any, res: Any) => res.render('user', { user: { name: 'tobi' } }))
      const r = await get(a, '/', 'HEAD')
      assert.equal(r.status, 200)
      assert.equal(r.body, '')
    })

    it('merges app.locals, then res.locals, then the call locals, with settings', async () => {
      const a = app()
      a.set('title', 'Site')
      Object.assign(a.locals, { a: 'app-a', b: 'app-b', c: 'app-c' })
      a.use((_req: Any, res: Any, next: Any) => {
        res.locals.b = 'res-b'
        res.locals.c = 'res-c'
        next()
      })
      a.get('/', (_req: Any, res: Any) => res.render('locals', { c: 'call-c' }))
      const r = await get(a)
      assert.equal(r.body, 'app-a|res-b|call-c|Site')
    })

    it('does not modify the locals object it is given', async () => {
      const a = app()
      const locals = { user: { name: 'tobi' } }
      let after: string[] = []
      a.get('/', (_req: Any, res: Any) => {
        res.render('user', locals, (err: Error, html: string) => {
          after = Object.keys(locals)
          res.send(html)
        })
      })
      const r = await get(a)
      assert.equal(r.body, '<p>tobi</p>\n')
      assert.deepEqual(after, ['user'])
    })

    it('goes through app.render, handing it res.locals as _locals', async () => {
      const a = app()
      const seen: Any[] = []
      const original = a.render
      a.render = function (this: Any, view: string, options: Any, cb: Any) {
        seen.push({ view, locals: options._locals })
        return original.call(this, view, options, cb)
      }
      let resLocals: Any
      a.get('/', (_req: Any, res: Any) => {
        resLocals = res.locals
        res.locals.user = { name: 'via-wrapper' }
        res.render('user')
      })
      const r = await get(a)
      assert.equal(r.body, '<p>via-wrapper</p>\n')
      assert.equal(seen.length, 1)
      assert.equal(seen[0].view, 'user')
      assert.equal(seen[0].locals, resLocals)
    })

    it('with a callback, passes the HTML and sends nothing itself', async () => {
      const a = app()
      a.get('/', (_req: Any, res: Any) => {
        res.render('user', { user: { name: 'cb' } }, (err: Error, html: string) => {
          assert.ifError(err)
          res.json({ html, sent: res.headersSent })
        })
      })
      const r = await get(a)
      assert.equal(r.headers['content-type'], 'application/json; charset=utf-8')
      assert.deepEqual(JSON.parse(r.body), { html: '<p>cb</p>\n', sent: false })
    })

    it('accepts the callback as second argument', async () => {
      const a = app()
      a.locals.user = { name: 'second' }
      a.get('/', (_req: Any, res: Any) => {
        res.render('user', (err: Error, html: string) => res.send(err ? 'error' : 'got ' + html))
      })
      assert.equal((await get(a)).body, 'got <p>second</p>\n')
    })

    it('hands a missing view to next(err)', async () => {
      const a = app()
      a.get('/', (_req: Any, res: Any) => res.render('missing'))
      a.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send('handled: ' + err.message))
      const r = await get(a)
      assert.equal(r.status, 500)
      assert.equal(r.body, `handled: Failed to lookup view "missing" in views directory "${fixture('ejs')}"`)
    })

    it('answers 500 without the error details in production', async () => {
      const a = app()
      a.set('env', 'production')
      a.get('/', (_req: Any, res: Any) => res.render('missing'))
      const r = await get(a)
      assert.equal(r.status, 500)
      assert.ok(!r.body.includes('missing'), r.body)
      assert.ok(!r.body.includes(fixture('ejs')), r.body)
    })

    it('hands an engine error to next(err)', async () => {
      const a = app()
      a.get('/', (_req: Any, res: Any) => res.render('undefined-local'))
      a.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send(err.name))
      const r = await get(a)
      assert.equal(r.status, 500)
      assert.equal(r.body, 'ReferenceError')
    })

    it('turns an engine throwing synchronously into a 500, and keeps serving', async () => {
      const a = app()
      a.engine('ejs', () => {
        throw new Error('engine blew up')
      })
      a.get('/', (_req: Any, res: Any) => res.render('user'))
      await withServer(a, async (srv) => {
        const first = await rawRequest(srv.port, 'GET', '/')
        assert.equal(first.status, 500)
        assert.match(first.body, /engine blew up/)
        const second = await rawRequest(srv.port, 'GET', '/')
        assert.equal(second.status, 500)
      })
    })

    it('reports a view without extension and no `view engine` as a 500', async () => {
      const a = app()
      a.set('view engine', undefined)
      a.get('/', (_req: Any, res: Any) => res.render('user'))
      const r = await get(a)
      assert.equal(r.status, 500)
      assert.match(r.body, /No default engine was specified/)
    })

    it('renders with the views and locals of the mounted app it runs in', async () => {
      const parent = app()
      const child = factory()
      child.set('views', fixture('multi', 'second'))
      child.set('view engine', 'ejs')
      child.locals.who = 'child'
      parent.locals.who = 'parent'
      child.get('/', (_req: Any, res: Any) => res.render('only-second'))
      child.use((_req: Any, _res: Any, next: Any) => next())
      parent.use('/child', child)
      parent.get('/child/after', (_req: Any, res: Any) => res.render('user', { user: { name: res.app === parent ? 'parent-app' : 'other' } }))
      await withServer(parent, async (srv) => {
        assert.equal((await rawRequest(srv.port, 'GET', '/child')).body, 'only-second:child')
        assert.equal((await rawRequest(srv.port, 'GET', '/child/after')).body, '<p>parent-app</p>\n')
      })
    })
  })
}

describe('res.render when the view cannot be made, beside Express', () => {
  it('throws out of res.render (a handler can catch it; the callback is not called), as Express 5 and 4', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { express4, express5 } = require('../helpers/side-by-side') as { express4: Any; express5: Any }
    const answers: string[] = []
    for (const factory of [webfw, express5, webfw4, express4]) {
      const a = factory()
      a.set('views', fixture('ejs'))
      a.get('/', (_req: Any, res: Any) => {
        try {
          res.render('user', (err: Error | null) => res.send('callback: ' + (err && err.message)))
        } catch (err) {
          res.send('caught: ' + (err as Error).message)
        }
      })
      answers.push((await get(a)).body)
    }
    assert.equal(answers[0], 'caught: No default engine was specified and no extension was provided.')
    assert.deepEqual(answers, [answers[1], answers[1], answers[3], answers[3]])
  })
})
