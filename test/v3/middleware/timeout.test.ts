/**
 * `webfw.timeout(ms)` (3.x): the 503 when nothing answered in time, and the
 * app's late answer after it (from a timer, where nothing would catch a
 * throw) ignored: no ERR_HTTP_HEADERS_SENT, no 'error' on the response, the
 * server keeps serving, `req.timedout` stays true.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { send } from '../../helpers/client'
import type { Any } from '../../helpers/webfw'
import { serveApp, webfw3 } from './support'

interface Late {
  thrown: string[]
  errors: string[]
  timedout: boolean
  finishedWith: number
}

/** Each way an app answers late, run from a timer after the 503 went out. */
const lateAnswers: Record<string, (res: Any) => void> = {
  send: (res) => res.send('late'),
  json: (res) => res.status(200).json({ late: true }),
  redirect: (res) => res.redirect('/elsewhere'),
  'write and end': (res) => {
    res.write('late ')
    res.end('body')
  },
  'writeHead and end': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.end()
  },
}

for (const [how, answer] of Object.entries(lateAnswers)) {
  test(`after the 503, a late ${how} from a timer is ignored and req.timedout stays true`, () => {
    let reportLate!: (late: Late) => void
    const late = new Promise<Late>((resolve) => (reportLate = resolve))
    return serveApp(
      (a) => {
        a.set('env', 'test') // the final handler's error log stays quiet
        a.use(webfw3.timeout(10))
        a.get('/slow', (req: Any, res: Any) => {
          const errors: string[] = []
          res.on('error', (err: Error) => errors.push(err.message))
          // Answers only once the timeout's 503 is out, from a timer.
          res.on('finish', () =>
            setImmediate(() => {
              const thrown: string[] = []
              try {
                answer(res)
              } catch (err) {
                thrown.push((err as Error & { code?: string }).code ?? String(err))
              }
              // An 'error' of a write after the end is emitted on the next tick.
              process.nextTick(() => reportLate({ thrown, errors, timedout: req.timedout, finishedWith: res.statusCode }))
            }),
          )
        })
        a.get('/fast', (_req: Any, res: Any) => res.send('fast'))
      },
      async ({ port }) => {
        const res = await send(port, { method: 'GET', path: '/slow' })
        assert.equal(res.status, 503)
        const seen = await late
        assert.deepEqual(seen.thrown, [], 'nothing thrown')
        assert.deepEqual(seen.errors, [], "no 'error' on the response")
        assert.equal(seen.timedout, true)
        assert.equal((await send(port, { method: 'GET', path: '/fast' })).text, 'fast')
      },
    )
  })
}

test('a response answered in time is untouched (its own members are the prototype’s)', () =>
  serveApp(
    (a) => {
      a.use(webfw3.timeout(60_000))
      a.get('/', (req: Any, res: Any) => {
        const own = ['setHeader', 'write', 'end'].filter((name) => Object.prototype.hasOwnProperty.call(res, name))
        res.json({ own, timedout: req.timedout })
      })
    },
    async ({ port }) => {
      assert.deepEqual((await send(port, { method: 'GET' })).json(), { own: [], timedout: false })
    },
  ))

test('with respond: false the app still answers after the timeout itself', () =>
  serveApp(
    (a) => {
      a.use(webfw3.timeout(10, { respond: false }))
      a.get('/', (req: Any, res: Any) => {
        req.on('timeout', () => setImmediate(() => res.status(504).send(`timed out: ${req.timedout}`)))
      })
    },
    async ({ port }) => {
      const res = await send(port, { method: 'GET' })
      assert.equal(res.status, 504)
      assert.equal(res.text, 'timed out: true')
    },
  ))
