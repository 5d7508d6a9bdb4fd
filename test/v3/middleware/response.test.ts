/**
 * `webfw.responseTime`, `webfw.timeout` and `webfw.errorHandler` (3.x): the
 * X-Response-Time header and its options; the 503 after the timeout with
 * `req.timedout`; the development error page by Accept.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { reportErrors, serveApp, webfw3 } from './support'

describe('responseTime', () => {
  const app = (...args: Any[]) => (a: Any) => {
    a.use(webfw3.responseTime(...args))
    a.get('/', (_req: Any, res: Any) => res.send('ok'))
  }

  test('X-Response-Time in milliseconds with three decimals', () =>
    serveApp(app(), async ({ port }) => {
      assert.match(String((await send(port, { method: 'GET' })).headers['x-response-time']), /^\d+\.\d{3}ms$/)
    }))

  test('options digits, header, suffix; a number is digits', async () => {
    await serveApp(app({ digits: 0, header: 'X-Time', suffix: false }), async ({ port }) => {
      const res = await send(port, { method: 'GET' })
      assert.match(String(res.headers['x-time']), /^\d+$/)
      assert.equal(res.headers['x-response-time'], undefined)
    })
    await serveApp(app(1), async ({ port }) => {
      assert.match(String((await send(port, { method: 'GET' })).headers['x-response-time']), /^\d+\.\dms$/)
    })
  })
})

describe('timeout', () => {
  test('a request nobody answers in time gets a 503 (ETIMEDOUT) and req.timedout', () => {
    let timedout: unknown
    return serveApp(
      (a) => {
        a.use(webfw3.timeout(1))
        a.get('/', (req: Any) => {
          req.on('timeout', () => (timedout = req.timedout))
        })
        reportErrors(a)
      },
      async ({ port }) => {
        const res = await send(port, { method: 'GET' })
        assert.equal(res.status, 503)
        assert.equal(res.text, '503 Response timeout ETIMEDOUT')
        assert.equal(timedout, true)
      },
    )
  })

  test('respond: false only flags the request; a response in time clears the timer', () =>
    serveApp(
      (a) => {
        a.use(webfw3.timeout('1ms', { respond: false }))
        a.get('/late', (req: Any, res: Any) => req.on('timeout', () => res.send('late ' + req.timedout)))
        a.get('/quick', (req: Any, res: Any) => {
          res.send('quick ' + req.timedout + ' ' + typeof req.clearTimeout)
        })
      },
      async ({ port }) => {
        assert.equal((await send(port, { method: 'GET', path: '/late' })).text, 'late true')
        assert.equal((await send(port, { method: 'GET', path: '/quick' })).text, 'quick false function')
      },
    ))
})

describe('errorHandler', () => {
  const app = (options: Any = { log: false }) => (a: Any) => {
    a.get('/', (_req: Any, _res: Any, next: Any) => {
      const err: Any = new Error('boom <b>')
      err.status = 418
      next(err)
    })
    a.use(webfw3.errorHandler(options))
  }

  test('the error\'s status, and its message and stack as HTML (headed webfw), JSON or text', () =>
    serveApp(app(), async ({ port }) => {
      const html = await send(port, { method: 'GET', headers: { accept: 'text/html' } })
      assert.equal(html.status, 418)
      assert.match(html.text, /<h1>webfw<\/h1>/)
      assert.match(html.text, /boom &lt;b&gt;/)
      const json = await send(port, { method: 'GET', headers: { accept: 'application/json' } })
      assert.equal(json.json().error.message, 'boom <b>')
      assert.equal(json.json().error.status, 418)
      const text = await send(port, { method: 'GET', headers: { accept: 'text/plain' } })
      assert.match(text.text, /^Error: boom <b>\n\s+at /)
    }))

  test('webfw.errorHandler.title sets the page title; log: fn receives the error', async () => {
    const logged: string[] = []
    const previous = webfw3.errorHandler.title
    webfw3.errorHandler.title = 'My App'
    try {
      await serveApp(app({ log: (err: Error) => logged.push(err.message) }), async ({ port }) => {
        assert.match((await send(port, { method: 'GET', headers: { accept: 'text/html' } })).text, /<h1>My App<\/h1>/)
      })
    } finally {
      webfw3.errorHandler.title = previous
    }
    assert.deepEqual(logged, ['boom <b>'])
  })
})
