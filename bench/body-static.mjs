// End-to-end benchmark of the built-in middleware against Express 5, in one
// run: a POST of a 1 KB JSON body through json(), and a GET of a 10 KB file
// through static(). Each server runs in its own child process; autocannon
// drives them from this process. Ratios are webfw / express (higher is better).
//
// usage: npm run build && node bench/body-static.mjs [seconds=5] [connections=32] [rounds=3]
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const here = fileURLToPath(import.meta.url)
const repo = path.dirname(path.dirname(here))

if (process.argv[2] === 'server') {
  // Child: one framework serving both routes.
  const [, , , framework, root] = process.argv
  const lib = framework === 'webfw' ? require(repo) : require('express')
  const app = lib()
  app.post('/json', lib.json(), (req, res) => res.json({ keys: Object.keys(req.body).length }))
  app.use('/static', lib.static(root))
  const server = app.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }))
} else {
  const autocannon = require('autocannon')
  const seconds = Number(process.argv[2] ?? 5)
  const connections = Number(process.argv[3] ?? 32)

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-bench-'))
  fs.writeFileSync(path.join(root, 'file.txt'), 'x'.repeat(10 * 1024))

  // A JSON object of short string fields, just under 1 KB.
  const fields = {}
  for (let i = 0; ; i++) {
    const next = { ...fields, ['field' + i]: 'value-' + i }
    if (Buffer.byteLength(JSON.stringify(next)) > 1024) break
    fields['field' + i] = 'value-' + i
  }
  const body = JSON.stringify(fields)

  function start(framework) {
    return new Promise((resolve) => {
      const child = fork(here, ['server', framework, root], { stdio: 'inherit' })
      child.once('message', ({ port }) => resolve({ child, port }))
    })
  }

  async function measure(port, opts) {
    const url = `http://127.0.0.1:${port}${opts.path}`
    // A short warm-up so both servers are measured with optimised code.
    await autocannon({ url, connections, duration: 1, ...opts })
    const result = await autocannon({ url, connections, duration: seconds, ...opts })
    if (result.non2xx || result.errors) throw new Error(`${opts.path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
    return result.requests.average
  }

  const scenarios = {
    [`json(): POST ${Buffer.byteLength(body)} B body`]: {
      path: '/json',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    },
    'static(): GET 10 KB file': { path: '/static/file.txt' },
  }

  // Both servers stay up and rounds alternate between them, so load from
  // anything else on the machine falls on both alike; medians are reported.
  const rounds = Number(process.argv[4] ?? 3)
  const servers = { express: await start('express'), webfw: await start('webfw') }
  const results = {}
  try {
    for (const [name, opts] of Object.entries(scenarios)) {
      results[name] = { express: [], webfw: [] }
      for (let round = 0; round < rounds; round++) {
        for (const framework of ['express', 'webfw']) {
          results[name][framework].push(await measure(servers[framework].port, opts))
        }
      }
    }
  } finally {
    for (const { child } of Object.values(servers)) child.kill()
  }
  fs.rmSync(root, { recursive: true, force: true })

  const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]
  console.log(`node ${process.version}, ${os.cpus().length} cpus, ${rounds} rounds of ${seconds}s, ${connections} connections`)
  for (const [name, r] of Object.entries(results)) {
    const express = median(r.express)
    const webfw = median(r.webfw)
    const line = `${name.padEnd(30)} express ${express.toFixed(0).padStart(7)} req/s   webfw ${webfw.toFixed(0).padStart(7)} req/s`
    console.log(`${line}   ratio ${(webfw / express).toFixed(2)}x`)
  }
}
