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

/** The older generations' packages loaded after `body` (4.x's and 3.x's fresh, range-parser and content-type). */
function olderPackagesAfter(entry: string, body: string): string[] {
  const script = `
    const http = require('node:http')
    const webfw = require(${JSON.stringify(entry)})
    ;(async () => {
      ${body}
      const names = Object.keys(require.cache).map((f) => /node_modules[\\\\/]((?:fresh|range-parser|content-type)-v[0-9.]+)[\\\\/]/.exec(f)?.[1]).filter(Boolean)
      console.log(JSON.stringify([...new Set(names)].sort()))
    })()`
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: packageRoot, encoding: 'utf8' }))
}

/** A request that asks for freshness and a range. */
const CONDITIONAL = SERVE.replace("res.send(req.params.id)", "res.type('text/plain; format=flowed').send(JSON.stringify({ fresh: req.fresh, range: req.range(10) }))").replace(
  "path: '/users/1' }",
  "path: '/users/1', headers: { 'if-none-match': '\"x\"', range: 'bytes=0-1' } }",
)

test('older generations\' fresh, range-parser and content-type load only with their factory, on first use', () => {
  assert.ok(CONDITIONAL.includes('req.fresh') && CONDITIONAL.includes('if-none-match'))
  assert.deepEqual(olderPackagesAfter('webfw', CONDITIONAL), [])
  assert.deepEqual(olderPackagesAfter('webfw/v4', ''), [])
  assert.deepEqual(olderPackagesAfter('webfw/v4', CONDITIONAL), ['content-type-v1', 'fresh-v0.5', 'range-parser-v1.2'])
  assert.deepEqual(olderPackagesAfter('webfw/v3', CONDITIONAL), ['content-type-v1', 'fresh-v0.3', 'range-parser-v1.0'])
})
