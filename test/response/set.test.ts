/**
 * res.set / res.header: set headers one at a time or from an object.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call, request } from '../helpers/call'
import { withServer } from '../helpers/http'
import { type Any, webfw, webfw4 } from '../helpers/webfw'

async function headers(fn: (res: Any) => void) {
  const app = webfw()
  app.use((_req: unknown, res: Any) => {
    try {
      fn(res)
    } catch (err) {
      res.setHeader('X-Error', `${(err as Error).name}`)
    }
    res.end()
  })
  return (await call(app)).headers
}

describe('res.set', () => {
  it('sets one header, stringifying the value', async () => {
    const h = await headers((r) => r.set('X-Count', 3))
    assert.equal(h['x-count'], '3')
  })

  it('sets several from an object, arrays as repeated headers', async () => {
    const h = await headers((r) => r.set({ 'X-A': 'a', 'Set-Cookie': ['x=1', 'y=2'] }))
    assert.equal(h['x-a'], 'a')
    assert.deepEqual(h['set-cookie'], ['x=1', 'y=2'])
  })

  it('is aliased as res.header and chainable', async () => {
    const h = await headers((r) => r.header('X-A', 'a').set('X-B', 'b'))
    assert.equal(h['x-a'], 'a')
    assert.equal(h['x-b'], 'b')
  })

  it('adds a charset to a text Content-Type, not to other types or an explicit charset', async () => {
    assert.equal((await headers((r) => r.set('Content-Type', 'text/html')))['content-type'], 'text/html; charset=utf-8')
    assert.equal((await headers((r) => r.set('content-type', 'application/json')))['content-type'], 'application/json; charset=utf-8')
    assert.equal((await headers((r) => r.set('Content-Type', 'image/png')))['content-type'], 'image/png')
    assert.equal((await headers((r) => r.set('Content-Type', 'text/plain; charset=latin1')))['content-type'], 'text/plain; charset=latin1')
  })

  it('refuses an array Content-Type with a TypeError', async () => {
    const h = await headers((r) => r.set('Content-Type', ['text/html', 'text/plain']))
    assert.equal(h['x-error'], 'TypeError')
    assert.equal(h['content-type'], undefined)
  })

  it('throws on a CR or LF in a name or value and writes nothing', async () => {
    for (const fn of [
      (r: Any) => r.set('X-A', 'ok\r\nInjected: 1'),
      (r: Any) => r.set('X-A', ['ok', 'no\nInjected: 1']),
      (r: Any) => r.set({ 'X-A\r\nInjected': '1' }),
      (r: Any) => r.set('Content-Type', 'text/html\r\nInjected: 1'),
      (r: Any) => r.header('X-A', 'a\rb'),
    ]) {
      const h = await headers(fn)
      assert.equal(h['x-error'], 'TypeError', fn.toString())
      assert.equal(h.injected, undefined)
      assert.equal(h['x-a'], undefined)
    }
  })
})

describe('res.set: a Content-Type the type table cannot read, as Express', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express5: Any = require('express')
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express4: Any = require('express4')

  const cases: Record<string, (res: Any) => void> = {
    end: (res) => res.set('Content-Type', 'foo').end('e'),
    text: (res) => res.set('Content-Type', 'foo').send('t'),
    bytes: (res) => res.set('Content-Type', 'foo').send(Buffer.from('b')),
    json: (res) => res.set('Content-Type', 'foo').json({ a: 1 }),
    get: (res) => res.set('Content-Type', 'foo').json({ type: typeof res.get('Content-Type'), value: String(res.get('Content-Type')) }),
    empty: (res) => res.set('Content-Type', '').send('t'),
  }

  async function answers(factory: Any): Promise<Record<string, string>> {
    const app = factory()
    app.set('env', 'production')
    app.get('/:name', (req: Any, res: Any) => cases[req.params.name](res))
    const out: Record<string, string> = {}
    await withServer(app, async ({ port }) => {
      for (const name of Object.keys(cases)) {
        const r = await request(port, '/' + name)
        out[name] = `${r.status} ${r.headers['content-type']} ${r.status === 200 ? r.body : ''}`
      }
    })
    return out
  }

  it('5.x stores false: res.get answers false, send and json set their own type, a bare end sends "false"', async () => {
    const theirs = await answers(express5)
    assert.deepEqual(await answers(webfw), theirs)
    assert.equal(theirs.end, '200 false e')
    assert.equal(theirs.bytes, '200 application/octet-stream b')
    assert.equal(theirs.get, '200 application/json; charset=utf-8 {"type":"boolean","value":"false"}')
    assert.equal(theirs.empty, '200 text/html; charset=utf-8 t')
  })

  it('4.x stores the value as given, and an empty one gives way to text/html', async () => {
    const theirs = await answers(express4)
    assert.deepEqual(await answers(webfw4), theirs)
    assert.equal(theirs.end, '200 foo e')
    assert.equal(theirs.empty, '200 text/html; charset=utf-8 t')
  })
})

describe('res.send: a string body\'s charset joins the type as each Express writes it', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express5: Any = require('express')
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const express4: Any = require('express4')
  const TYPES = ['text/plain; format=flowed', 'text/plain;foo=bar', 'text/plain; a=1; a=2', 'x/y; a=', 'text/plain; foo=bar;', 'text/plain; f=é']

  async function types(factory: Any): Promise<string[]> {
    const app = factory()
    app.set('env', 'test')
    app.get('/:i', (req: Any, res: Any) => res.type(TYPES[Number(req.params.i)]).send('t'))
    app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(500).end(err.message))
    const out: string[] = []
    await withServer(app, async ({ port }) => {
      for (let i = 0; i < TYPES.length; i++) {
        const r = await request(port, '/' + i)
        out.push(`${r.status} ${r.status === 200 ? r.headers['content-type'] : r.body}`)
      }
    })
    return out
  }

  it('5.x keeps the parameters in order (content-type 2)', async () => {
    const theirs = await types(express5)
    assert.deepEqual(await types(webfw), theirs)
    assert.equal(theirs[0], '200 text/plain; format=flowed; charset=utf-8')
  })

  it('4.x sorts them and refuses a list it cannot read (content-type 1)', async () => {
    const theirs = await types(express4)
    assert.deepEqual(await types(webfw4), theirs)
    assert.equal(theirs[0], '200 text/plain; charset=utf-8; format=flowed')
    assert.equal(theirs[4], '500 invalid parameter format')
  })
})
