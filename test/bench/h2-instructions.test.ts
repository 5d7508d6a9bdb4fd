/**
 * The HTTP/2 instruction count's load (bench/http2/instructions.js): h2load
 * is asked for exactly the requests counted, on one connection and one
 * stream at a time, with the scenario's headers, body and paths; and a
 * round in which any request is not answered 2xx fails instead of being
 * counted (run for real where h2load is installed).
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { packageRoot } from '../helpers/webfw'

/* eslint-disable @typescript-eslint/no-require-imports */
const { h2loadArgs, load } = require(join(packageRoot, 'bench/http2/instructions.js'))
const { scenarios } = require(join(packageRoot, 'bench/http/scenarios.js'))
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
    const args: string[] = h2loadArgs('stack', 'h2c', 4321, 3000, '/tmp/body')
    const at = (flag: string): string => args[args.indexOf(flag) + 1]
    assert.equal(at('-n'), '3000')
    assert.equal(at('-c'), '1')
    assert.equal(at('-m'), '1')
    assert.equal(at('-d'), '/tmp/body')
    for (const [name, value] of Object.entries(stack.headers as Record<string, string>)) assert.ok(args.includes(`${name}: ${value}`), name)
    assert.equal(args.at(-1), `http://127.0.0.1:4321${stack.path}`)
    // TLS, and a scenario without a body
    const hello: string[] = h2loadArgs('hello', 'h2', 4321, 10, undefined)
    assert.equal(hello.includes('-d'), false)
    assert.equal(hello.at(-1), 'https://127.0.0.1:4321/')
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
      await load('hello', 'h2c', port, 25, undefined)
      assert.equal(answered, 25)
      status = 404
      await assert.rejects(load('hello', 'h2c', port, 5, undefined), /not every request answered 2xx/)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
