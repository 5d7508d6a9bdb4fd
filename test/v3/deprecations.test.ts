/**
 * Every 3.x-only form keeps working and warns once per process (a Node.js
 * DeprecationWarning, code WEBFW_DEPRECATED), naming what replaces it in
 * 4.x and 5.x. (Warnings are per process: this file runs each form here only.)
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { call } from '../helpers/call'
import { packageRoot, webfw3, type Any } from '../helpers/webfw'

const warnings: string[] = []
process.on('warning', (w: Error & { code?: string }) => {
  if (w.name === 'DeprecationWarning' && w.code === 'WEBFW_DEPRECATED') warnings.push(w.message)
})

/** Routes, each using one deprecated form, with the start of the warning it must give. */
const forms: [string, (req: Any, res: Any) => void, string][] = [
  ['/accepted', (q, r) => r.json(q.accepted), 'req.accepted: removed in 4.x; use req.accepts'],
  ['/accepted-languages', (q, r) => r.json(q.acceptedLanguages), 'req.acceptedLanguages: removed in 4.x; use req.acceptsLanguages'],
  ['/accepted-charsets', (q, r) => r.json(q.acceptedCharsets), 'req.acceptedCharsets: removed in 4.x; use req.acceptsCharsets'],
  ['/accepted-encodings', (q, r) => r.json(q.acceptedEncodings), 'req.acceptedEncodings: removed in 4.x; use req.acceptsEncodings'],
  ['/accepts-charset', (q, r) => r.json(q.acceptsCharset('utf-8')), 'req.acceptsCharset(charset): use req.acceptsCharsets'],
  ['/accepts-language', (q, r) => r.json(q.acceptsLanguage('en')), 'req.acceptsLanguage(lang): use req.acceptsLanguages'],
  ['/accepts-encoding', (q, r) => r.json(q.acceptsEncoding('gzip')), 'req.acceptsEncoding(encoding): use req.acceptsEncodings'],
  ['/auth', (q, r) => r.json(q.auth ?? null), 'req.auth: removed in 4.x'],
  ['/host', (q, r) => r.json(q.host), 'req.host: use req.hostname'],
  ['/param', (q, r) => r.json(q.param('a') ?? null), 'req.param(name): use req.params, req.body or req.query'],
  ['/charset', (_q, r) => {
    r.charset = 'utf-8'
    r.end()
  }, 'res.charset: removed in 4.x'],
  ['/locals', (_q, r) => r.json(r.locals({ a: 1 })), 'res.locals(obj): assign the properties instead'],
  ['/send-status', (_q, r) => r.send(204), 'res.send(status): use res.sendStatus(status)'],
  ['/send-status-body', (_q, r) => r.send(201, 'x'), 'res.send(status, body): use res.status(status).send(body)'],
  ['/json-status', (_q, r) => r.json(201, {}), 'res.json(status, obj): use res.status(status).json(obj)'],
  ['/redirect-url-status', (_q, r) => r.redirect('/x', 301), 'res.redirect(url, status): use res.redirect(status, url)'],
  ['/sendfile', (_q, r) => r.sendfile(path.relative(process.cwd(), path.join(packageRoot, 'package.json'))), 'res.sendfile: use res.sendFile'],
]

test('every 3.x-only form works and warns exactly once, naming its replacement', async () => {
  const app = webfw3()
  app.set('env', 'test')
  app.configure(() => {})
  app.locals({ title: 'x' })
  app.param((name: string, fn: unknown) => (name === 'never' ? fn : undefined))
  app.param(':legacy', (_q: Any, _r: Any, next: Any) => next())
  assert.deepEqual(Object.keys(app.routes), [])
  app.use(app.router)
  for (const [route, handler] of forms) app.get(route, handler)
  app.del('/del', (_q: Any, r: Any) => r.end())
  webfw3.json({ verify: () => {} })
  for (let round = 0; round < 2; round++) {
    for (const [route] of forms) {
      const res = await call(app, route)
      assert.ok(res.status < 500, `${route}: ${res.status} ${res.body}`)
    }
    assert.equal((await call(app, '/del', { method: 'DELETE' })).status, 200)
    app.configure('test', () => {})
    app.locals({ again: true })
    void app.routes
    void app.router
    app.del('/del2', (_q: Any, r: Any) => r.end())
  }
  await new Promise((resolve) => setImmediate(resolve))
  const expected = [
    ...forms.map((f) => f[2]),
    "app.configure: check app.get('env') in an if statement",
    'app.locals(obj): assign the properties instead',
    'app.param(fn): removed in 5.x',
    'app.param(":legacy", fn): use app.param("legacy", fn)',
    'app.routes: removed in 4.x',
    'app.router: from 4.x on routes run where they are defined',
    'app.del: use app.delete',
    'verify(req, res, body): from 4.x on verify gets (req, res, buf, encoding)',
  ]
  for (const prefix of expected) {
    const matching = warnings.filter((w) => w.startsWith(prefix))
    assert.equal(matching.length, 1, `${prefix}: ${JSON.stringify(matching)}`)
  }
  assert.equal(warnings.length, expected.length, JSON.stringify(warnings, null, 1))
})
