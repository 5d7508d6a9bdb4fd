/**
 * The 3.x-only code loads only with the 3.x factory: `require('webfw')` and
 * `require('webfw/v4')`, with apps serving requests, load none of the 3.x
 * modules (route map, 3.x path syntax, 3.x negotiation) nor any of the
 * bundled Connect-era middleware (src/middleware/bundled, beyond its index).
 * Each case runs in a fresh process, so the module cache is its own.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { packageRoot } from '../helpers/webfw'

const V3_ONLY = ['router/route-map.js', 'router/path3.js', 'app/route-map-app.js', 'request/negotiation3.js']

/** The modules of the package's dist/ loaded after running `body` (a script using `entry`). */
function loadedAfter(entry: string, body: string): string[] {
  const script = `
    const path = require('node:path')
    const http = require('node:http')
    const webfw = require(${JSON.stringify(entry)})
    ;(async () => {
      ${body}
      const dist = path.join(${JSON.stringify(packageRoot)}, 'dist') + path.sep
      const loaded = Object.keys(require.cache).filter((f) => f.startsWith(dist)).map((f) => f.slice(dist.length).split(path.sep).join('/'))
      console.log(JSON.stringify(loaded))
    })()`
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: packageRoot, encoding: 'utf8' }))
}

/** Serves a small app and makes one request to it. */
const SERVE = `
  const app = webfw()
  app.use(webfw.json())
  app.get('/users/:id', (req, res) => res.send(req.params.id))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  await new Promise((resolve) => http.get({ host: '127.0.0.1', port: server.address().port, path: '/users/1' }, (res) => { res.resume(); res.on('end', resolve) }))
  server.close()`

function v3Only(loaded: string[]): string[] {
  return loaded.filter((f) => V3_ONLY.includes(f) || (f.startsWith('middleware/bundled/') && f !== 'middleware/bundled/index.js'))
}

test('webfw (5.x) loads no 3.x-only module', () => {
  const loaded = loadedAfter('webfw', SERVE)
  assert.ok(loaded.includes('factory.js'), 'the check sees the package modules')
  assert.deepEqual(v3Only(loaded), [])
})

test('webfw/v4 loads no 3.x-only module', () => {
  assert.deepEqual(v3Only(loadedAfter('webfw/v4', SERVE)), [])
})

test('webfw/v3 loads them when its factory is required', () => {
  const loaded = loadedAfter('webfw/v3', SERVE)
  for (const file of V3_ONLY) assert.ok(loaded.includes(file), file)
})

/** The older generations' packages (installed as `<name>-v<version>`) loaded after `body`. */
function olderPackagesAfter(entry: string, body: string): string[] {
  const script = `
    const http = require('node:http')
    const webfw = require(${JSON.stringify(entry)})
    ;(async () => {
      ${body}
      const names = Object.keys(require.cache).map((f) => /node_modules[\\\\/]([a-z-]+-v[0-9.]+)[\\\\/]/.exec(f)?.[1]).filter(Boolean)
      console.log(JSON.stringify([...new Set(names)].sort()))
    })()`
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: packageRoot, encoding: 'utf8' }))
}

/** A request that asks for freshness and a range. */
const CONDITIONAL = SERVE.replace("res.send(req.params.id)", "res.type('text/plain; format=flowed').send(JSON.stringify({ fresh: req.fresh, range: req.range(10) }))").replace(
  "path: '/users/1' }",
  "path: '/users/1', headers: { 'if-none-match': '\"x\"', range: 'bytes=0-1' } }",
)

/** A JSON POST negotiated with req.is and req.accepts, answered as an attachment. */
const NEGOTIATED = `
  const app = webfw()
  app.use(webfw.json())
  app.post('/in', (req, res) => res.attachment('a.txt').send(String(req.is('json')) + ' ' + String(req.accepts('json'))))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  await new Promise((resolve) => {
    const r = http.request({ host: '127.0.0.1', port: server.address().port, method: 'POST', path: '/in', headers: { 'content-type': 'application/json', accept: 'application/json' } }, (res) => { res.resume(); res.on('end', resolve) })
    r.end('{"a":1}')
  })
  server.close()`

test('older generations\' packages load only with their factory, each on its first use', () => {
  assert.ok(CONDITIONAL.includes('req.fresh') && CONDITIONAL.includes('if-none-match'))
  assert.deepEqual(olderPackagesAfter('webfw', CONDITIONAL), [])
  assert.deepEqual(olderPackagesAfter('webfw', NEGOTIATED), [])
  assert.deepEqual(olderPackagesAfter('webfw/v4', ''), [])
  // a route pattern (path-to-regexp 0), a type with its charset (mime 1), freshness and a range
  assert.deepEqual(olderPackagesAfter('webfw/v4', CONDITIONAL), ['content-type-v1', 'fresh-v0.5', 'mime-v1', 'path-to-regexp-v0', 'range-parser-v1.2'])
  // a JSON body's type (type-is 1), req.accepts (accepts 1), res.attachment (content-disposition 0)
  assert.deepEqual(olderPackagesAfter('webfw/v4', NEGOTIATED), [
    'accepts-v1', 'content-disposition-v0', 'content-type-v1', 'mime-v1', 'path-to-regexp-v0', 'type-is-v1',
  ])
  // 3.x's negotiation loads accepts 1 with its factory, mime 1 only on a lookup (a type with "/" needs
  // none, nor does reading webfw.mime's name); its path syntax builds on 4.x's
  assert.deepEqual(olderPackagesAfter('webfw/v3', CONDITIONAL + "\n  Object.keys(webfw)"), [
    'accepts-v1', 'content-type-v1', 'fresh-v0.3', 'path-to-regexp-v0', 'range-parser-v1.0',
  ])
  assert.ok(olderPackagesAfter('webfw/v3', 'webfw.mime.lookup("a.txt")').includes('mime-v1'))
})
