/**
 * The response methods against Express itself: a random method call
 * (res.send of every kind of body, res.json, res.jsonp, res.status,
 * res.sendStatus, res.redirect, res.location, res.type, res.set with
 * Content-Types the type table cannot read, res.attachment, res.cookie,
 * res.format, res.vary, res.append, res.links ...) answered to a random
 * request (Accept, If-None-Match, Referer, a JSONP callback, GET or HEAD),
 * by webfw 5 and Express 5, and by webfw/v4 and Express 4. Status, headers
 * (but Date and X-Powered-By, whose value is the framework's name) and body
 * bytes must be the same.
 *
 * Left out, as documented differences (docs/migration.md): statuses
 * outside 100-599 (5.x refuses them, as the specification says), and
 * Express 4's Content-Length beside a Transfer-Encoding.
 *
 * Cases: 150 per version; FUZZ_RUNS / FUZZ_LONG raise them.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import fc from 'fast-check'
import { express4, express5, withServers } from '../helpers/side-by-side'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { runs } from './support'

const CASES = runs(150)

type Action = (req: Any, res: Any) => void

const VALUES: unknown[] = ['hello', '', '<p>hi</p>', 'é😀', Buffer.from('buf'), Buffer.alloc(0), { a: 1 }, [1, 2], null, true, 0, 42, { '<': '>&' }, 'x'.repeat(1500), undefined, '\u2028']
const URLS = ['/x', 'http://example.com/a b', '//evil.com', 'back', '/é?q=1#h', 'https://ex.com/%zz', 'javascript:alert(1)', '/x?a=<script>']
const TYPES = ['html', 'json', '.txt', 'application/x-foo', 'text/plain; charset=latin1', 'text/plain; format=flowed', 'png', 'foo', '']
const NAMES = ['a.txt', 'é.pdf', 'x y.html', undefined, '../p.json', 'a"b.txt']

const ACTIONS: Action[] = [
  ...VALUES.flatMap((v): Action[] => [(_q, r) => r.send(v), (_q, r) => r.json(v), (_q, r) => r.jsonp(v), (_q, r) => r.status(201).send(v)]),
  ...[200, 201, 204, 304, 404, 418, 500, 599].flatMap((s): Action[] => [(_q, r) => r.sendStatus(s), (_q, r) => r.status(s).end(), (_q, r) => r.status(s).send('body')]),
  ...URLS.flatMap((u): Action[] => [(_q, r) => r.redirect(u), (_q, r) => r.redirect(301, u), (_q, r) => r.location(u).end()]),
  ...TYPES.flatMap((t): Action[] => [
    (_q, r) => r.type(t).send('x'),
    (_q, r) => r.set('Content-Type', t).send('y'),
    (_q, r) => r.set('Content-Type', t).send(Buffer.from('z')),
    (_q, r) => r.set('Content-Type', t).json({ t }),
  ]),
  ...NAMES.map((n): Action => (_q, r) => r.attachment(n).send('a')),
  (_q, r) => r.cookie('a', 'b').cookie('c', { x: 1 }, { maxAge: 1000, httpOnly: true, path: '/p', sameSite: 'strict', secure: true }).send('c'),
  (_q, r) => r.clearCookie('a', { path: '/q' }).end(),
  (_q, r) => r.format({ text: () => r.send('t'), html: () => r.send('h'), json: () => r.json({ j: 1 }) }),
  (_q, r) => r.format({ 'application/json': () => r.json({ j: 1 }) }),
  (_q, r) => r.format({ text: () => r.send('t'), default: () => r.send('d') }),
  (_q, r) => r.vary('Accept').vary('Origin, accept').append('Link', ['<a>', '<b>']).append('X-A', 'z').send('v'),
  (_q, r) => r.links({ next: '/n', last: '/l' }).send('l'),
  (_q, r) => r.set({ 'X-Num': 5, 'X-Arr': ['a', 'b'], 'X-Name': 'José' }).send('s'),
  (_q, r) => r.set('ETag', '"abc"').send('etagged'),
  (_q, r) => r.set('Last-Modified', new Date(0).toUTCString()).send('lm'),
  (_q, r) => r.set('Content-Type', 'text/plain').jsonp({ a: 1 }),
  (_q, r) => r.type('json').send('{"a":1}'),
  (_q, r) => r.status(204).send('nobody'),
  (_q, r) => r.status(304).send('nobody'),
]

const requestArb = fc.record({
  action: fc.integer({ min: 0, max: ACTIONS.length - 1 }),
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
  accept: fc.option(fc.constantFrom('text/html', 'application/json', 'text/plain', '*/*', 'image/png', 'text/html;q=0.1, application/json;q=0.5', 'text/*', 'foo'), { nil: undefined }),
  ifNoneMatch: fc.option(fc.constantFrom('*', 'W/"5-bogus"', '"abc"', 'W/"abc"'), { nil: undefined }),
  referer: fc.option(fc.constantFrom('/ref', 'http://x/y'), { nil: undefined }),
  callback: fc.option(fc.constantFrom('cb', 'a.b', 'x[0]', '<script>', ''), { nil: undefined }),
})

function appFor(factory: Any): Any {
  const app = factory()
  app.set('env', 'production')
  app.all('/a/:i', (req: Any, res: Any) => ACTIONS[Number(req.params.i)](req, res))
  // (res.end: the failed call may have left a Content-Type that res.send refuses again)
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(500).end('error: ' + err.message))
  return app
}

/** Status, headers (without Date, X-Powered-By and the connection's own) and the body's bytes. */
function fetch(port: number, method: string, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const { date: _date, 'x-powered-by': _by, connection: _c, 'keep-alive': _k, ...rest } = res.headers
        resolve(`${res.statusCode} ${JSON.stringify(rest)} ${Buffer.concat(chunks).toString('hex')}`)
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function compare(ours: Any, theirs: Any, label: string): Promise<void> {
  await withServers([appFor(ours), appFor(theirs)], (ports) =>
    fc.assert(
      fc.asyncProperty(requestArb, async (c) => {
        const headers: Record<string, string> = {}
        if (c.accept !== undefined) headers.accept = c.accept
        if (c.ifNoneMatch !== undefined) headers['if-none-match'] = c.ifNoneMatch
        if (c.referer !== undefined) headers.referer = c.referer
        const path = `/a/${c.action}` + (c.callback === undefined ? '' : '?callback=' + encodeURIComponent(c.callback))
        const [a, b] = await Promise.all(ports.map((port) => fetch(port, c.method, path, headers)))
        assert.equal(a, b, `${label}: ${ACTIONS[c.action].toString()}`)
      }),
      { numRuns: CASES, includeErrorInReport: true },
    ),
  )
}

test(`response methods give Express 5's answers (${CASES} random requests)`, async () => {
  await compare(webfw, express5, '5.x')
})

test(`response methods of webfw/v4 give Express 4's answers (${CASES} random requests)`, async () => {
  await compare(webfw4, express4, '4.x')
})
