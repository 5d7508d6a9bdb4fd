/**
 * Body-parser rules where a reimplementation easily drifts from Express,
 * each case answered by Express 5 and Express 4 too and compared:
 * - which charset labels the json and urlencoded parsers take ("utf-..."
 *   and "utf-8" only: the label "utf8" is a 415, as in body-parser);
 * - which error comes first when both the charset and the Content-Encoding
 *   are unusable (the parser's own charset rule, then the coding, then a
 *   charset no decoder knows; the last before the coding with `verify`);
 * - 5.x's flat forms (`extended: false`), which are qs at depth 0: brackets
 *   around a whole key are stripped, `[]` and `[0]` make array indexes,
 *   a pair splits at "]=", and `[__proto__]` is dropped.
 */
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import { describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send } from '../helpers/client'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { errorReporter } from './body-helpers'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

interface Request {
  contentType: string
  coding?: string
  body: string
}

/** What a handler or error handler sees: req.body's keys, JSON and prototype, or the error. */
function appFor(factory: Any, kind: string, options: object): Any {
  const app = factory()
  app.use(factory[kind](options))
  app.use((req: Any, res: Any) => {
    const body = req.body
    const proto = body !== null && typeof body === 'object' ? Object.getPrototypeOf(body) : undefined
    res.json({
      keys: body !== null && typeof body === 'object' ? Reflect.ownKeys(body).map(String) : null,
      json: JSON.stringify(body),
      // (an empty prototype without one counts as none: webfw's documented
      // stand-in for querystring's null prototype, see docs/migration.md)
      proto: proto === null || (proto !== undefined && Object.getPrototypeOf(proto) === null && Reflect.ownKeys(proto).length === 0) ? 'null'
        : proto === Object.prototype ? 'object' : proto === Array.prototype ? 'array' : typeof proto,
    })
  })
  app.use(errorReporter)
  return app
}

/** The answers of `factory`'s parser to each request: status and JSON. */
async function answers(factory: Any, kind: string, options: object, requests: Request[]): Promise<unknown[]> {
  const out: unknown[] = []
  await withServer(appFor(factory, kind, options), async ({ port }) => {
    for (const r of requests) {
      const headers: Record<string, string> = { 'Content-Type': r.contentType }
      let body: Buffer = Buffer.from(r.body)
      if (r.coding !== undefined) {
        headers['Content-Encoding'] = r.coding
        if (r.coding === 'gzip') body = zlib.gzipSync(body)
      }
      const reply = await send(port, { headers, body })
      const json = reply.json()
      // Express's error answers carry no `body` for these cases' comparison.
      if (json && typeof json === 'object') delete json.body
      out.push({ status: reply.status, json })
    }
  })
  return out
}

/** Compares webfw 5 with Express 5 and webfw 4 with Express 4, and returns Express 5's answers. */
async function sameAsExpress(kind: string, options: object, requests: Request[]): Promise<Any[]> {
  const theirs5 = await answers(express5, kind, options, requests)
  const theirs4 = await answers(express4, kind, options, requests)
  assert.deepEqual(await answers(webfw, kind, options, requests), theirs5, `5.x ${kind} ${JSON.stringify(options)}`)
  assert.deepEqual(await answers(webfw4, kind, options, requests), theirs4, `4.x ${kind} ${JSON.stringify(options)}`)
  return theirs5 as Any[]
}

describe('body parsers, rules compared with Express 5 and 4', () => {
  test('charset labels: json takes "utf-..." only, urlencoded "utf-8" only', async () => {
    const json = await sameAsExpress('json', {}, [
      { contentType: 'application/json; charset=utf8', body: '{"a":1}' },
      { contentType: 'application/json; charset=UTF-8', body: '{"a":1}' },
      { contentType: 'application/json; charset=utf-16', body: '{"a":1}' },
      { contentType: 'application/json; charset=latin1', body: '{"a":1}' },
    ])
    assert.deepEqual(json.map((a) => a.status), [415, 200, 400, 415])
    assert.equal(json[0].json.message, 'unsupported charset "UTF8"')
    const form = await sameAsExpress('urlencoded', { extended: false }, [
      { contentType: 'application/x-www-form-urlencoded; charset=utf8', body: 'a=1' },
      { contentType: 'application/x-www-form-urlencoded; charset=utf-8', body: 'a=1' },
      { contentType: 'application/x-www-form-urlencoded; charset=utf-16', body: 'a=1' },
    ])
    assert.deepEqual(form.map((a) => a.status), [415, 200, 415])
    assert.equal(form[0].json.type, 'charset.unsupported')
  })

  test('a bad charset and a bad coding: the parser\'s own rule, then the coding, then the unknown charset', async () => {
    const text = await sameAsExpress('text', {}, [
      { contentType: 'text/plain; charset=bogus', coding: 'x-foo', body: 'hi' },
      { contentType: 'text/plain; charset=bogus', coding: 'gzip', body: 'hi' },
      { contentType: 'text/plain; charset=bogus', body: 'hi' },
    ])
    assert.deepEqual(text.map((a) => a.json.type), ['encoding.unsupported', 'charset.unsupported', 'charset.unsupported'])
    assert.equal(text[0].json.message, 'unsupported content encoding "x-foo"')
    const verified = await sameAsExpress('text', { verify: () => {} }, [{ contentType: 'text/plain; charset=bogus', coding: 'x-foo', body: 'hi' }])
    assert.equal(verified[0].json.type, 'charset.unsupported')
    const noInflate = await sameAsExpress('text', { inflate: false }, [{ contentType: 'text/plain; charset=bogus', coding: 'gzip', body: 'hi' }])
    assert.equal(noInflate[0].json.message, 'content encoding unsupported')
    const json = await sameAsExpress('json', {}, [
      { contentType: 'application/json; charset=latin1', coding: 'x-foo', body: '{}' },
      { contentType: 'application/json; charset=utf-99', coding: 'x-foo', body: '{}' },
    ])
    assert.deepEqual(json.map((a) => a.json.type), ['charset.unsupported', 'encoding.unsupported'])
  })

  test('5.x flat forms read brackets as qs at depth 0 does; 4.x as Node\'s querystring', async () => {
    const bodies = ['[x]=1', '[0]=a', '[]=a&[]=b', '[__proto__]=x&b=2', 'x=a]=b', 'a]=b=c', '%5Bx%5D=1', '%5bx%5d=1&%5B%5D=2', '[x]y=1', 'a[b]=1&a[c]=2', 'q=%5B']
    const five = await sameAsExpress(
      'urlencoded',
      { extended: false },
      bodies.map((body) => ({ contentType: 'application/x-www-form-urlencoded', body })),
    )
    // Express 5's own answers, so the comparison above cannot pass on a wrong reference.
    assert.equal(five[0].json.json, '{"x":"1"}')
    assert.equal(five[3].json.json, '{"b":"2"}')
    assert.equal(five[4].json.json, '{"x=a]":"b"}')
    assert.equal(five[9].json.json, '{"a[b]":"1","a[c]":"2"}')
  })
})
