/**
 * Each deprecated 4.x form keeps working and says so once per process, as a
 * Node.js DeprecationWarning (code WEBFW_DEPRECATED), however often it is
 * used. (Warnings are per process, so this file runs each form here only.)
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { call } from '../helpers/call'
import { packageRoot, webfw4, type Any } from '../helpers/webfw'

const warnings: string[] = []
process.on('warning', (w: Error & { code?: string }) => {
  if (w.name === 'DeprecationWarning' && w.code === 'WEBFW_DEPRECATED') warnings.push(w.message)
})

/** Routes, each using one deprecated form, with the warning it must give. */
const forms: [string, (req: Any, res: Any) => void, string][] = [
  ['/send-status-body', (_q, r) => r.send(201, 'x'), 'res.send(status, body)'],
  ['/send-body-status', (_q, r) => r.send('x', 201), 'res.send(body, status)'],
  ['/send-status', (_q, r) => r.send(204), 'res.send(status)'],
  ['/json-status-obj', (_q, r) => r.json(201, {}), 'res.json(status, obj)'],
  ['/json-obj-status', (_q, r) => r.json({}, 201), 'res.json(obj, status)'],
  ['/jsonp-status-obj', (_q, r) => r.jsonp(201, {}), 'res.jsonp(status, obj)'],
  ['/jsonp-obj-status', (_q, r) => r.jsonp({}, 201), 'res.jsonp(obj, status)'],
  ['/redirect-url-status', (_q, r) => r.redirect('/x', 301), 'res.redirect(url, status)'],
  ['/location-back', (_q, r) => r.location('back').end(), 'res.location("back")'],
  ['/status-string', (_q, r) => r.status('201').end(), 'res.status("201")'],
  ['/vary-none', (_q, r) => r.vary().end(), 'res.vary()'],
  ['/clear-max-age', (_q, r) => r.clearCookie('a', { maxAge: 1 }).end(), 'res.clearCookie: options.maxAge'],
  ['/clear-expires', (_q, r) => r.clearCookie('a', { expires: new Date() }).end(), 'res.clearCookie: options.expires'],
  ['/sendfile', (_q, r) => r.sendfile(path.relative(process.cwd(), path.join(packageRoot, 'package.json'))), 'res.sendfile'],
  ['/charset', (q, r) => r.json(q.acceptsCharset('utf-8')), 'req.acceptsCharset'],
  ['/encoding', (q, r) => r.json(q.acceptsEncoding('gzip')), 'req.acceptsEncoding'],
  ['/language', (q, r) => r.json(q.acceptsLanguage('en')), 'req.acceptsLanguage'],
  ['/param', (q, r) => r.json(q.param('a') ?? null), 'req.param(name)'],
  ['/param-default', (q, r) => r.json(q.param('a', 1)), 'req.param(name, default)'],
  ['/host', (q, r) => r.json(q.host), 'req.host'],
]

test('every deprecated form works and warns exactly once', async () => {
  const app = webfw4()
  app.set('env', 'test')
  for (const [route, handler] of forms) app.get(route, handler)
  app.del('/del', (_q: Any, r: Any) => r.end())
  app.param((name: string, fn: unknown) => (name === 'never' ? fn : undefined))
  app.param(':legacy', (_q: Any, _r: Any, next: Any) => next())
  for (let round = 0; round < 2; round++) {
    for (const [route] of forms) {
      const res = await call(app, route)
      assert.ok(res.status < 500, `${route}: ${res.status} ${res.body}`)
    }
    assert.equal((await call(app, '/del', { method: 'DELETE' })).status, 200)
    app.del('/del2', (_q: Any, r: Any) => r.end())
  }
  await new Promise((resolve) => setImmediate(resolve))
  const expected = [...forms.map((f) => f[2]), 'app.del', 'router.param(fn)', 'router.param(":legacy", fn)']
  for (const prefix of expected) {
    const matching = warnings.filter((w) => w.startsWith(prefix))
    assert.equal(matching.length, 1, `${prefix}: ${JSON.stringify(matching)}`)
  }
  assert.equal(warnings.length, expected.length, JSON.stringify(warnings))
})
