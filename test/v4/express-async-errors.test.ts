/**
 * express-async-errors, the real package, on webfw/v4 installed the way the
 * migration guide tells Express 4 apps to: a throw-away project whose
 * `node_modules/express` is this package (what `"express": "npm:webfw@..."`
 * installs) and whose code loads `require('express-async-errors')` and
 * `require('express/v4')`. Every case runs on that app and on Express 4 with
 * the same package patching it, and both must answer alike.
 *
 * The package is copied into each project, not linked: Node resolves a
 * linked package's own `require('express')` from the link's target, where
 * `express` is this repository's Express 5. Its patch holds for the whole
 * process, which is why this file has these tests to itself.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import type { ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { call } from '../helpers/call'
import { runNode } from '../helpers/child'
import { packageRoot, webfw, webfw4, type Any } from '../helpers/webfw'

const installed = path.dirname(require.resolve('express-async-errors/package.json'))
const express4Root = path.dirname(require.resolve('express4/package.json'))

/** A project dir with `node_modules/<name>` linked to each of `links`, and a copy of express-async-errors. */
function project(links: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-async-errors-'))
  fs.mkdirSync(path.join(dir, 'node_modules'))
  for (const [name, target] of Object.entries(links)) fs.symlinkSync(target, path.join(dir, 'node_modules', name), 'dir')
  fs.cpSync(installed, path.join(dir, 'node_modules', 'express-async-errors'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "app", "private": true }\n')
  return dir
}

const projects: string[] = []
let express: Any
let express4: Any

before(() => {
  const aliased = project({ express: packageRoot })
  const real4 = project({ express: express4Root })
  projects.push(aliased, real4)
  // What the two apps' own `require` calls give them.
  const appRequire = createRequire(path.join(aliased, 'app.js'))
  appRequire('express-async-errors')
  express = appRequire('express/v4')
  const express4Require = createRequire(path.join(real4, 'app.js'))
  express4Require('express-async-errors')
  express4 = express4Require('express')
})

after(() => {
  for (const dir of projects) fs.rmSync(dir, { recursive: true, force: true })
})

/** Responses of the requests in progress. */
const pending = new Set<ServerResponse>()

/**
 * A rejection nobody handles would leave its request hanging: answer the
 * requests in progress from here (599), so that a missing forward fails the
 * test instead.
 */
process.on('unhandledRejection', (reason: Any) => {
  for (const res of pending) {
    res.statusCode = 599
    res.end('unhandled rejection: ' + String(reason?.message ?? reason))
  }
})

/** Serves `app`, with its response tracked in `pending`, for one request. */
function request(app: Any, url: string): ReturnType<typeof call> {
  return call((req, res) => {
    pending.add(res)
    res.on('close', () => pending.delete(res))
    app(req, res)
  }, url)
}

function errorHandler(err: Any, _req: Any, res: Any, _next: Any): void {
  res.status(500).send('handled: ' + err.message)
}

/** Builds the same app on webfw/v4 and on Express 4 and asserts both answer `url` with `expected`. */
async function sameOnBoth(build: (factory: Any) => Any, url: string, expected: { status: number; body: string }): Promise<void> {
  for (const [name, factory] of [['webfw/v4', express], ['Express 4', express4]]) {
    const app = build(factory)
    app.set('env', 'test')
    const res = await request(app, url)
    assert.deepEqual({ status: res.status, body: res.body }, expected, name)
  }
}

describe('express-async-errors installed with "express" aliased to webfw', () => {
  test('the app and the package load this webfw: require("express/v4") is webfw/v4', () => {
    assert.equal(express, webfw4)
  })

  test('a rejection in an async route handler reaches the error handler', async () => {
    const build = (f: Any) => {
      const app = f()
      app.get('/', async (_req: Any, _res: Any) => {
        await null
        throw new Error('in route')
      })
      app.route('/chain').get(
        (_req: Any, _res: Any, next: Any) => next(),
        async (_req: Any, _res: Any) => {
          throw new Error('in a route stack')
        },
      )
      app.use(errorHandler)
      return app
    }
    await sameOnBoth(build, '/', { status: 500, body: 'handled: in route' })
    await sameOnBoth(build, '/chain', { status: 500, body: 'handled: in a route stack' })
  })

  test('a rejection in async middleware, with or without a mount path, reaches the error handler', async () => {
    const build = (f: Any) => {
      const app = f()
      app.use('/mounted', async (_req: Any, _res: Any) => {
        await null
        throw new Error('in mounted middleware')
      })
      app.use(async (_req: Any, _res: Any) => {
        throw new Error('in middleware')
      })
      app.use(errorHandler)
      return app
    }
    await sameOnBoth(build, '/mounted/x', { status: 500, body: 'handled: in mounted middleware' })
    await sameOnBoth(build, '/other', { status: 500, body: 'handled: in middleware' })
  })

  test('rejections inside routers, nested routers and sub-apps reach the error handler', async () => {
    const build = (f: Any) => {
      const app = f()
      const router = f.Router({ mergeParams: true })
      const nested = f.Router()
      nested.use(async (_req: Any, _res: Any) => {
        throw new Error('in a nested router')
      })
      router.get('/item/:id', async (req: Any, _res: Any) => {
        throw new Error('in a router for ' + req.params.org + '/' + req.params.id)
      })
      router.use('/nested', nested)
      const sub = f()
      sub.get('/', async (_req: Any, _res: Any) => {
        throw new Error('in a sub-app')
      })
      app.use('/orgs/:org', router)
      app.use('/sub', sub)
      app.use(errorHandler)
      return app
    }
    await sameOnBoth(build, '/orgs/acme/item/7', { status: 500, body: 'handled: in a router for acme/7' })
    await sameOnBoth(build, '/orgs/acme/nested', { status: 500, body: 'handled: in a nested router' })
    await sameOnBoth(build, '/sub', { status: 500, body: 'handled: in a sub-app' })
  })

  test('a rejection in an async error handler reaches the next error handler', async () => {
    const build = (f: Any) => {
      const app = f()
      app.get('/', () => {
        throw new Error('first')
      })
      app.use(async (err: Any, _req: Any, _res: Any, _next: Any) => {
        await null
        throw new Error('while handling ' + err.message)
      })
      app.use(errorHandler)
      return app
    }
    await sameOnBoth(build, '/', { status: 500, body: 'handled: while handling first' })
  })

  test('a rejection in an async param callback (app.param, router.param) reaches the error handler', async () => {
    const build = (f: Any) => {
      const app = f()
      app.param('id', async (_req: Any, _res: Any, next: Any, id: string) => {
        if (id === 'bad') throw new Error('app.param rejected ' + id)
        next()
      })
      app.get('/users/:id', (req: Any, res: Any) => res.send('user ' + req.params.id))
      const router = f.Router()
      router.param('slug', async (_req: Any, _res: Any, _next: Any, slug: string) => {
        throw new Error('router.param rejected ' + slug)
      })
      router.get('/:slug', (_req: Any, res: Any) => res.send('never'))
      app.use('/posts', router)
      app.use(errorHandler)
      return app
    }
    await sameOnBoth(build, '/users/bad', { status: 500, body: 'handled: app.param rejected bad' })
    await sameOnBoth(build, '/users/42', { status: 200, body: 'user 42' })
    await sameOnBoth(build, '/posts/hello', { status: 500, body: 'handled: router.param rejected hello' })
  })

  test('async handlers that resolve work as before: next() once, the response as sent', async () => {
    const build = (f: Any) => {
      const app = f()
      let calls = 0
      app.use(async (_req: Any, _res: Any, next: Any) => {
        await null
        next()
      })
      app.get('/', (_req: Any, _res: Any, next: Any) => {
        calls++
        next()
      })
      app.get('/', async (_req: Any, res: Any) => {
        res.send('calls: ' + calls)
      })
      app.use(errorHandler)
      return app
    }
    await sameOnBoth(build, '/', { status: 200, body: 'calls: 1' })
  })

  test('a rejection without a reason continues as next() does, as on Express 4', async () => {
    const build = (f: Any) => {
      const app = f()
      app.get('/', async () => {
        throw undefined
      })
      app.get('/', (_req: Any, res: Any) => res.send('the next route'))
      app.use(errorHandler)
      return app
    }
    await sameOnBoth(build, '/', { status: 200, body: 'the next route' })
  })

  test('5.x apps in the same process are left alone: a rejection is passed on once, by 5.x itself', async () => {
    const app = webfw()
    const calls: string[] = []
    app.get('/', async () => {
      throw new Error('5.x')
    })
    app.use((err: Any, _req: Any, res: Any, _next: Any) => {
      calls.push('error handler')
      res.status(500).send('handled: ' + err.message)
    })
    // Reached only if the rejection were passed on twice (5.x's own, and a wrapper's).
    app.use((err: Any, _req: Any, _res: Any, next: Any) => {
      calls.push('passed on again')
      next(err)
    })
    const res = await request(app, '/')
    assert.deepEqual({ status: res.status, body: res.body, calls }, { status: 500, body: 'handled: 5.x', calls: ['error handler'] })
  })

  test('an ES module app gets the same: import "express-async-errors" and "express/v4"', async () => {
    const script = `
      import 'express-async-errors'
      import express from 'express/v4'
      import Layer from 'express/lib/router/layer'
      import { createRequire } from 'node:module'
      const require = createRequire(process.cwd() + '/app.js')
      const app = express()
      app.get('/', async () => { throw new Error('from an ES module app') })
      app.use((err, req, res, next) => res.status(500).send('handled: ' + err.message))
      const server = app.listen(0, '127.0.0.1', async () => {
        const res = await fetch('http://127.0.0.1:' + server.address().port + '/')
        const same = express === require('express/v4') && Layer === require('express/lib/router/layer')
        console.log(JSON.stringify({ same, status: res.status, body: await res.text() }))
        server.close()
      })`
    const { code, stdout, stderr } = await runNode(script, { cwd: projects[0], flags: ['--input-type=module'] })
    assert.equal(code, 0, stderr)
    assert.deepEqual(JSON.parse(stdout), { same: true, status: 500, body: 'handled: from an ES module app' })
  })

  test('a rejection is passed on once: webfw does not forward it as well when the patch reached it', async () => {
    const calls: string[] = []
    const app = express()
    app.get('/', async () => {
      throw new Error('once')
    })
    app.use((err: Any, _req: Any, res: Any, _next: Any) => {
      calls.push(err.message)
      setTimeout(() => res.send('handled ' + calls.length), 20)
    })
    const res = await request(app, '/')
    assert.deepEqual({ body: res.body, calls }, { body: 'handled 1', calls: ['once'] })
  })
})

describe('express-async-errors resolving a real Express while the app uses webfw/v4', () => {
  test('webfw/v4 forwards rejections as the package would: handlers, middleware, error handlers, param callbacks, and no warning', async () => {
    const dir = project({ express: express4Root, webfw: packageRoot })
    projects.push(dir)
    // One process per run: the app on webfw/v4 (the package patched the real
    // Express beside it), and the same app on that patched Express 4.
    const script = (factory: string) => `
      const codes = []
      process.on('warning', (w) => codes.push(w.code))
      process.on('unhandledRejection', (r) => { console.log(JSON.stringify({ unhandled: String(r && r.message) })); process.exit(1) })
      require('express-async-errors')
      const f = require(${JSON.stringify(factory)})
      const app = f()
      app.param('id', async (req, res, next, id) => {
        if (id === 'bad') throw new Error('app.param rejected ' + id)
        next()
      })
      app.get('/users/:id', (req, res) => res.send('user ' + req.params.id))
      const router = f.Router()
      router.get('/', async () => { await null; throw new Error('in a router') })
      app.use('/r', router)
      app.use('/mw', async () => { throw new Error('in middleware') })
      app.get('/none', async () => { throw undefined })
      app.get('/none', (req, res) => res.send('the next route'))
      app.get('/twice', () => { throw new Error('first') })
      app.use(async (err, req, res, next) => { await null; if (err.message === 'first') throw new Error('while handling first'); next(err) })
      app.use((err, req, res, next) => res.status(500).send('handled: ' + err.message))
      const server = app.listen(0, '127.0.0.1', async () => {
        const out = []
        for (const path of ['/users/bad', '/users/42', '/r', '/mw', '/none', '/twice']) {
          const res = await fetch('http://127.0.0.1:' + server.address().port + path)
          out.push([path, res.status, await res.text()])
        }
        console.log(JSON.stringify({ out, codes }))
        server.close()
      })`
    const ours = await runNode(script('webfw/v4'), { cwd: dir })
    const theirs = await runNode(script('express'), { cwd: dir })
    assert.equal(ours.code, 0, ours.stderr + ours.stdout)
    assert.equal(theirs.code, 0, theirs.stderr + theirs.stdout)
    assert.deepEqual(JSON.parse(ours.stdout), JSON.parse(theirs.stdout))
    assert.deepEqual(JSON.parse(ours.stdout), {
      out: [
        ['/users/bad', 500, 'handled: app.param rejected bad'],
        ['/users/42', 200, 'user 42'],
        ['/r', 500, 'handled: in a router'],
        ['/mw', 500, 'handled: in middleware'],
        ['/none', 200, 'the next route'],
        ['/twice', 500, 'handled: while handling first'],
      ],
      codes: [],
    })
  })

  test('without the package loaded, webfw/v4 leaves a rejection unhandled, as Express 4 does', async () => {
    const script = `
      process.on('unhandledRejection', (r) => { console.log('unhandled: ' + r.message); process.exit(0) })
      const app = require('webfw/v4')()
      app.get('/', async () => { throw new Error('nobody forwards this') })
      app.use((err, req, res, next) => res.status(500).send('handled'))
      const server = app.listen(0, '127.0.0.1', () => { fetch('http://127.0.0.1:' + server.address().port + '/').catch(() => {}) })`
    const { code, stdout, stderr } = await runNode(script)
    assert.equal(code, 0, stderr)
    assert.equal(stdout.trim(), 'unhandled: nobody forwards this')
  })
})
