// What the SHA-1 behind Express's default ETag costs by itself, in
// instructions per call under callgrind, made the way webfw makes it
// (src/util/etag.ts): in JavaScript for an ASCII body of up to 119 bytes
// (src/util/sha1.ts), the one-shot `crypto.hash('sha1', body, 'base64')`
// otherwise. No server and no framework: the part of the ETag that no
// framework sending Express's bytes can leave out, at the least it is
// known to cost. The body is hashed in two runs of different lengths after
// the same warm-up; the difference of their totals over the difference of
// their calls is the cost of one call, with start-up and warm-up cancelled
// out. Used by ./run.js.
'use strict'

const { execFile } = require('node:child_process')
const { V8_FLAGS } = require('../lib/callgrind')

const WARMUP = 20000

/** The bodies: `hello`'s JSON (one SHA-1 block) and the `views` scenario's rendered page. */
function bodies() {
  const data = require('../fixtures/scenario-data')
  return { hello: JSON.stringify({ hello: 'world' }), views: data.viewHtml }
}

/** How webfw hashes `body`: 'JavaScript' (a short ASCII body) or 'crypto.hash'. */
function methodFor(body) {
  const { fitsShortSha1 } = require('../../dist/util/sha1')
  return fitsShortSha1(body, Buffer.byteLength(body)) ? 'JavaScript' : 'crypto.hash'
}

// Child: hash one body `calls` times after the warm-up.
if (require.main === module && process.argv[2] === '--child') {
  const crypto = require('node:crypto')
  const { shortAsciiSha1TagEnd } = require('../../dist/util/sha1')
  const body = bodies()[process.argv[3]]
  const calls = Number(process.argv[4])
  const hash = methodFor(body) === 'JavaScript' ? shortAsciiSha1TagEnd : (data) => crypto.hash('sha1', data, 'base64')
  let sink = 0
  for (let i = 0; i < WARMUP; i++) sink += hash(body).length
  for (let i = 0; i < calls; i++) sink += hash(body).length
  if (sink === 0) throw new Error('no hash was made')
}

/** Instructions valgrind counts for one child run. */
function countRun(nodeBin, name, calls) {
  return new Promise((resolve, reject) => {
    const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', nodeBin, ...V8_FLAGS, __filename, '--child', name, String(calls)]
    execFile('valgrind', args, { maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      const found = /Collected : (\d+)/.exec(stderr)
      if (err || !found) reject(new Error(`valgrind hashing ${name}: ${err ? err.message : 'no total'}\n${stderr.slice(-2000)}`))
      else resolve(Number(found[1]))
    })
  })
}

/** Instructions of one SHA-1 of the named body as webfw makes it, the body's size and the way (`method`). */
async function hashCost(nodeBin, name, calls) {
  const body = bodies()[name]
  if (body === undefined) throw new Error(`no body named ${name}`)
  const short = await countRun(nodeBin, name, calls)
  const long = await countRun(nodeBin, name, 2 * calls)
  return { bytes: Buffer.byteLength(body), method: methodFor(body), instructions: Math.round((long - short) / calls) }
}

module.exports = { hashCost, bodies, methodFor }
