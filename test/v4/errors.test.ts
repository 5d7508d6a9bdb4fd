/**
 * Errors in 4.x callbacks: a throw still reaches the error handlers (route
 * handlers, middleware, param triggers, error handlers themselves); a
 * rejected promise follows Express 4's rule — the router does not look at
 * it, so the process sees an unhandled rejection exactly as under Express 4
 * (the same one, once, and a crash in Node's default mode only where Express
 * 4 crashes too).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { call } from '../helpers/call'
import { runNode, type ChildOutcome } from '../helpers/child'
import { webfw4, type Any } from '../helpers/webfw'

function withErrorHandler(app: Any): Any {
  app.set('env', 'test')
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status || 500).send('handled: ' + err.message))
  return app
}

describe('a throw in a 4.x callback', () => {
  test('in a route handler, middleware or sub-router reaches the error handler', async () => {
    const app = webfw4()
    app.get('/route', () => {
      throw new Error('from route')
    })
    app.use('/mw', () => {
      throw new Error('from middleware')
    })
    const router = webfw4.Router()
    router.get('/x', () => {
      throw new Error('from sub-router')
    })
    app.use('/sub', router)
    withErrorHandler(app)
    assert.equal((await call(app, '/route')).body, 'handled: from route')
    assert.equal((await call(app, '/mw')).body, 'handled: from middleware')
    assert.equal((await call(app, '/sub/x')).body, 'handled: from sub-router')
  })

  test('in a param trigger or an error handler reaches the next error handler', async () => {
    const app = webfw4()
    app.param('id', () => {
      throw new Error('from param')
    })
    app.get('/users/:id', (_req: Any, res: Any) => res.send('unreachable'))
    app.get('/chain', () => {
      throw new Error('first')
    })
    app.use((err: Any, _req: Any, _res: Any, _next: Any) => {
      if (err.message === 'first') throw new Error('second')
      throw err
    })
    withErrorHandler(app)
    assert.equal((await call(app, '/users/1')).body, 'handled: from param')
    assert.equal((await call(app, '/chain')).body, 'handled: second')
  })

  test('with no error handler, is a 500', async () => {
    const app = webfw4()
    app.set('env', 'test')
    app.get('/', () => {
      throw new Error('boom')
    })
    assert.equal((await call(app)).status, 500)
  })
})

/**
 * Runs a small server in a child process with the given framework: one route
 * whose async handler rejects (after arranging its own late answer), an error
 * handler, and one request. With `listen`, the child counts unhandled
 * rejections instead of dying.
 */
function scenario(framework: string, listen: boolean): Promise<ChildOutcome> {
  const code = `
    const http = require('node:http')
    const express = require(${JSON.stringify(framework)})
    const rejections = []
    if (${listen}) process.on('unhandledRejection', (reason) => rejections.push(reason.message))
    let errorHandler = false
    const app = express()
    app.set('env', 'test')
    app.get('/', async (req, res) => {
      setTimeout(() => res.send('answered by the handler'), 20)
      throw new Error('rejected in handler')
    })
    app.use((err, req, res, next) => { errorHandler = true; res.status(500).send('error handler') })
    const server = app.listen(0, '127.0.0.1', () => {
      http.get({ host: '127.0.0.1', port: server.address().port, path: '/' }, (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => {
          setTimeout(() => {
            console.log(JSON.stringify({ body, errorHandler, rejections }))
            server.close()
          }, 20)
        })
      })
    })`
  return runNode(code)
}

describe('a rejected promise from a 4.x callback', () => {
  const webfwPath = require.resolve('webfw/v4')
  const express4Path = require.resolve('express4')

  test('is not caught: the handler answers, the error handler never runs, one unhandled rejection', async () => {
    const [ours, theirs] = await Promise.all([scenario(webfwPath, true), scenario(express4Path, true)])
    const expected = { body: 'answered by the handler', errorHandler: false, rejections: ['rejected in handler'] }
    assert.deepEqual(JSON.parse(ours.stdout), expected)
    assert.deepEqual(JSON.parse(theirs.stdout), expected)
    assert.equal(ours.code, 0)
  })

  test('in Node\'s default mode ends the process as it ends Express 4\'s, with the same error', async () => {
    const [ours, theirs] = await Promise.all([scenario(webfwPath, false), scenario(express4Path, false)])
    assert.notEqual(theirs.code, 0)
    assert.equal(ours.code, theirs.code)
    assert.match(ours.stderr, /rejected in handler/)
    assert.equal(ours.stdout, theirs.stdout)
  })
})
