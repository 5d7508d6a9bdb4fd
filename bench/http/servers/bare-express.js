// The JSON scenarios on plain node:http (find-my-way where routed), doing by
// hand exactly the per-response work an Express app does by default and
// `bare` skips: an X-Powered-By header, the type with its charset, the weak
// SHA-1 ETag of the body, the conditional-GET check (304), all through
// setHeader so that they stay readable with getHeader. It separates what
// Express's defaults cost from what a framework adds on top: webfw's distance
// to this server is its own overhead; this server's distance to `bare` is the
// price of the defaults. In stack the rest of the work (body, cookie, log
// line) is bare's own. (static is not served: its headers are the static
// middleware's, not the app's defaults.)
//
// To price each default on its own, BENCH_OMIT (a list separated by `+` or
// `,`) leaves parts out: `x-powered-by`; `etag` (no ETag header at all);
// `etag-hash` (an ETag header of the usual length with a constant value, so
// no SHA-1). bench:inmem runs such variants side by side, e.g.
// `--servers bare-express,bare-express:BENCH_OMIT=etag-hash` (see
// bench/README.md and docs/perf.md).
'use strict'

const crypto = require('node:crypto')
const { serve, Unavailable, note, envList } = require('./harness')
const { JSON_TYPE, jsonScenarios } = require('./bare-common')

const omit = new Set(envList('BENCH_OMIT'))
const known = ['x-powered-by', 'etag', 'etag-hash']
for (const part of omit) {
  if (!known.includes(part)) throw new Error(`BENCH_OMIT: unknown part "${part}"; known: ${known.join(', ')}`)
}
if (omit.size !== 0) note(`BENCH_OMIT=${[...omit].join('+')}: these defaults are left out`)
const poweredBy = !omit.has('x-powered-by')
const withETag = !omit.has('etag')
const hashed = !omit.has('etag-hash')

// One-shot hashing where Node has it (>= 20.12), as a framework would use.
const sha1Base64 =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha1', text, 'base64')
    : (text) => crypto.createHash('sha1').update(text).digest('base64')
const CONSTANT_DIGEST = 'A'.repeat(27)

function sendJson(req, res, value) {
  const body = JSON.stringify(value)
  const length = Buffer.byteLength(body)
  if (poweredBy) res.setHeader('X-Powered-By', 'Express')
  res.setHeader('Content-Type', JSON_TYPE)
  res.setHeader('Content-Length', String(length))
  if (!withETag) return res.end(body)
  const digest = hashed ? sha1Base64(body).substring(0, 27) : CONSTANT_DIGEST
  const etag = 'W/"' + length.toString(16) + '-' + digest + '"'
  res.setHeader('ETag', etag)
  const held = req.headers['if-none-match']
  if (held !== undefined && (held === etag || held === '*')) {
    res.statusCode = 304
    res.removeHeader('Content-Type')
    res.removeHeader('Content-Length')
    return res.end()
  }
  res.end(body)
}

serve({
  ...jsonScenarios(sendJson),
  static() {
    throw new Unavailable('static is middleware work; this server only measures the JSON response defaults')
  },
  views() {
    throw new Unavailable('views is template work; this server only measures the JSON response defaults')
  },
})
