/**
 * examples/logging: two reqlog instances, every request to a file stream in
 * the combined format and failed ones to the console (standard output).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'
import { freePort, Spawned } from '../deployment/spawned'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const createApp: Any = require(path.join(packageRoot, 'examples', 'logging', 'server.js'))

const COMBINED = /^127\.0\.0\.1 - - \[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET (\S+) HTTP\/1\.1" (\d{3}) \d+ "-" "-"$/

test('logging writes every request to the file and failed ones to the console', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-logging-'))
  const file = path.join(dir, 'access.log')
  const accessLog = fs.createWriteStream(file, { flags: 'a' })
  const app = createApp({ accessLog })
  app.set('env', 'test')

  const consoleLines: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    consoleLines.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  try {
    await withServer(app, async (srv) => {
      assert.equal((await rawRequest(srv.port, 'GET', '/')).status, 200)
      assert.equal((await rawRequest(srv.port, 'GET', '/missing')).status, 404)
      assert.equal((await rawRequest(srv.port, 'GET', '/boom')).status, 500)
    })
  } finally {
    process.stdout.write = write
  }
  accessLog.end()
  await once(accessLog, 'finish')

  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n')
  assert.deepEqual(
    lines.map((line) => {
      const m = COMBINED.exec(line)
      assert.ok(m, `not a combined line: ${line}`)
      return `${m[1]} ${m[2]}`
    }),
    ['/ 200', '/missing 404', '/boom 500'],
  )

  // eslint-disable-next-line no-control-regex
  const shown = consoleLines.join('').replace(/\x1b\[\d+m/g, '')
  assert.match(shown, /GET \/missing 404 [\d.]+ ms - \d+/)
  assert.match(shown, /GET \/boom 500 [\d.]+ ms - \d+/)
  assert.doesNotMatch(shown, /GET \/ 200/)
  fs.rmSync(dir, { recursive: true, force: true })
})

test("the README's sample access-log lines are what a run of the example writes", { timeout: 120_000 }, async (t) => {
  const readme = fs.readFileSync(path.join(packageRoot, 'examples', 'logging', 'README.md'), 'utf8')
  const sample = readme.split('\n').filter((line) => /^\S+ - - \[/.test(line))
  assert.equal(sample.length, 2, 'two sample lines in the README')

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-logging-'))
  const file = path.join(dir, 'access.log')
  const port = await freePort()
  const server = new Spawned(process.execPath, [path.join(packageRoot, 'examples', 'logging', 'server.js')], {
    env: { ...process.env, PORT: String(port), LOG_FILE: file },
    signal: t.signal,
  })
  try {
    await server.waitFor(/listening on/)
    // The same requests as the README's curl commands, with curl's user agent.
    for (const urlPath of ['/', '/missing']) await rawRequest(port, 'GET', urlPath, { 'user-agent': 'curl/7.88.1' })
    // Each line is written when its response has finished, by a file stream:
    // read until both are there (bounded, a guard against hangs).
    let written: string[] = []
    for (let attempt = 0; attempt < 2000 && written.length < 2; attempt++) {
      written = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)
      if (written.length < 2) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const withoutDate = (line: string) => line.replace(/\[[^\]]*\]/, '[date]')
    assert.deepEqual(written.map(withoutDate), sample.map(withoutDate))
  } finally {
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
