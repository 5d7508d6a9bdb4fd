/**
 * docs/deployment.md, several instances sharing sessions: a real
 * redis-server (private to the test: ephemeral port, no persistence, a temp
 * dir) and two processes of examples/shared-sessions (express-session with
 * connect-redis). A session made on one instance is read, changed and ended
 * on the other. Skipped, with the reason, when redis-server is not installed.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { rawRequest } from '../helpers/http'
import { packageRoot } from '../helpers/webfw'
import { Spawned, findProgram, freePort, skipWithout } from './spawned'

const SERVER = path.join(packageRoot, 'examples', 'shared-sessions', 'server.js')

/** Starts redis-server on a free loopback port (another one if it was taken meanwhile); resolves once it is ready. */
async function startRedis(dir: string, signal: AbortSignal): Promise<{ redis: Spawned; port: number }> {
  const program = findProgram('redis-server') as string
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const redis = new Spawned(program, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'], { cwd: dir, signal })
    try {
      // Its own word that it is ready.
      await redis.waitFor(/Ready to accept connections/)
      return { redis, port }
    } catch (err) {
      await redis.stop()
      if (attempt < 5 && /Address already in use/.test(redis.stdout + redis.stderr)) continue
      throw err
    }
  }
}

/** Starts one instance of the example; resolves with its port once it listens. */
async function startInstance(name: string, redisPort: number, signal: AbortSignal): Promise<{ proc: Spawned; port: number }> {
  const port = await freePort()
  const proc = new Spawned(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), INSTANCE: name, REDIS_URL: `redis://127.0.0.1:${redisPort}`, SESSION_SECRET: 'a secret for this test only' },
    signal,
  })
  await proc.waitFor(/listening on/)
  return { proc, port }
}

test('two instances share sessions through a real Redis', { skip: skipWithout('redis-server'), timeout: 120_000 }, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-redis-'))
  const processes: Spawned[] = []
  try {
    const { redis, port: redisPort } = await startRedis(dir, t.signal)
    processes.push(redis)
    const a = await startInstance('a', redisPort, t.signal)
    processes.push(a.proc)
    const b = await startInstance('b', redisPort, t.signal)
    processes.push(b.proc)

    const login = await rawRequest(a.port, 'POST', '/login', { 'content-type': 'application/json' }, '{"name":"ada"}')
    assert.equal(login.status, 200, login.body)
    assert.deepEqual(JSON.parse(login.body), { instance: 'a', user: 'ada' })
    const setCookie = login.headers['set-cookie'] ?? []
    assert.equal(setCookie.length, 1)
    const cookie = setCookie[0].split(';')[0]
    assert.match(cookie, /^sid=/)

    // The other instance knows the user, and both update the same session.
    assert.deepEqual(JSON.parse((await rawRequest(b.port, 'GET', '/me', { cookie })).body), { instance: 'b', user: 'ada', views: 1 })
    assert.deepEqual(JSON.parse((await rawRequest(a.port, 'GET', '/me', { cookie })).body), { instance: 'a', user: 'ada', views: 2 })

    // Without the cookie: nobody.
    assert.deepEqual(JSON.parse((await rawRequest(b.port, 'GET', '/me')).body), { instance: 'b', user: null, views: 1 })

    // Logging out on b ends the session for a too.
    assert.equal((await rawRequest(b.port, 'POST', '/logout', { cookie })).status, 200)
    assert.deepEqual(JSON.parse((await rawRequest(a.port, 'GET', '/me', { cookie })).body), { instance: 'a', user: null, views: 1 })
  } finally {
    for (const proc of processes.reverse()) await proc.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
