/**
 * The res.writeHead hook behind :response-time: it records the time and
 * passes every form of the call through untouched, and :res[name] still sees
 * header fields that were given to writeHead directly.
 */
import assert from 'node:assert/strict'
import type http from 'node:http'
import { describe, test } from 'node:test'
import { LineSink, plainServer, reqlog, send } from './support'

type Res = Omit<http.ServerResponse, 'writeHead'> & { writeHead: (...args: unknown[]) => Res }

/** A middleware placed before the loggers: records what reaches Node's own writeHead. */
function recorder(calls: unknown[][]) {
  return (req: unknown, res: Res, next: () => void): void => {
    const original = res.writeHead
    res.writeHead = function (this: Res, ...args: unknown[]): Res {
      calls.push(args.map((a) => (Array.isArray(a) ? { array: a, copy: [...a] } : a)))
      return original.apply(this, args)
    }
    next()
  }
}

describe('the writeHead hook', () => {
  test('passes status, reason and a flat header array through unchanged, and returns the response', async () => {
    const calls: unknown[][] = []
    const sink = new LineSink()
    const fields = ['Content-Type', 'text/plain', 'X-Dup', 'a', 'X-Dup', 'b']
    let returned: unknown
    const srv = await plainServer([recorder(calls), reqlog(':status :response-time', { stream: sink })], (req, res) => {
      returned = res.writeHead(201, 'Made It', fields)
      res.end('body')
    })
    try {
      const r = await send(srv.port, 'GET', '/')
      assert.equal(r.status, 201)
      assert.equal(r.headers['content-type'], 'text/plain')
      assert.equal(r.headers['x-dup'], 'a, b')
      assert.equal(calls.length, 1)
      const [status, reason, arg] = calls[0] as [number, string, { array: unknown[]; copy: unknown[] }]
      assert.equal(calls[0].length, 3)
      assert.equal(status, 201)
      assert.equal(reason, 'Made It')
      assert.equal(arg.array, fields, 'the same array object')
      assert.deepEqual(arg.copy, ['Content-Type', 'text/plain', 'X-Dup', 'a', 'X-Dup', 'b'])
      assert.deepEqual(fields, ['Content-Type', 'text/plain', 'X-Dup', 'a', 'X-Dup', 'b'], 'not modified afterwards')
      assert.ok(returned !== undefined)
      assert.match(await sink.line(), /^201 \d+\.\d{3}$/)
    } finally {
      await srv.close()
    }
  })

  test('passes a header object through as the same object, with nothing added', async () => {
    const calls: unknown[][] = []
    const fields = { 'Content-Type': 'text/plain' }
    const sink = new LineSink()
    const srv = await plainServer([recorder(calls), reqlog(':status', { stream: sink })], (req, res) => {
      res.writeHead(202, fields).end('chained')
    })
    try {
      const r = await send(srv.port, 'GET', '/')
      assert.equal(r.status, 202)
      assert.equal(r.body, 'chained')
      assert.deepEqual(calls, [[202, fields]])
      assert.equal(calls[0][1], fields)
      assert.deepEqual(Object.keys(fields), ['Content-Type'])
      assert.equal(await sink.line(), '202')
    } finally {
      await srv.close()
    }
  })

  test('sees Node\'s implicit head (res.end without writeHead)', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':status :response-time', { stream: sink })], (req, res) => {
      res.statusCode = 203
      res.end('implicit')
    })
    try {
      await send(srv.port, 'GET', '/')
      assert.match(await sink.line(), /^203 \d+\.\d{3}$/)
    } finally {
      await srv.close()
    }
  })

  test('several loggers on one response: Node\'s writeHead runs once, every line has a time', async () => {
    const calls: unknown[][] = []
    const a = new LineSink()
    const b = new LineSink()
    const srv = await plainServer([
      recorder(calls),
      reqlog(':response-time', { stream: a }),
      reqlog(':response-time', { stream: b }),
    ])
    try {
      await send(srv.port, 'GET', '/')
      assert.match(await a.line(), /^\d+\.\d{3}$/)
      assert.match(await b.line(), /^\d+\.\d{3}$/)
      assert.equal(calls.length, 1)
    } finally {
      await srv.close()
    }
  })
})

describe(':res[name] with fields given to writeHead', () => {
  const cases: Array<[string, (res: Res) => void, string]> = [
    ['an object', (res) => res.writeHead(200, { 'Content-Type': 'text/html', 'X-Num': 7 }), 'text/html 7 -'],
    ['a flat array', (res) => res.writeHead(200, ['content-type', 'text/css', 'X-Num', '8']), 'text/css 8 -'],
    ['an array of pairs', (res) => res.writeHead(200, [['Content-Type', 'image/png'], ['x-num', '9']]), 'image/png 9 -'],
    ['a flat array with a repeated name', (res) => res.writeHead(200, ['X-Num', '1', 'x-num', '2', 'Content-Type', 'a/b']), 'a/b 1, 2 -'],
    ['a reason and an object', (res) => res.writeHead(200, 'Fine', { 'content-type': 'text/x' }), 'text/x - -'],
    ['fields merged into headers set before', (res) => {
      res.setHeader('X-Before', 'kept')
      res.writeHead(200, { 'Content-Type': 'text/y' })
    }, 'text/y - kept'],
  ]
  for (const [name, writeHead, expected] of cases) {
    test(name, async () => {
      const sink = new LineSink()
      const srv = await plainServer([reqlog(':res[content-type] :res[x-num] :res[x-before]', { stream: sink })], (req, res) => {
        writeHead(res as unknown as Res)
        res.end()
      })
      try {
        await send(srv.port, 'GET', '/')
        assert.equal(await sink.line(), expected)
      } finally {
        await srv.close()
      }
    })
  }
})
