/**
 * Drop-in check: an app written against morgan's documented API (README
 * examples: predefined formats, format strings, format functions, custom
 * tokens, compile, format, skip, immediate, several loggers) runs once with
 * morgan and once with webfw/reqlog in its place. The lines must be the same
 * once the time-dependent fields (dates, durations) are normalised.
 *
 * Run on webfw (5.x and 4.x), Express 5 and 4, and a plain node:http server.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { describe, test } from 'node:test'
import { serve } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { basic, LineSink, reqlog, send } from './support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const morgan: Any = require('morgan')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

interface Sinks {
  [name: string]: LineSink
}

/** Every use of the logger API the app makes, each logging to its own sink. */
function useLoggers(logger: Any, app: { use(fn: unknown): void }, sinks: Sinks): void {
  let nextId = 0
  logger.token('id', (req: { id?: string }) => req.id)
  logger.token('type', (req: { headers: Record<string, string> }) => req.headers['content-type'])
  logger.format('status-only', ':method :url :status')
  const compiled = logger.compile(':method :url -> :status :res[content-type]')

  app.use((req: { id?: string }, res: unknown, next: () => void) => {
    req.id = `req-${++nextId}`
    next()
  })
  app.use(logger('dev', { skip: (req: unknown, res: { statusCode: number }) => res.statusCode < 400, stream: sinks.errors }))
  app.use(logger('combined', { stream: sinks.combined }))
  app.use(logger('common', { stream: sinks.common }))
  app.use(logger('dev', { stream: sinks.dev }))
  app.use(logger('short', { stream: sinks.short }))
  app.use(logger('tiny', { stream: sinks.tiny }))
  app.use(logger(':id :method :url :response-time :type', { stream: sinks.custom }))
  app.use(logger(':date[iso] :date[web] :http-version :remote-user :req[accept] :res[x-powered-by] :total-time[2] :response-time[1]', { stream: sinks.tokens }))
  app.use(logger('status-only', { stream: sinks.named }))
  app.use(logger(compiled, { stream: sinks.compiled }))
  app.use(logger('-> :method :url :status :res[content-length]', { immediate: true, stream: sinks.immediate }))
  app.use(logger((tokens: Any, req: Any, res: Any) => [
    tokens.method(req, res),
    tokens.url(req, res),
    tokens.status(req, res),
    tokens.res(req, res, 'content-length'), '-',
    tokens['response-time'](req, res), 'ms',
  ].join(' '), { stream: sinks.fn }))
  app.use(logger((tokens: Any, req: Any, res: Any) => (req.url === '/' ? null : tokens.url(req, res)), { stream: sinks.nullable }))
  // last: its line tells that every logger before it has written
  app.use(logger(':url', { stream: sinks.witness }))
}

const SINK_NAMES = ['errors', 'combined', 'common', 'dev', 'short', 'tiny', 'custom', 'tokens', 'named', 'compiled', 'immediate', 'fn', 'nullable', 'witness']

/** The requests every run makes, in order. */
const REQUESTS: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }> = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/json?x=1&y=%20z', headers: { 'User-Agent': 'Mozilla/5.0 (compat "test")', Referer: 'http://ref.example/a?b' } },
  { method: 'POST', path: '/echo', headers: { 'Content-Type': 'text/plain', Authorization: basic('ada'), Accept: 'text/*' }, body: 'some body' },
  { method: 'GET', path: '/missing', headers: { Referrer: 'http://old.example/' } },
  { method: 'GET', path: '/fail' },
  { method: 'GET', path: '/moved' },
  { method: 'HEAD', path: '/' },
  { method: 'GET', path: '/stream' },
  { method: 'GET', path: '/flat' },
  { method: 'DELETE', path: '/json/../json' },
]

type Framework = (logger: Any, sinks: Sinks) => http.RequestListener

/** The same routes on an Express-like framework (webfw or Express). */
function expressLike(factory: Any): Framework {
  return (logger, sinks) => {
    const app = factory()
    useLoggers(logger, app, sinks)
    app.get('/', (req: Any, res: Any) => res.send('hello, world!'))
    app.get('/json', (req: Any, res: Any) => res.json({ ok: true }))
    app.post('/echo', (req: Any, res: Any) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (c: string) => (body += c))
      req.on('end', () => res.type('text/plain').send(body.toUpperCase()))
    })
    app.get('/fail', (req: Any, res: Any) => {
      res.statusCode = 500
      res.setHeader('Content-Type', 'text/plain')
      res.end('broken')
    })
    app.get('/moved', (req: Any, res: Any) => {
      res.statusCode = 302
      res.setHeader('Location', '/')
      res.end()
    })
    app.get('/stream', (req: Any, res: Any) => {
      res.write('chunk one ')
      setTimeout(() => res.end('chunk two'), 5)
    })
    app.get('/flat', (req: Any, res: Any) => {
      res.writeHead(201, ['Content-Type', 'text/plain', 'X-Flat', 'yes'])
      res.end('flat')
    })
    app.delete('/json', (req: Any, res: Any) => res.status(204).end())
    return app
  }
}

/** morgan's "vanilla http server" README example, with the same routes by hand. */
const plainHttp: Framework = (logger, sinks) => {
  const middleware: Any[] = []
  useLoggers(logger, { use: (fn) => middleware.push(fn) }, sinks)
  return (req, res) => {
    let i = 0
    const next = (): void => {
      const mw = middleware[i++]
      if (mw) return mw(req, res, next)
      if (req.url === '/' || req.url === '/json?x=1&y=%20z') {
        res.setHeader('Content-Type', 'text/plain')
        res.end('hello, world!')
      } else if (req.url === '/flat') {
        res.writeHead(201, ['Content-Type', 'text/plain', 'X-Flat', 'yes'])
        res.end('flat')
      } else if (req.url === '/fail') {
        res.statusCode = 500
        res.end('broken')
      } else {
        req.resume()
        res.statusCode = 404
        res.end()
      }
    }
    next()
  }
}

/** Runs every request against the app built with `logger`; resolves with each sink's lines, normalised. */
async function run(framework: Framework, logger: Any): Promise<Record<string, string[]>> {
  const sinks: Sinks = Object.fromEntries(SINK_NAMES.map((n) => [n, new LineSink()]))
  const srv = await serve(framework(logger, sinks))
  try {
    for (const [i, r] of REQUESTS.entries()) {
      await send(srv.port, r.method, r.path, r.headers ?? {}, r.body)
      await sinks.witness.line(i)
    }
  } finally {
    await srv.close()
  }
  return Object.fromEntries(SINK_NAMES.map((n) => [n, sinks[n].lines.map(normalise)]))
}

/** Replaces the fields that differ between any two runs: dates and durations. */
function normalise(line: string): string {
  return line
    .replace(/\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000/g, '<clf-date>')
    .replace(/[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/g, '<web-date>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<iso-date>')
    // a duration: digits, a point, digits, not part of an address or a version (127.0.0.1, HTTP/1.1)
    .replace(/(?<![\d./])\d+\.\d+(?![\d.])/g, (ms) => `<${ms.split('.')[1].length}-decimal ms>`)
}

const frameworks: Array<[string, Framework]> = [
  ['webfw 5.x', expressLike(webfw)],
  ['webfw 4.x', expressLike(webfw4)],
  ['Express 5', expressLike(express)],
  ['Express 4', expressLike(express4)],
  ['node:http', plainHttp],
]

describe('morgan swapped for webfw/reqlog prints the same lines', () => {
  for (const [name, framework] of frameworks) {
    test(name, async () => {
      const withMorgan = await run(framework, morgan)
      const withReqlog = await run(framework, reqlog)
      // the run logged what it should: one line per request in most sinks, errors only in one
      assert.equal(withMorgan.combined.length, REQUESTS.length)
      assert.ok(withMorgan.errors.length >= 2, 'some error lines')
      const rootRequests = REQUESTS.filter((r) => r.path === '/').length
      assert.equal(withMorgan.nullable.length, REQUESTS.length - rootRequests, 'the null lines skipped')
      for (const sink of SINK_NAMES) {
        assert.deepEqual(withReqlog[sink], withMorgan[sink], `${name}: sink "${sink}"`)
      }
    })
  }

  test('the normalisation keeps what matters (a sample of the webfw lines)', async () => {
    const lines = await run(expressLike(webfw), reqlog)
    assert.match(lines.combined[1], /^127\.0\.0\.1 - - \[<clf-date>\] "GET \/json\?x=1&y=%20z HTTP\/1\.1" 200 \d+ "http:\/\/ref\.example\/a\?b" "Mozilla\/5\.0 \(compat \\"test\\"\)"$/)
    assert.match(lines.custom[2], /^req-3 POST \/echo <3-decimal ms> text\/plain$/)
    // /missing, /fail and DELETE /json/../json (paths are not normalised: 404)
    assert.equal(lines.errors.length, 3)
    assert.match(lines.errors[0], /^\x1b\[0mGET \/missing \x1b\[33m404\x1b\[0m <3-decimal ms> ms - \d+\x1b\[0m$/)
    assert.match(lines.errors[1], /^\x1b\[0mGET \/fail \x1b\[31m500\x1b\[0m <3-decimal ms> ms - -\x1b\[0m$/)
    assert.match(lines.errors[2], /^\x1b\[0mDELETE \/json\/\.\.\/json \x1b\[33m404\x1b\[0m <3-decimal ms> ms - \d+\x1b\[0m$/)
    // writeHead's flat header array is seen by :res[content-type] without being rewritten
    assert.equal(lines.compiled[8], 'GET /flat -> 201 text/plain')
  })
})
