/**
 * app.render and app.engine: view lookup against `views`, `view engine`,
 * locals order, the `cache` local and `view cache` setting, the replaceable
 * `view` setting, and every failure delivered to the callback.
 */
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { afterImmediates, Collector } from '../helpers/collector'
import { fixture, render, tempDir } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ejs = require('ejs')

for (const [label, factory] of [
  ['5.x', webfw],
  ['4.x', webfw4],
] as const) {
  describe(`app.render (${label})`, () => {
    function app(views: string | string[] = fixture('ejs')): Any {
      const a = factory()
      a.set('views', views)
      return a
    }

    describe('lookup', () => {
      it('renders a view named with its extension, relative to `views`', async () => {
        const a = app()
        const { err, html } = await render(a, 'user.ejs', { user: { name: 'tobi' } })
        assert.ifError(err)
        assert.equal(html, '<p>tobi</p>\n')
      })

      it('adds the `view engine` extension, given with or without its dot', async () => {
        for (const engine of ['ejs', '.ejs']) {
          const a = app()
          a.set('view engine', engine)
          const { err, html } = await render(a, 'user', { user: { name: engine } })
          assert.ifError(err)
          assert.equal(html, `<p>${engine}</p>\n`)
        }
      })

      it('uses an absolute path as is, whatever `views` says', async () => {
        const a = app('/nonexistent-views-dir')
        a.set('view engine', 'ejs')
        const { err, html } = await render(a, fixture('ejs', 'user'), { user: { name: 'abs' } })
        assert.ifError(err)
        assert.equal(html, '<p>abs</p>\n')
      })

      it('falls back to name/index.<ext>', async () => {
        const a = app()
        a.set('view engine', 'ejs')
        const { err, html } = await render(a, 'blog')
        assert.ifError(err)
        assert.equal(html, '<h1>blog index</h1>')
      })

      it('searches an array of `views` in order', async () => {
        const a = app()
        a.set('views', [fixture('multi', 'first'), fixture('multi', 'second')])
        a.set('view engine', 'ejs')
        const both = await render(a, 'both', { who: 'x' })
        assert.equal(both.html, 'first:x')
        const later = await render(a, 'only-second', { who: 'y' })
        assert.equal(later.html, 'only-second:y')
      })

      it('reports a missing view with its name and the one directory searched', async () => {
        const a = app()
        const { err, html } = await render(a, 'nope.ejs')
        assert.ok(err instanceof Error)
        assert.equal(err.message, `Failed to lookup view "nope.ejs" in views directory "${fixture('ejs')}"`)
        assert.equal(html, undefined)
      })

      it('reports a missing view with all the directories searched, in order', async () => {
        const dirs = [fixture('multi', 'first'), fixture('multi', 'second'), fixture('ejs')]
        const a = app()
        a.set('views', dirs)
        const { err } = await render(a, 'nope.ejs')
        assert.equal(
          err?.message,
          `Failed to lookup view "nope.ejs" in views directories "${dirs[0]}", "${dirs[1]}" or "${dirs[2]}"`,
        )
      })

      it('keeps the view on a lookup error without exposing it to enumeration', async () => {
        const a = app()
        const { err } = await render(a, 'nope.ejs')
        const view = (err as Any).view
        assert.equal(view.name, 'nope.ejs')
        assert.deepEqual(Object.keys(err as object), [])
        assert.ok(!JSON.stringify(err).includes(fixture('ejs')))
      })

      it('throws for a name without extension when no `view engine` is set, as Express (the View throws)', () => {
        let called = false
        assert.throws(() => app().render('user', () => (called = true)), { message: 'No default engine was specified and no extension was provided.' })
        assert.equal(called, false)
      })

      it('throws for an extension whose package is not a view engine, as Express', () => {
        // node:path resolves as "path" and has no __express export.
        assert.throws(() => app().render('thing.path', () => {}), { message: 'Module "path" does not provide a view engine.' })
      })

      it('throws for an extension whose package is not installed, as Express', () => {
        assert.throws(() => app().render('thing.webfw-no-such-engine', () => {}), (err: Any) => {
          assert.equal(err.code, 'MODULE_NOT_FOUND')
          assert.match(String(err.message), /webfw-no-such-engine/)
          return true
        })
      })

      it('throws for an invalid `views` setting (the View\'s lookup throws), as Express', () => {
        const a = app()
        a.set('views', 42)
        assert.throws(() => a.render('user.ejs', () => {}), TypeError)
      })
    })

    describe('engines', () => {
      it('loads an unregistered engine by extension and keeps it', async () => {
        const a = app()
        assert.equal(a.engines['.ejs'], undefined)
        await render(a, 'user.ejs', { user: { name: 'x' } })
        assert.equal(a.engines['.ejs'], ejs.__express)
      })

      it('uses an engine registered with or without the leading dot', async () => {
        for (const ext of ['tpl', '.tpl']) {
          const a = app()
          const calls: Any[] = []
          a.engine(ext, (path: string, options: Any, cb: Any) => {
            calls.push({ path, name: options.name })
            cb(null, 'rendered ' + options.name)
          })
          const { dir, remove } = tempDir()
          try {
            writeFileSync(join(dir, 'page.tpl'), '')
            a.set('views', dir)
            const { err, html } = await render(a, 'page.tpl', { name: ext })
            assert.ifError(err)
            assert.equal(html, 'rendered ' + ext)
            assert.deepEqual(calls, [{ path: join(dir, 'page.tpl'), name: ext }])
          } finally {
            remove()
          }
        }
      })

      it('maps another extension to a real engine', async () => {
        const a = app()
        a.engine('html', ejs.renderFile)
        const { err, html } = await render(a, 'hello.html', { who: 'world' })
        assert.ifError(err)
        assert.equal(html, '<b>world</b>')
      })

      it('requires a function', () => {
        assert.throws(() => app().engine('tpl', 'nope'), /callback function required/)
      })

      it('turns a synchronous throw from the engine into the callback error, once', async () => {
        const a = app()
        a.engine('ejs', () => {
          throw new Error('engine exploded')
        })
        let calls = 0
        const err = await new Promise<Error>((done) => {
          a.render('user.ejs', (e: Error) => {
            calls++
            done(e)
          })
        })
        assert.equal(err.message, 'engine exploded')
        await new Promise((r) => setImmediate(r))
        assert.equal(calls, 1)
      })

      // 5.x defers it (as Express 5); 4.x passes it on at once, as Express 4
      // does, so 4.x apps that read the result right after the call still work.
      it(`delivers a synchronous engine callback ${label === '5.x' ? 'after' : 'before'} app.render returns`, async () => {
        const a = app()
        a.engine('ejs', (_p: string, _o: Any, cb: Any) => cb(null, 'sync'))
        let returned = false
        const html = await new Promise<string>((done) => {
          a.render('user.ejs', (_e: Error, h: string) => {
            assert.equal(returned, label === '5.x')
            done(h)
          })
          returned = true
        })
        assert.equal(html, 'sync')
      })

      it('calls back once when an engine calls back twice', async () => {
        const a = app()
        a.engine('ejs', (_p: string, _o: Any, cb: Any) => {
          cb(null, 'first')
          cb(null, 'second')
        })
        const results = new Collector<string>()
        a.render('user.ejs', (_e: Error, h: string) => results.push(h))
        await results.waitFor(1, 'callbacks')
        // both of the engine's callbacks were made at once: a second answer would be queued already
        await afterImmediates()
        assert.deepEqual(results.items, ['first'])
      })

      it('lets a mounted app use the engines and `view engine` of its parent', async () => {
        const parent = factory()
        const child = factory()
        parent.engine('tpl', (_p: string, o: Any, cb: Any) => cb(null, 'tpl:' + o.who))
        parent.set('view engine', 'tpl')
        parent.use('/child', child)
        const { dir, remove } = tempDir()
        try {
          writeFileSync(join(dir, 'page.tpl'), '')
          child.set('views', dir)
          const { err, html } = await render(child, 'page', { who: 'kid' })
          assert.ifError(err)
          assert.equal(html, 'tpl:kid')
        } finally {
          remove()
        }
      })
    })

    describe('locals', () => {
      it('merges app.locals, then _locals, then the call locals, with settings', async () => {
        const a = app()
        a.set('title', 'My Site')
        a.locals.a = 'app-a'
        a.locals.b = 'app-b'
        a.locals.c = 'app-c'
        const { err, html } = await render(a, 'locals.ejs', { _locals: { b: 'res-b', c: 'res-c' }, c: 'call-c' })
        assert.ifError(err)
        assert.equal(html, 'app-a|res-b|call-c|My Site')
      })

      it('accepts null or undefined locals', async () => {
        const a = app()
        a.locals.user = { name: 'from-app' }
        for (const locals of [null, undefined]) {
          const { err, html } = await new Promise<{ err: Error; html: string }>((done) =>
            a.render('user.ejs', locals, (e: Error, h: string) => done({ err: e, html: h })),
          )
          assert.ifError(err)
          assert.equal(html, '<p>from-app</p>\n')
        }
      })

      it('exposes app.locals with a null prototype and settings as the app settings', () => {
        const a = factory()
        assert.equal(Object.getPrototypeOf(a.locals), null)
        assert.equal(a.locals.settings, a.settings)
      })

      it('throws when no callback is given', () => {
        assert.throws(() => app().render('user.ejs', {}), TypeError)
      })
    })

    describe('caching', () => {
      /** A `view` class that counts how often a view is resolved. */
      function countingApp(): { a: Any; created: string[]; seen: Any[] } {
        const a = factory()
        const created: string[] = []
        const seen: Any[] = []
        class CountingView {
          name: string
          path: string
          constructor(name: string, options: Any) {
            this.name = name
            this.path = '/virtual/' + name
            created.push(name)
            seen.push(options)
          }
          render(options: Any, cb: Any): void {
            cb(null, `${this.name}:${options.cache}`)
          }
        }
        a.set('view', CountingView)
        return { a, created, seen }
      }

      it('uses the `view` setting as the view class, with the lookup options', async () => {
        const { a, seen } = countingApp()
        a.set('view engine', 'tpl')
        a.set('views', '/somewhere')
        const { html } = await render(a, 'home')
        assert.equal(html, 'home:false')
        assert.equal(seen[0].defaultEngine, 'tpl')
        assert.equal(seen[0].root, '/somewhere')
        assert.equal(seen[0].engines, a.engines)
      })

      it('resolves the view on every render when `view cache` is off', async () => {
        const { a, created } = countingApp()
        a.set('view cache', false)
        await render(a, 'home')
        await render(a, 'home')
        assert.deepEqual(created, ['home', 'home'])
      })

      it('resolves the view once when `view cache` is on, and tells the engine', async () => {
        const { a, created } = countingApp()
        a.enable('view cache')
        const first = await render(a, 'home')
        const second = await render(a, 'home')
        await render(a, 'other')
        assert.deepEqual(created, ['home', 'other'])
        assert.equal(first.html, 'home:true')
        assert.equal(second.html, 'home:true')
      })

      it('lets the `cache` local override the setting either way', async () => {
        const on = countingApp()
        on.a.disable('view cache')
        await render(on.a, 'home', { cache: true })
        await render(on.a, 'home', { cache: true })
        assert.deepEqual(on.created, ['home'])

        const off = countingApp()
        off.a.enable('view cache')
        await render(off.a, 'home', { cache: false })
        await render(off.a, 'home', { cache: false })
        assert.deepEqual(off.created, ['home', 'home'])
      })

      it('does not pick up a newly added template while the resolved view is cached', async () => {
        for (const cache of [true, false]) {
          const first = tempDir()
          const second = tempDir()
          try {
            writeFileSync(join(second.dir, 'page.ejs'), 'from second')
            const a = app([first.dir, second.dir])
            a.set('view cache', cache)
            assert.equal((await render(a, 'page.ejs')).html, 'from second')
            writeFileSync(join(first.dir, 'page.ejs'), 'from first')
            assert.equal((await render(a, 'page.ejs')).html, cache ? 'from second' : 'from first')
          } finally {
            first.remove()
            second.remove()
          }
        }
      })

      it('turns `view cache` on by default in production only', () => {
        const saved = process.env.NODE_ENV
        try {
          process.env.NODE_ENV = 'production'
          assert.equal(factory().enabled('view cache'), true)
          process.env.NODE_ENV = 'development'
          assert.equal(factory().enabled('view cache'), false)
        } finally {
          if (saved === undefined) delete process.env.NODE_ENV
          else process.env.NODE_ENV = saved
        }
      })

      it('lets a mounted app inherit `view cache` outside production', () => {
        const parent = factory()
        const child = factory()
        parent.enable('view cache')
        parent.use(child)
        assert.equal(child.enabled('view cache'), true)
      })
    })
  })
}
