/**
 * Prototype pollution through everything a client names: query strings
 * (both parsers), urlencoded bodies (flat and extended), JSON bodies,
 * cookies, and route parameters named after Object.prototype's members.
 * After every request Object.prototype and the other built-in prototypes
 * are unchanged, and the objects handed to the app inherit nothing but
 * Object.prototype's own members.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { request } from '../helpers/call'
import { serve, type Running } from '../helpers/http'
import { webfw, webfw4, type Any } from '../helpers/webfw'
import { assertBuiltinsUnchanged, snapshotBuiltins } from '../fuzz/support'

const PAYLOADS = [
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  'constructor[prototype][polluted]=1',
  'constructor.prototype.polluted=1',
  '%5F%5Fproto%5F%5F[polluted]=1',
  '__proto__=x&__proto__[polluted]=1',
  'a[__proto__][polluted]=1',
  'a[constructor][prototype][polluted]=1',
  '__proto__[toString]=1&__proto__[valueOf]=1',
  'toString=1&hasOwnProperty=1&valueOf=1',
  '__proto__[]=1',
  'a[0]=1&a[__proto__][length]=99',
]

/**
 * 'Object.prototype', 'null' (no prototype, or only empty ones, as the
 * runtime-dialect results of src/util/flat-form.ts have), or 'other'.
 */
function prototypeKind(value: object): string {
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype ? 'Object.prototype' : 'other'
  for (let p = Object.getPrototypeOf(value); p !== null; p = Object.getPrototypeOf(p)) {
    if (p === Object.prototype) return Object.getPrototypeOf(value) === Object.prototype ? 'Object.prototype' : 'other'
    if (Reflect.ownKeys(p).length !== 0) return 'other'
  }
  return 'null'
}

/** What a handler reports about an object it was given. */
function describeObject(value: Any): Any {
  if (value === undefined) return { undefined: true }
  return {
    proto: prototypeKind(value),
    fresh: ({} as Any).polluted ?? null,
    inheritedPolluted: 'polluted' in value && !Object.prototype.hasOwnProperty.call(value, 'polluted'),
  }
}

function appFor(factory: Any): Any {
  const app = factory()
  app.set('env', 'test')
  app.use(factory.cookieParser('secret'))
  app.get('/simple', (req: Any, res: Any) => res.json(describeObject(req.query)))
  app.post('/form', factory.urlencoded({ extended: false }), (req: Any, res: Any) => res.json(describeObject(req.body)))
  app.post('/form-ext', factory.urlencoded({ extended: true }), (req: Any, res: Any) => res.json(describeObject(req.body)))
  app.post('/json', factory.json(), (req: Any, res: Any) => res.json(describeObject(req.body)))
  app.get('/cookies', (req: Any, res: Any) => res.json({ cookies: describeObject(req.cookies), signed: describeObject(req.signedCookies) }))
  return app
}

const snapshot = snapshotBuiltins()
let srv5: Running
let srv4: Running
let srvExt: Running

before(async () => {
  srv5 = await serve(appFor(webfw))
  srv4 = await serve(appFor(webfw4))
  const ext = appFor(webfw)
  ext.set('query parser', 'extended')
  srvExt = await serve(ext)
})
after(async () => {
  await srv5.close()
  await srv4.close()
  await srvExt.close()
})

const SAFE = { proto: 'Object.prototype', fresh: null, inheritedPolluted: false }
function safe(reply: { status: number; body: string }, context: string): void {
  assert.equal(reply.status, 200, context)
  const seen = JSON.parse(reply.body)
  assert.equal(seen.fresh, null, `${context}: {}.polluted is set`)
  assert.equal(seen.inheritedPolluted, false, `${context}: inherits polluted`)
  assert.ok(seen.proto === 'Object.prototype' || seen.proto === 'null', `${context}: prototype ${seen.proto}`)
  assertBuiltinsUnchanged(snapshot, context)
}

describe('query strings', () => {
  for (const payload of PAYLOADS) {
    it(`simple (5.x default), extended (4.x default) and extended on 5.x: ${payload}`, async () => {
      safe(await request(srv5.port, '/simple?' + payload), '5.x simple')
      safe(await request(srv4.port, '/simple?' + payload), '4.x extended')
      safe(await request(srvExt.port, '/simple?' + payload), '5.x extended')
    })
  }
})

describe('urlencoded bodies', () => {
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
  for (const payload of PAYLOADS) {
    it(`flat and extended: ${payload}`, async () => {
      for (const srv of [srv5, srv4]) {
        safe(await request(srv.port, '/form', { method: 'POST', body: payload, headers: form }), 'flat')
        safe(await request(srv.port, '/form-ext', { method: 'POST', body: payload, headers: form }), 'extended')
      }
    })
  }

  it('the flat parser drops a __proto__ key rather than keep it as data', async () => {
    const app = webfw()
    app.post('/', webfw.urlencoded({ extended: false }), (req: Any, res: Any) => res.json(Object.keys(req.body)))
    const srv = await serve(app)
    try {
      const reply = await request(srv.port, '/', { method: 'POST', body: '__proto__=1&a=2&constructor=3', headers: form })
      assert.deepEqual(JSON.parse(reply.body), ['a', 'constructor'])
    } finally {
      await srv.close()
    }
  })
})

describe('JSON bodies', () => {
  const bodies = [
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"a":{"__proto__":{"polluted":1}}}',
    '[{"__proto__":{"polluted":1}}]',
    '{"__proto__":null}',
    '{"\\u005f_proto__":{"polluted":1}}',
  ]
  for (const body of bodies) {
    it(body, async () => {
      for (const srv of [srv5, srv4]) {
        safe(await request(srv.port, '/json', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }), 'json')
      }
    })
  }

  it('a "__proto__" key stays an own data property, as JSON.parse (and Express) gives it', async () => {
    const app = webfw()
    app.post('/', webfw.json(), (req: Any, res: Any) =>
      res.json({ own: Object.keys(req.body), proto: Object.getPrototypeOf(req.body) === Object.prototype, polluted: req.body.polluted ?? null }),
    )
    const srv = await serve(app)
    try {
      const reply = await request(srv.port, '/', { method: 'POST', body: '{"__proto__":{"polluted":1}}', headers: { 'Content-Type': 'application/json' } })
      assert.deepEqual(JSON.parse(reply.body), { own: ['__proto__'], proto: true, polluted: null })
    } finally {
      await srv.close()
    }
  })
})

describe('cookies', () => {
  const headers = [
    '__proto__=x; constructor=y; toString=z',
    '__proto__=' + encodeURIComponent('j:{"polluted":1}'),
    'a=' + encodeURIComponent('j:{"__proto__":{"polluted":1}}'),
    'constructor=' + encodeURIComponent('j:{"prototype":{"polluted":1}}'),
    '__proto__=' + encodeURIComponent('s:forged.sig'),
  ]
  for (const cookie of headers) {
    it(cookie, async () => {
      for (const srv of [srv5, srv4]) {
        const reply = await request(srv.port, '/cookies', { headers: { Cookie: cookie } })
        const seen = JSON.parse(reply.body)
        for (const part of [seen.cookies, seen.signed]) {
          safe({ status: reply.status, body: JSON.stringify(part) }, cookie)
        }
      }
    })
  }
})

describe('route parameters named after Object.prototype members', () => {
  for (const [label, factory] of [['5.x', webfw], ['4.x', webfw4]] as [string, Any][]) {
    it(`${label}: param triggers for constructor, toString, hasOwnProperty and __proto__ are names like any other`, async () => {
      const app = factory()
      app.set('env', 'test')
      for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
        app.param(name, (req: Any, _res: Any, next: Any, value: unknown) => {
          ;(req.seen ??= []).push(`${name}=${typeof value === 'string' ? value : typeof value}`)
          next()
        })
      }
      app.get('/a/:constructor/:toString', (req: Any, res: Any) => res.json({ seen: req.seen ?? [], params: { ...req.params } }))
      app.get('/b/:hasOwnProperty/:__proto__', (req: Any, res: Any) => res.json({ seen: req.seen ?? [] }))
      const srv = await serve(app)
      try {
        const a = JSON.parse((await request(srv.port, '/a/x/y')).body)
        assert.deepEqual(a, { seen: ['constructor=x', 'toString=y'], params: { constructor: 'x', toString: 'y' } })
        const b = JSON.parse((await request(srv.port, '/b/p/q')).body)
        // 5.x params have no prototype, so "__proto__" is a parameter like the others;
        // 4.x params are plain objects where Express 4 loses it — and the trigger
        // must then not be handed Object.prototype as the value.
        assert.deepEqual(b, { seen: label === '5.x' ? ['hasOwnProperty=p', '__proto__=q'] : ['hasOwnProperty=p'] })
        assertBuiltinsUnchanged(snapshot, label)
      } finally {
        await srv.close()
      }
    })
  }
})
