/**
 * How the bundled middleware is attached to `webfw/v3`: every Express 3 name
 * is there, each loads its packages only when first read (checked in child
 * processes, from the module cache), `webfw` and `webfw/v4` have none of
 * them, and each call form warns once, naming the replacement.
 */
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { packageRoot, webfw, webfw4 } from '../../helpers/webfw'
import { webfw3 } from './support'

const EXPRESS3_NAMES = [
  'basicAuth', 'bodyParser', 'compress', 'cookieParser', 'cookieSession', 'csrf', 'directory', 'errorHandler',
  'favicon', 'json', 'limit', 'logger', 'methodOverride', 'multipart', 'query', 'responseTime', 'session',
  'static', 'staticCache', 'timeout', 'urlencoded', 'vhost',
]

/** Packages only the bundled middleware uses. */
const V3_ONLY = [
  'express-session', 'compression', 'method-override', 'serve-index', 'serve-favicon', 'response-time',
  'connect-timeout', 'vhost', 'errorhandler', 'csrf', 'multiparty',
]

/** Runs `body` in a fresh Node process and returns the v3-only packages it loaded. */
function loadedAfter(body: string): string[] {
  const script = `
    const files = () => Object.keys(require.cache).map((f) => f.split('\\\\').join('/'))
    const loaded = () => ${JSON.stringify(V3_ONLY)}.filter((name) => files().some((f) => f.includes('/node_modules/' + name + '/')))
    ${body}
    console.log(JSON.stringify([...new Set(loaded())].sort()))`
  const out = execFileSync(process.execPath, ['--no-deprecation', '-e', script], { cwd: packageRoot, encoding: 'utf8' })
  return JSON.parse(out)
}

test('webfw/v3 has all 22 of Express 3 middleware names, as functions', () => {
  for (const name of EXPRESS3_NAMES) assert.equal(typeof webfw3[name], 'function', name)
})

test('webfw and webfw/v4 have none of the bundled names', () => {
  for (const name of ['bodyParser', 'cookieSession', 'session', 'logger', 'staticCache', 'vhost']) {
    assert.equal(Object.getOwnPropertyDescriptor(webfw, name)?.value, undefined, name)
    assert.throws(() => webfw4[name], /not bundled since 4\.x/, name)
  }
  // as in Express 4, which did not list it among the removed ones
  assert.equal(webfw4.basicAuth, undefined)
})

test('requiring webfw, webfw/v4 and webfw/v3 loads no package of the bundled middleware', () => {
  assert.deepEqual(loadedAfter(`require('webfw'); require('webfw/v4'); const w = require('webfw/v3'); w().get('/', () => {})`), [])
})

test('reading one bundled name loads that middleware\'s package only', () => {
  assert.deepEqual(loadedAfter(`require('webfw/v3').session`), ['express-session'])
  assert.deepEqual(loadedAfter(`require('webfw/v3').compress`), ['compression'])
  assert.deepEqual(loadedAfter(`require('webfw/v3').bodyParser`), ['multiparty'])
  assert.deepEqual(loadedAfter(`require('webfw/v3').basicAuth; require('webfw/v3').logger; require('webfw/v3').limit`), [])
  assert.deepEqual(loadedAfter(`require('webfw/v3').csrf`), ['csrf'])
})

test('a bundled name can be replaced, as Express 3 allowed', () => {
  const script = `
    const w = require('webfw/v3')
    const mine = () => (req, res, next) => next()
    w.logger = mine
    console.log(w.logger === mine)`
  assert.equal(execFileSync(process.execPath, ['-e', script], { cwd: packageRoot, encoding: 'utf8' }).trim(), 'true')
})

test('each call form warns once, as a DeprecationWarning naming the 4.x/5.x replacement', () => {
  const script = `
    const w = require('webfw/v3')
    const seen = []
    process.on('warning', (warning) => seen.push([warning.name, warning.code, warning.message]))
    w.session({ secret: 's' }); w.session({ secret: 't' })
    w.logger('dev'); w.logger('tiny'); w.logger({ format: 'dev' })
    w.basicAuth('a', 'b'); w.basicAuth((u, p) => true)
    setImmediate(() => console.log(JSON.stringify(seen.filter((s) => s[1] === 'WEBFW_DEPRECATED'))))`
  const child = spawnSync(process.execPath, ['-e', script], { cwd: packageRoot, encoding: 'utf8', timeout: 60_000 })
  assert.equal(child.status, 0, child.stderr)
  // what Node printed of them (kept out of the test run's output) is those warnings and nothing else
  const printed = child.stderr.split('\n').filter((line) => line && !line.startsWith('(Use `node --trace-deprecation'))
  assert.ok(printed.length > 0 && printed.every((line) => /^\(node:\d+\) \[WEBFW_DEPRECATED\] DeprecationWarning: /.test(line)), child.stderr)
  const seen = JSON.parse(child.stdout)
  assert.deepEqual(
    seen.map((s: string[]) => s[2]),
    [
      "webfw.session([options]) is Express 3's bundled middleware: use the express-session package with webfw 4/5",
      "webfw.logger([format]) is Express 3's bundled middleware: use webfw/reqlog (reqlog(format)) with webfw 4/5",
      "webfw.logger(options) is Express 3's bundled middleware: use webfw/reqlog (reqlog(format, options)) with webfw 4/5",
      "webfw.basicAuth(username, password) is Express 3's bundled middleware: use the basic-auth package with webfw 4/5",
      "webfw.basicAuth(fn(user, pass)) is Express 3's bundled middleware: use the basic-auth package with webfw 4/5",
    ],
  )
  for (const s of seen) assert.equal(s[0], 'DeprecationWarning')
})
