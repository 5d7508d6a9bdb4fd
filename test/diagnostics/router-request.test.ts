/**
 * `express.router.request`, the tracing channel Express 5.3's router
 * publishes each handler call on: webfw's 5.x routers publish the same
 * events with the same messages. One app, built with webfw and with
 * Express 5 (5.3, whose router publishes), serves the same requests; a
 * subscriber records each request's events (event, layer and handler
 * names, the matched pattern, param, error handler fields, error, result,
 * message keys) and the two records must be equal. Also: the stores bound
 * to `start`, 4.x routers staying silent, and nothing published once the
 * subscriber is gone.
 */
import assert from 'node:assert/strict'
import { AsyncLocalStorage } from 'node:async_hooks'
import dc from 'node:diagnostics_channel'
import type { Server } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { request } from '../helpers/call'
import { express5, listenLocal } from '../helpers/side-by-side'
import { webfw, webfw4, type Any } from '../helpers/webfw'

const channel = dc.tracingChannel('express.router.request')
const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const

/** Lines recorded per request object. */
const records = new Map<object, string[]>()

function describeValue(value: unknown): string {
  if (value instanceof Error) return 'Error(' + value.message + ')'
  if (value instanceof RegExp) return 're:' + value.source
  if (value !== null && typeof value === 'object') return typeof (value as { then?: unknown }).then === 'function' ? 'thenable' : 'object'
  return String(value)
}

function line(event: string, m: Any): string {
  return [
    event, m.layer?.name, m.handler?.name, describeValue(m.route), m.param ?? '', m.errorHandler ?? '',
    'incomingError' in m ? describeValue(m.incomingError) : '', 'error' in m ? describeValue(m.error) : '-',
    'result' in m ? describeValue(m.result) : '-', Object.keys(m).join(','),
  ].join(' | ')
}

const handlers = Object.fromEntries(
  EVENTS.map((event) => [
    event,
    (m: Any) => {
      let list = records.get(m.req)
      if (list === undefined) records.set(m.req, (list = []))
      list.push(line(event, m))
    },
  ]),
)

const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5))

/** The app both frameworks serve: each kind of call and outcome the channel reports. */
function build(f: Any): Any {
  const app = f()
  app.set('env', 'test')
  app.use(function logger(_req: Any, _res: Any, next: Any) { next() })
  app.param('pid', function pidParam(_req: Any, _res: Any, next: Any, v: string) {
    if (v === 'bad') return next(new Error('bad pid'))
    if (v === 'throw') throw new Error('param threw')
    if (v === 'async') return later().then(() => next())
    if (v === 'rej') return Promise.reject(new Error('param rejected'))
    next()
  })
  app.get('/p/:pid', function pHandler(req: Any, res: Any) { res.send('p ' + req.params.pid) })
  app.get('/sync', function syncH(_req: Any, res: Any) { res.send('ok'); return 42 })
  app.get('/async', async function asyncH(_req: Any, res: Any) { await later(); res.send('ok'); return 'done' })
  app.get('/throw', function throwH() { throw new Error('thrown') })
  app.get('/reject', async function rejectH() { await later(); throw new Error('rejected') })
  app.get('/reject-empty', function rejectEmpty() { return Promise.reject() })
  app.get('/nexterr', function nextErr(_req: Any, _res: Any, next: Any) { next(new Error('via next')) })
  app.get('/rethrow', function passOn(_req: Any, _res: Any, next: Any) { next(new Error('to rethrow')) })
  app.get('/replace', function replace(_req: Any, _res: Any, next: Any) { next(new Error('to replace')) })
  app.get('/two', function first(_req: Any, _res: Any, next: Any) { next() }, function second(_req: Any, res: Any) { res.send('two') })
  app.get('/skip', function skipper(_req: Any, _res: Any, next: Any) { next('route') }, function never(_req: Any, res: Any) { res.send('never') })
  app.get('/skip', function afterSkip(_req: Any, res: Any) { res.send('after') })
  app.get(['/arr1', '/arr2'], function arr(_req: Any, res: Any) { res.send('arr') })
  app.get(/^\/re(\d+)$/, function reH(_req: Any, res: Any) { res.send('re') })
  app.route('/allget').all(function allH(_req: Any, _res: Any, next: Any) { next() }).get(function getH(_req: Any, res: Any) { res.send('allget') })
  app.get('/nextasync', async function nextAsync(_req: Any, _res: Any, next: Any) { next() })
  app.get('/nextasync', function fin(_req: Any, res: Any) { res.send('fin') })
  app.get('/u/:uid', function uH(req: Any, res: Any) { res.send(req.params.uid) })
  app.use(['/m1', '/m2'], function arrUse(_req: Any, _res: Any, next: Any) { next() })
  app.get(['/m1', '/m2'], function arrGet(_req: Any, res: Any) { res.send('m') })
  const router = f.Router()
  router.use(function routerMw(_req: Any, _res: Any, next: Any) { next() })
  router.get('/items/:pid', function item(_req: Any, res: Any) { res.send('item') })
  router.get('/leave', function leaver(_req: Any, _res: Any, next: Any) { next('router') })
  router.get('/boom', function boom() { throw new Error('router boom') })
  router.use(function routerErr(err: Any, _req: Any, _res: Any, next: Any) { next(err) })
  app.use('/api', router)
  app.get('/api/leave', function afterLeave(_req: Any, res: Any) { res.send('left') })
  const merged = f.Router({ mergeParams: true })
  merged.param('pid', function mergedParam(req: Any, _res: Any, next: Any) { req.seen = (req.seen || 0) + 1; next() })
  merged.get('/x/:pid', function x1(_req: Any, _res: Any, next: Any) { next() })
  merged.get('/x/:pid', function x2(req: Any, res: Any) { res.send(`x ${req.params.mid} ${req.params.pid} ${req.seen}`) })
  merged.get('/twice', function twice(_req: Any, _res: Any, next: Any) { next(); next() })
  merged.get('/resolved', function resolvedH(_req: Any, res: Any) { res.send('r'); return Promise.resolve(7) })
  app.use('/m/:mid', merged)
  const sub = f()
  sub.get('/hi', function subHi(_req: Any, res: Any) { res.send('sub') })
  app.use('/sub', sub)
  app.use(function errorH(err: Any, _req: Any, res: Any, next: Any) {
    if (err.message === 'to rethrow') return next(err)
    if (err.message === 'to replace') return next(new Error('replaced'))
    res.status(err.status || 500).send('E ' + err.message)
  })
  app.use(function finalErr(err: Any, _req: Any, res: Any, _next: Any) { res.status(500).send('F ' + err.message) })
  return app
}

const REQUESTS: [string, string][] = [
  ['GET', '/sync'], ['GET', '/async'], ['GET', '/throw'], ['GET', '/reject'], ['GET', '/reject-empty'],
  ['GET', '/nexterr'], ['GET', '/rethrow'], ['GET', '/replace'], ['GET', '/two'], ['GET', '/skip'],
  ['GET', '/arr2'], ['GET', '/re12'], ['GET', '/allget'], ['GET', '/nextasync'], ['GET', '/p/ok'],
  ['GET', '/p/bad'], ['GET', '/p/throw'], ['GET', '/p/async'], ['GET', '/p/rej'], ['GET', '/api/items/3'],
  ['GET', '/api/leave'], ['GET', '/api/boom'], ['GET', '/sub/hi'], ['GET', '/nothing'], ['GET', '/u/%E0%A4%A'],
  ['HEAD', '/sync'], ['OPTIONS', '/two'], ['POST', '/sync'], ['GET', '/m2'], ['GET', '/m/9/x/5'],
  ['GET', '/m/9/twice'], ['GET', '/m/9/resolved'],
]

/** Status, body and the events of one request (after its promises have settled). */
async function traced(port: number, method: string, path: string): Promise<string[]> {
  records.clear()
  const res = await request(port, path, { method })
  await later()
  await later()
  return [`${res.status} ${res.body}`, ...[...records.values()].flat()]
}

describe('express.router.request (5.x)', () => {
  let ours: { server: Server; port: number }
  let theirs: { server: Server; port: number }
  before(async () => {
    channel.subscribe(handlers as Any)
    ours = await listenLocal(build(webfw))
    theirs = await listenLocal(build(express5))
  })
  after(() => {
    channel.unsubscribe(handlers as Any)
    ours.server.close()
    theirs.server.close()
  })

  test('Express 5 publishes (the reference this file compares with)', async () => {
    const events = await traced(theirs.port, 'GET', '/sync')
    assert.ok(events.length > 1, 'express@5 with router 2.3 or later publishes on the channel')
  })

  for (const [method, path] of REQUESTS) {
    test(`${method} ${path}: the same events as Express 5`, async () => {
      const expected = await traced(theirs.port, method, path)
      const actual = await traced(ours.port, method, path)
      assert.deepEqual(actual, expected)
    })
  }

  test('the events, as published for a handler that throws under a middleware', async () => {
    assert.deepEqual(await traced(ours.port, 'GET', '/throw'), [
      '500 E thrown',
      'start | logger | logger | / |  |  |  | - | - | req,res,layer,handler,route',
      'start | throwH | throwH | /throw |  |  |  | - | - | req,res,layer,handler,route',
      'error | throwH | throwH | /throw |  |  |  | Error(thrown) | - | req,res,layer,handler,route,error',
      'start | errorH | errorH | / |  | true | Error(thrown) | - | - | req,res,incomingError,layer,handler,route,errorHandler',
      'end | errorH | errorH | / |  | true | Error(thrown) | - | undefined | req,res,incomingError,layer,handler,route,errorHandler,result',
      'end | throwH | throwH | /throw |  |  |  | Error(thrown) | - | req,res,layer,handler,route,error',
      'end | logger | logger | / |  |  |  | - | undefined | req,res,layer,handler,route,result',
    ])
  })

  test('a handler runs in the stores bound to start', async () => {
    const store = new AsyncLocalStorage<string>()
    channel.start.bindStore(store, (m: Any) => 'handler ' + m.handler.name)
    try {
      const app = webfw()
      app.get('/store', async function storeH(_req: Any, res: Any) {
        await later()
        res.send(String(store.getStore()))
      })
      const { server, port } = await listenLocal(app)
      try {
        assert.equal((await request(port, '/store')).body, 'handler storeH')
      } finally {
        server.close()
      }
    } finally {
      channel.start.unbindStore(store)
    }
  })

  test('4.x routers do not publish, as Express 4\'s do not', async () => {
    const app = webfw4()
    app.get('/v4', function v4H(_req: Any, res: Any) { res.send('v4') })
    const { server, port } = await listenLocal(app)
    try {
      assert.deepEqual(await traced(port, 'GET', '/v4'), ['200 v4'])
    } finally {
      server.close()
    }
  })
})

test('nothing is published without a subscriber', async () => {
  const seen: string[] = []
  const onStart = (m: Any): void => void seen.push(m.handler.name)
  const app = webfw()
  app.get('/quiet', function quietH(_req: Any, res: Any) { res.send('q') })
  const { server, port } = await listenLocal(app)
  try {
    channel.start.subscribe(onStart)
    await request(port, '/quiet')
    channel.start.unsubscribe(onStart)
    await request(port, '/quiet')
    assert.deepEqual(seen, ['quietH'])
  } finally {
    server.close()
  }
})
