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
