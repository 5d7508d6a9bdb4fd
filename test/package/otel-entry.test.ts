/**
 * The `webfw/otel` entry: OpenTelemetry is loaded only by it (an app of any
 * version, serving a request through every built-in middleware, loads
 * nothing of @opentelemetry), and its ESM entry gives the same exports as the
 * CommonJS one. Each check runs in a child process, so that require.cache
 * holds only what that process loaded.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { packageRoot } from '../helpers/webfw'

function run(args: string[], script: string): unknown {
  return JSON.parse(execFileSync(process.execPath, [...args, '-e', script], { cwd: packageRoot, encoding: 'utf8' }))
}

test('webfw, webfw/v4, webfw/v3 and webfw/reqlog never load @opentelemetry or webfw/otel, even while serving', () => {
  const loaded = run(
    [],
    `
    const http = require('node:http')
    const loaded = () => Object.keys(require.cache).filter((f) => f.includes('@opentelemetry') || f.includes('/dist/otel/'))
    const apps = ['webfw', 'webfw/v4', 'webfw/v3'].map((entry) => {
      const webfw = require(entry)
      const app = webfw()
      app.use(require('webfw/reqlog')('tiny', { stream: { write() {} } }))
      app.use(webfw.json(), webfw.urlencoded({ extended: false }), webfw.text(), webfw.raw(), webfw.cookieParser(), webfw.static(__dirname))
      app.get('/:id', (req, res) => res.json({ id: req.params.id }))
      return app
    })
    const server = http.createServer((req, res) => apps[Number(req.url.slice(1)) % 3](req, res)).listen(0, '127.0.0.1', async () => {
      const { port } = server.address()
      for (const i of [0, 1, 2]) await fetch('http://127.0.0.1:' + port + '/' + i).then((r) => r.text())
      server.close()
      const before = loaded()
      require('webfw/otel')
      console.log(JSON.stringify({ before, after: loaded().length > 0 }))
    })`,
  )
  assert.deepEqual(loaded, { before: [], after: true })
})

test('the ESM entry of webfw/otel exposes the CommonJS exports', () => {
  const same = run(
    ['--input-type=module'],
    `
    import { createRequire } from 'node:module'
    import { WebfwInstrumentation, LayerType, ExpressLayerType, AttributeNames, LAYER_CHANNEL, REQUEST_CHANNEL } from 'webfw/otel'
    const cjs = createRequire(process.cwd() + '/')('webfw/otel')
    console.log(JSON.stringify([
      WebfwInstrumentation === cjs.WebfwInstrumentation,
      LayerType === cjs.LayerType && ExpressLayerType === LayerType && AttributeNames === cjs.AttributeNames,
      LAYER_CHANNEL, REQUEST_CHANNEL,
    ]))`,
  )
  assert.deepEqual(same, [true, true, 'webfw.layer', 'webfw.request'])
})
