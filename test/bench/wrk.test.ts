/**
 * `--load wrk` (bench/http/wrk.js): the Lua script sends each scenario's
 * requests byte for byte (run for real where wrk is installed), and wrk's
 * summary line becomes runLoad's shape, latencies in milliseconds with
 * microsecond resolution.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { packageRoot } from '../helpers/webfw'

/* eslint-disable @typescript-eslint/no-require-imports */
const { luaString, parseSummary, runWrk } = require(join(packageRoot, 'bench/http/wrk.js'))
const { scenarios } = require(join(packageRoot, 'bench/http/scenarios.js'))
/* eslint-enable @typescript-eslint/no-require-imports */

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['-v'], { stdio: 'ignore' })
    return true
  } catch (err) {
    // `wrk -v` exits with 1 after printing its version.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as { status?: number }).status === 1
  }
}

describe('bench/http/wrk.js', () => {
  test('a Lua literal escapes the quote, the backslash, control characters and every byte outside ASCII', () => {
    assert.equal(luaString('a"b\\c'), '"a\\034b\\092c"')
    assert.equal(luaString('\r\n'), '"\\013\\010"')
    // é is two bytes in UTF-8, each written as its own escape.
    assert.equal(luaString('é'), '"\\195\\169"')
    assert.equal(luaString('/users/1?x=y'), '"/users/1?x=y"')
  })

  test("the script's summary line becomes milliseconds, with wrk's status errors as non-2xx", () => {
    const out = [
      'Running 8s test @ http://127.0.0.1:1234',
      'WEBFW-WRK {"requests":200000,"durationUs":8000000,"bytes":40000000,"connect":0,"read":1,"write":0,"status":3,"timeout":2,' +
        '"meanUs":1234.567,"maxUs":20999,"p50Us":1187,"p90Us":1500,"p99Us":2345,"p999Us":9000}',
    ].join('\n')
    const r = parseSummary(out)
    assert.equal(r.requests, 200000)
    assert.equal(r.duration, 8)
    assert.equal(r.rps, 25000)
    assert.deepEqual(r.latency, { average: 1.235, p50: 1.187, p90: 1.5, p99: 2.345, p999: 9, max: 20.999 })
    assert.equal(r.non2xx, 3)
    // a read error and two timeouts, which count as errors as in autocannon's summary
    assert.equal(r.errors, 3)
    assert.equal(r.timeouts, 2)
    assert.equal(parseSummary('wrk: connection refused'), null)
  })

  test('wrk sends the scenario requests in turn, bodies and headers byte for byte', { skip: !hasWrk() && 'wrk is not installed' }, async () => {
    // `routes` has ten paths; `stack` a body with quotes and a cookie header.
    for (const name of ['routes', 'stack']) {
      // A server per scenario: what it saw is that scenario's alone.
      const seen = new Map<string, { method: string; headers: http.IncomingHttpHeaders; body: string }>()
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (c: Buffer) => chunks.push(c))
        req.on('end', () => {
          if (!seen.has(req.url as string)) seen.set(req.url as string, { method: req.method as string, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
          res.end('ok')
        })
      })
      server.listen(0, '127.0.0.1')
      await once(server, 'listening')
      try {
        const { port } = server.address() as AddressInfo
        const r = await runWrk({ port, scenario: name, duration: 1, connections: 2 })
        assert.ok(r.requests > 0)
        assert.equal(r.non2xx, 0)
        const sentRequests = scenarios[name].requests as { method: string; path: string; headers?: Record<string, string>; body?: string }[]
        for (const path of seen.keys()) assert.ok(sentRequests.some((q) => q.path === path), `${name}: ${path} is one of the scenario's paths`)
        // Requests go out in turn: once twice as many were answered as the
        // scenario has, every one of them was sent (a machine slow enough
        // to answer fewer in the second still has the first checked).
        const expected = r.requests >= 2 * sentRequests.length ? sentRequests : sentRequests.slice(0, 1)
        for (const sent of expected) {
          const got = seen.get(sent.path)
          assert.ok(got, `${name}: ${sent.path} was requested`)
          assert.equal(got.method, sent.method)
          assert.equal(got.body, sent.body ?? '')
          for (const [header, value] of Object.entries(sent.headers ?? {})) assert.equal(got.headers[header.toLowerCase()], value)
        }
      } finally {
        server.close()
        server.closeAllConnections()
      }
    }
  })
})
