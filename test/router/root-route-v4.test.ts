/**
 * A 4.x route on "/" (path-to-regexp 0.1 makes it /^\/?$/i, or /^\/$/i when
 * strict) matches the path "/" and nothing else a request can have: not
 * "//", not "/x". The radix matcher holds it as the static path "/" (with no
 * trailing-slash form), so a request for "/" is answered from the tree and
 * the route's RegExp is not run. It was run on every request before, on
 * its slow path (Express 4's layer gives the RegExp `fast_star` and
 * `fast_slash` properties): issue 31's `middlewares` scenario on webfw 4.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { webfw4, type Any } from '../helpers/webfw'

/** Counts the calls of `regexp.exec` while `fn` runs. */
async function countExec<T>(regexp: RegExp, fn: () => Promise<T>): Promise<{ result: T; calls: number }> {
  let calls = 0
  const exec = RegExp.prototype.exec
  Object.defineProperty(regexp, 'exec', {
    configurable: true,
    writable: true,
    value(this: RegExp, text: string) {
      calls++
      return exec.call(this, text)
    },
  })
  try {
    return { result: await fn(), calls }
  } finally {
    delete (regexp as Any).exec
  }
}

describe('a 4.x route on "/"', () => {
  test('is matched without running its RegExp', async () => {
    const app = webfw4()
    for (let i = 0; i < 3; i++) app.use((req: Any, res: Any, next: Any) => next())
    app.get('/', (req: Any, res: Any) => res.send('root'))
    const layer = app._router.stack.find((l: Any) => l.route !== undefined && l.route.path === '/')
    assert.ok(layer.regexp instanceof RegExp)
    await withServer(app, async (srv) => {
      // The first request builds the tree.
      assert.equal((await rawRequest(srv.port, 'GET', '/')).body, 'root')
      const counted = await countExec(layer.regexp, async () => {
        const bodies = []
        for (let i = 0; i < 3; i++) bodies.push((await rawRequest(srv.port, 'GET', '/')).body)
        return bodies
      })
      assert.deepEqual(counted.result, ['root', 'root', 'root'])
      assert.equal(counted.calls, 0)
    })
  })

  // Statuses and bodies as Express 4 answers them.
  const cases: [method: string, path: string, status: number, body: string][] = [
    ['GET', '/', 200, 'root /'],
    ['GET', '/?a=1', 200, 'root /?a=1'],
    ['HEAD', '/', 200, ''],
    ['POST', '/', 404, '404 /'],
    ['GET', '//', 404, '404 //'],
    ['GET', '//?a=1', 404, '404 //?a=1'],
    ['GET', '///', 404, '404 ///'],
    ['GET', '/x', 200, 'array'],
    // A strict router mounted at /s: its "/" is /^\/$/i.
    ['GET', '/s', 200, 'strict / /s'],
    ['GET', '/s/', 200, 'strict / /s'],
    ['GET', '/s//', 200, 'strict / /s'],
    // A router mounted at /l, with get('/') and all('/').
    ['GET', '/l', 200, 'loose / /l'],
    ['GET', '/l//', 200, 'loose / /l'],
    ['GET', '/L', 200, 'loose / /L'],
    ['POST', '/l/', 200, 'loose-all /'],
    // A case-sensitive router's route('/').
    ['GET', '/c/', 200, 'sensitive /'],
    ['POST', '/c', 404, '404 /c'],
    // An app with strict routing mounted at /a2.
    ['GET', '/a2', 200, 'strict app /'],
    ['GET', '/a2//', 200, 'strict app /'],
  ]

  test('answers as Express 4 does, mounted or not, strict or not', async () => {
    const app = webfw4()
    const strict = webfw4.Router({ strict: true })
    strict.get('/', (req: Any, res: Any) => res.send(`strict ${req.url} ${req.baseUrl}`))
    const loose = webfw4.Router()
    loose.get('/', (req: Any, res: Any) => res.send(`loose ${req.url} ${req.baseUrl}`))
    loose.all('/', (req: Any, res: Any) => res.send(`loose-all ${req.url}`))
    const sensitive = webfw4.Router({ caseSensitive: true })
    sensitive.route('/').get((req: Any, res: Any) => res.send(`sensitive ${req.url}`))
    const strictApp = webfw4()
    strictApp.set('strict routing', true)
    strictApp.get('/', (req: Any, res: Any) => res.send(`strict app ${req.url}`))
    app.use('/s', strict)
    app.use('/l', loose)
    app.use('/c', sensitive)
    app.use('/a2', strictApp)
    app.get('/', (req: Any, res: Any) => res.send(`root ${req.url}`))
    app.get(['/', '/x'], (req: Any, res: Any) => res.send('array'))
    app.use((req: Any, res: Any) => res.status(404).send(`404 ${req.url}`))
    await withServer(app, async (srv) => {
      for (const [method, path, status, body] of cases) {
        const answer = await rawRequest(srv.port, method, path)
        assert.deepEqual([answer.status, answer.body], [status, body], `${method} ${path}`)
      }
    })
  })
})
