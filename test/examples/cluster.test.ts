/**
 * examples/cluster: the primary starts the workers on one shared port,
 * connections are spread over them, a worker that dies is replaced, and
 * SIGTERM stops everything. Runs the example as its own process tree.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import path from 'node:path'
import { test } from 'node:test'
import { packageRoot } from '../helpers/webfw'
import { Spawned } from '../deployment/spawned'

const SERVER = path.join(packageRoot, 'examples', 'cluster', 'server.js')

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // agent: false makes a new connection per request, so the primary hands
    // each one to the next worker.
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

async function pids(port: number, count: number): Promise<Set<number>> {
  const seen = new Set<number>()
  for (let i = 0; i < count; i++) seen.add(JSON.parse((await get(port, '/pid')).body).pid)
  return seen
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Waits (up to 60 s: a guard against hangs, not a timing check) for process `pid` to exit. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 1200 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50))
  return !alive(pid)
}

test('cluster runs the app on two workers, replaces a dead one, and stops on SIGTERM', { timeout: 180_000 }, async (t) => {
  const primary = new Spawned(process.execPath, [SERVER], { env: { ...process.env, PORT: '0', WORKERS: '2' }, signal: t.signal })
  const workers = new Set<number>()
  try {
    const port = Number((await primary.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+) \(2 workers\)/))[1])

    const hello = await get(port, '/')
    assert.equal(hello.status, 200)
    assert.equal(hello.body, 'Hello World!')

    const first = await pids(port, 6)
    for (const pid of first) workers.add(pid)
    assert.equal(first.size, 2, 'both workers answer')
    assert.ok(!first.has(primary.child.pid as number), 'the primary does not serve requests')

    // Kill one worker: the primary starts another on the same port.
    const [victim] = first
    const mark = primary.stdout.length
    process.kill(victim, 'SIGKILL')
    await primary.waitFor(new RegExp(`worker ${victim} died \\(SIGKILL\\); starting a new one`), { from: mark })
    const diedAt = primary.stdout.indexOf(`worker ${victim} died`, mark)
    const replacement = Number((await primary.waitFor(/worker (\d+) listening/, { from: diedAt }))[1])
    workers.add(replacement)
    assert.notEqual(replacement, victim)

    const after = await pids(port, 6)
    for (const pid of after) workers.add(pid)
    assert.ok(!after.has(victim), 'the dead worker is gone')
    assert.ok(after.has(replacement), 'the new worker answers')

    primary.child.kill('SIGTERM')
    assert.equal((await primary.exited).code, 0)
    assert.match(primary.stdout, /primary: shutting down/)
    // Workers exit once the primary has disconnected them (polled: the
    // processes may take a moment to go after the primary has exited).
    for (const pid of workers) assert.ok(await gone(pid), `worker ${pid} stopped`)
  } finally {
    await primary.stop()
    for (const pid of workers) if (alive(pid)) process.kill(pid, 'SIGKILL')
  }
})
