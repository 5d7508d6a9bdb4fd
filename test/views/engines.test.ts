/**
 * Real template engines (ejs, pug, hbs) loaded by extension or registered,
 * served over real HTTP: partials and layouts, engine errors, and the
 * `view cache` setting reaching the engine's own template cache.
 */
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw, type Any } from '../helpers/webfw'
import { fixture, render, tempDir } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const hbs = require('hbs')

async function get(app: Any, path = '/') {
  return withServer(app, (srv) => rawRequest(srv.port, 'GET', path))
}

function appFor(engine: string): Any {
  const app = webfw()
  app.set('env', 'test')
  app.set('views', fixture(engine))
  app.set('view engine', engine)
  return app
}

describe('ejs', () => {
  it('renders a view with an included partial', async () => {
    const app = appFor('ejs')
    app.get('/', (_req: Any, res: Any) => res.render('page', { title: 'Hello', body: 'a < b' }))
    const r = await get(app)
    assert.equal(r.status, 200)
    assert.equal(r.body, '<header>Hello</header><main>a &lt; b</main>\n')
  })

  it('passes a template syntax error to next(err)', async () => {
    const app = appFor('ejs')
    app.get('/', (_req: Any, res: Any) => res.render('syntax-error'))
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send('caught: ' + err.message))
    const r = await get(app)
    assert.equal(r.status, 500)
    assert.match(r.body, /^caught: Could not find matching close tag/)
  })

  it('re-reads a changed template with `view cache` off, keeps it compiled with it on', async () => {
    for (const cache of [false, true]) {
      const tmp = tempDir()
      try {
        writeFileSync(join(tmp.dir, 'page.ejs'), 'v1 <%= n %>')
        const app = webfw()
        app.set('views', tmp.dir)
        app.set('view cache', cache)
        app.get('/', (_req: Any, res: Any) => res.render('page.ejs', { n: 1 }))
        await withServer(app, async (srv) => {
          assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'v1 1')
          writeFileSync(join(tmp.dir, 'page.ejs'), 'v2 <%= n %>')
          assert.equal((await rawRequest(srv.port, 'GET', '/')).body, cache ? 'v1 1' : 'v2 1')
        })
      } finally {
        tmp.remove()
      }
    }
  })
})

describe('pug', () => {
  it('renders a view extending a layout that includes a partial', async () => {
    const app = appFor('pug')
    app.locals.title = 'Pug page'
    app.get('/', (_req: Any, res: Any) => res.render('page', { heading: 'Items', items: ['one', 'two'] }))
    const r = await get(app)
    assert.equal(r.status, 200)
    assert.equal(r.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(
      r.body,
      '<!DOCTYPE html><html><head><title>Pug page</title></head><body><nav><a href="/">Home</a></nav>' +
        '<h1>Items</h1><ul><li>one</li><li>two</li></ul></body></html>',
    )
  })

  it('passes a runtime error of the template to next(err)', async () => {
    const app = appFor('pug')
    app.get('/', (_req: Any, res: Any) => res.render('shout'))
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send('caught ' + err.name))
    const r = await get(app)
    assert.equal(r.status, 500)
    assert.equal(r.body, 'caught TypeError')
  })

  it('renders through app.render too', async () => {
    const app = appFor('pug')
    const { err, html } = await render(app, 'shout', { user: { name: 'loud' } })
    assert.ifError(err)
    assert.equal(html, '<p>LOUD</p>')
  })
})

describe('hbs', () => {
  before(() => new Promise<void>((done) => hbs.registerPartials(fixture('hbs', 'partials'), () => done())))
  after(() => hbs.handlebars.unregisterPartial('nav'))

  it('wraps the view in the default layout from the `views` setting, with partials', async () => {
    const app = appFor('hbs')
    app.locals.site = 'webfw'
    app.get('/', (_req: Any, res: Any) => res.render('page', { title: 'T', heading: 'H' }))
    const r = await get(app)
    assert.equal(r.status, 200)
    assert.equal(r.body, '<html><title>T</title><body><nav>webfw</nav><h1>H</h1></body></html>\n')
  })

  it('honours the `layout` local: another layout, or none', async () => {
    const app = appFor('hbs')
    app.locals.site = 's'
    app.get('/plain', (_req: Any, res: Any) => res.render('page', { heading: 'P', layout: 'plain' }))
    app.get('/bare', (_req: Any, res: Any) => {
      res.locals.layout = false
      res.render('page', { heading: 'B' })
    })
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/plain')).body, '<div class="plain"><nav>s</nav><h1>P</h1></div>')
      assert.equal((await rawRequest(srv.port, 'GET', '/bare')).body, '<nav>s</nav><h1>B</h1>')
    })
  })

  it('hands a missing view to next(err)', async () => {
    const app = appFor('hbs')
    app.get('/', (_req: Any, res: Any) => res.render('nowhere'))
    app.use((err: Error, _req: Any, res: Any, _next: Any) => res.status(500).send(err.message))
    const r = await get(app)
    assert.equal(r.status, 500)
    assert.equal(r.body, `Failed to lookup view "nowhere" in views directory "${fixture('hbs')}"`)
  })
})
