/**
 * The HTTP/2 instruction count's load (bench/http2/instructions.js): h2load
 * is asked for exactly the requests counted (its arguments and summary are
 * bench/http/h2load.js's, which bench:http uses too), on one connection and one
 * stream at a time, with the scenario's headers, body and paths; and a
 * round in which any request is not answered 2xx fails instead of being
 * counted (run for real where h2load is installed).
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { packageRoot } from '../helpers/webfw'

/* eslint-disable @typescript-eslint/no-require-imports */
const { h2loadArgs, load } = require(join(packageRoot, 'bench/http2/instructions.js'))
const { scenarios } = require(join(packageRoot, 'bench/http/scenarios.js'))
const { parseSummary } = require(join(packageRoot, 'bench/http/h2load.js'))
/* eslint-enable @typescript-eslint/no-require-imports */

function hasH2load(): boolean {
  try {
    execFileSync('h2load', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe('bench/http2/instructions.js', () => {
  test("h2load's arguments: the count, one connection, one stream, the scenario's headers, body and paths", () => {
    const stack = scenarios.stack.requests[0]
    const { args, cleanUp } = h2loadArgs('stack', 'h2c', 4321, 3000) as { args: string[]; cleanUp: () => void }
    const at = (flag: string): string => args[args.indexOf(flag) + 1]
    try {
      assert.equal(at('-n'), '3000')
      assert.equal(at('-c'), '1')
      assert.equal(at('-m'), '1')
      assert.equal(readFileSync(at('-d'), 'utf8'), stack.body)
      for (const [name, value] of Object.entries(stack.headers as Record<string, string>)) assert.ok(args.includes(`${name}: ${value}`), name)
      assert.equal(args.at(-1), `http://127.0.0.1:4321${stack.path}`)
    } finally {
      cleanUp()
    }
    assert.equal(existsSync(at('-d')), false, "the body's file is removed")
    // TLS, and a scenario without a body
    const hello = h2loadArgs('hello', 'h2', 4321, 10) as { args: string[]; cleanUp: () => void }
    hello.cleanUp()
    assert.equal(hello.args.includes('-d'), false)
    assert.equal(hello.args.at(-1), 'https://127.0.0.1:4321/')
  })

  test("h2load's summary: the run's length in seconds or milliseconds, the requests that succeeded, the status codes", () => {
    const summary = (finished: string): string =>
      [
        `finished in ${finished}, 377.61 req/s, 12.04KB/s`,
        'requests: 25 total, 25 started, 25 done, 24 succeeded, 1 failed, 0 errored, 0 timeout',
        'status codes: 24 2xx, 0 3xx, 1 4xx, 0 5xx',
        'time for request:      187us     54.71ms      2.61ms     10.86ms    96.00%',
      ].join('\n')
    const short = parseSummary(summary('66.21ms'))
    assert.ok(Math.abs(short.duration - 0.06621) < 1e-12, String(short.duration))
    assert.equal(short.requests, 24)
    assert.deepEqual(short.statusCodes, { '2xx': 24, '3xx': 0, '4xx': 1, '5xx': 0 })
    assert.equal(short.non2xx, 1)
    assert.deepEqual(short.latency, { average: 2.61, max: 54.71 })
    assert.equal(parseSummary(summary('12.00s')).duration, 12)
    assert.equal(parseSummary(summary('soon')), null)
    assert.equal(parseSummary('connect: connection refused'), null)
  })

  test('a round counts only when every request is answered 2xx', { skip: !hasH2load() && 'h2load is not installed' }, async () => {
    let status = 200
    let answered = 0
    const server = http2.createServer((req, res) => {
      answered++
      res.statusCode = status
      res.end('x')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      await load('hello', 'h2c', port, 25)
      assert.equal(answered, 25)
      status = 404
      await assert.rejects(load('hello', 'h2c', port, 5), /not every request answered 2xx/)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
