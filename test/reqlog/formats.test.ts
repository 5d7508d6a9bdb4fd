/**
 * The predefined formats, checked field by field on real requests, on a
 * node:http server and on a webfw app; `dev` colours by status class.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { packageRoot, webfw } from '../helpers/webfw'
import { basic, logOne, LineSink, reqlog, send, showColours } from './support'

const CLF_DATE = String.raw`\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} \+0000`
const MS = String.raw`\d+\.\d{3}`
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

const request = {
  method: 'GET',
  path: '/users?page=2',
  headers: { 'User-Agent': 'test-agent/1.0', Referer: 'http://ref.example/', Authorization: basic('ada') },
}
const handler = (req: unknown, res: { setHeader(n: string, v: string): void; end(b: string): void }): void => {
  res.setHeader('Content-Length', '5')
  res.end('hello')
}

describe('predefined formats', () => {
  test('the format strings are exposed as in morgan', () => {
    assert.equal(reqlog.combined, ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"')
    assert.equal(reqlog.common, ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]')
    assert.equal(reqlog.short, ':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms')
    assert.equal(reqlog.tiny, ':method :url :status :res[content-length] - :response-time ms')
    assert.equal(typeof reqlog.dev, 'function')
  })

  test('combined', async () => {
    const { line } = await logOne('combined', {}, handler, request)
    assert.match(line, new RegExp(`^127\\.0\\.0\\.1 - ada \\[${CLF_DATE}\\] "GET /users\\?page=2 HTTP/1\\.1" 200 5 "http://ref\\.example/" "test-agent/1\\.0"$`))
  })

  test('combined with absent values', async () => {
    const { line } = await logOne('combined', {}, (req, res) => res.end(), { path: '/' })
    assert.match(line, new RegExp(`^127\\.0\\.0\\.1 - - \\[${CLF_DATE}\\] "GET / HTTP/1\\.1" 200 - "-" "-"$`))
  })

  test('common', async () => {
    const { line } = await logOne('common', {}, handler, request)
    assert.match(line, new RegExp(`^127\\.0\\.0\\.1 - ada \\[${CLF_DATE}\\] "GET /users\\?page=2 HTTP/1\\.1" 200 5$`))
  })

  test('short', async () => {
    const { line } = await logOne('short', {}, handler, request)
    assert.match(line, new RegExp(`^127\\.0\\.0\\.1 ada GET /users\\?page=2 HTTP/1\\.1 200 5 - ${MS} ms$`))
  })

  test('tiny', async () => {
    const { line } = await logOne('tiny', {}, handler, request)
    assert.match(line, new RegExp(`^GET /users\\?page=2 200 5 - ${MS} ms$`))
  })

  test('default (morgan\'s deprecated format) uses the web date', async () => {
    const { line } = await logOne('default', {}, handler, request)
    assert.match(line, new RegExp(`^127\\.0\\.0\\.1 - ada \\[\\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\\] "GET /users\\?page=2 HTTP/1\\.1" 200 5 "http://ref\\.example/" "test-agent/1\\.0"$`))
  })
})

describe('dev', () => {
  const colourOf = async (status: number): Promise<string> => {
    const { line } = await logOne('dev', {}, (req, res) => {
      res.statusCode = status
      // A 204 has no body and no Content-Length (Node 18 passes both on and
      // its client then waits for the bytes): dev shows "-" for the length.
      if (status === 204) return res.end()
      res.setHeader('Content-Length', '2')
      res.end('xy')
    }, { path: '/d' })
    return showColours(line)
  }

  for (const [status, colour, name] of [[200, 32, 'green'], [204, 32, 'green'], [302, 36, 'cyan'], [404, 33, 'yellow'], [500, 31, 'red'], [503, 31, 'red']] as const) {
    test(`${status} is ${name}`, async () => {
      const line = await colourOf(status)
      const length = status === 204 ? '-' : '2'
      assert.match(line, new RegExp(`^<0>GET /d <${colour}>${status}<0> ${MS} ms - ${length}<0>$`))
    })
  }

  test('an informational status is not coloured', () => {
    // a final 1xx response is not valid HTTP, so this one is formatted directly
    const req = { method: 'GET', url: '/info', headers: {} }
    const res = { headersSent: true, statusCode: 102, getHeader: () => undefined }
    assert.equal(showColours(reqlog.dev(reqlog, req, res)), '<0>GET /info <0>102<0> - ms - -<0>')
  })

  test('with immediate: no colour and no response values', async () => {
    const { line } = await logOne('dev', { immediate: true }, undefined, { path: '/now' })
    assert.equal(showColours(line), '<0>GET /now <0>-<0> - ms - -<0>')
  })

  test('NO_COLOR at load time gives lines without escape sequences', () => {
    const script = `
      const http = require('node:http')
      const reqlog = require('webfw/reqlog')
      const lines = []
      // Done when both the client has the answer and the line is written (in either order).
      let waiting = 2
      const done = () => {
        if (--waiting !== 0) return
        process.stdout.write(JSON.stringify(lines))
        server.close()
      }
      const log = reqlog('dev', { stream: { write: (l) => { lines.push(l); done() } } })
      const server = http.createServer((req, res) => log(req, res, () => { res.statusCode = 404; res.end('no') }))
      server.listen(0, '127.0.0.1', () => {
        http.get({ port: server.address().port, host: '127.0.0.1', path: '/x', agent: false }, (r) => {
          r.resume()
          r.on('end', done)
        })
      })`
    const out = execFileSync(process.execPath, ['-e', script], { cwd: packageRoot, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' })
    const lines = JSON.parse(out) as string[]
    assert.equal(lines.length, 1)
    assert.match(lines[0], new RegExp(`^GET /x 404 ${MS} ms - -\\n$`))
  })
})

describe('on a webfw app', () => {
  test('combined and dev log the original URL of a mounted router', async () => {
    const combined = new LineSink()
    const dev = new LineSink()
    const app = webfw()
    app.use(reqlog('combined', { stream: combined }))
    app.use(reqlog('dev', { stream: dev }))
    const api = webfw.Router()
    api.get('/users/:id', (req: { params: { id: string } }, res: { json(v: unknown): void }) => res.json({ id: req.params.id }))
    app.use('/api', api)
    await withServer(app, async ({ port }) => {
      const res = await send(port, 'GET', '/api/users/7?x=1', { 'User-Agent': 'ua' })
      assert.equal(res.status, 200)
      const length = res.headers['content-length'] as string
      assert.match(await combined.line(), new RegExp(`^127\\.0\\.0\\.1 - - \\[${CLF_DATE}\\] "GET /api/users/7\\?x=1 HTTP/1\\.1" 200 ${escapeRe(length)} "-" "ua"$`))
      assert.match(showColours(await dev.line()), new RegExp(`^<0>GET /api/users/7\\?x=1 <32>200<0> ${MS} ms - ${length}<0>$`))
    })
  })

  test('a 404 from the final handler is logged yellow in dev', async () => {
    const dev = new LineSink()
    const app = webfw()
    app.use(reqlog('dev', { stream: dev }))
    await withServer(app, async ({ port }) => {
      assert.equal((await send(port, 'GET', '/nowhere')).status, 404)
      assert.match(showColours(await dev.line()), new RegExp(`^<0>GET /nowhere <33>404<0> ${MS} ms - \\d+<0>$`))
    })
  })
})
