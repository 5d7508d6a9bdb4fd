// The ETag's SHA-1 of a short ASCII body alone, as the tag's end (the 27
// digits and the closing quote): webfw's JavaScript SHA-1 (src/util/sha1.ts,
// bodies of up to 119 bytes) against the runtime's one-shot `crypto.hash`,
// which webfw calls for every other body. Three bodies: `hello`'s answer (17
// bytes), `stack`'s (54 bytes, the longest one block holds) and the longest
// of `routes`' answers (76 bytes, two blocks). A loop keeps them hot in the
// caches; in a server, between requests, they are not, and there the
// runtime's call costs more (docs/perf.md, "The ETag's SHA-1 in
// JavaScript").
'use strict'

const crypto = require('node:crypto')
const { shortAsciiSha1TagEnd } = require('../../dist/util/sha1')
const { sessionCookie, itemCount } = require('../fixtures/payloads')
const github = require('../fixtures/github-routes')

// The answers the servers send (bench/http/servers/webfw.js).
const INPUTS = {
  "hello's answer": JSON.stringify({ hello: 'world' }),
  "stack's answer": JSON.stringify({ id: '42', session: sessionCookie, count: itemCount }),
  "routes' longest answer": github.requests.map((r) => JSON.stringify({ route: r.route, params: r.params })).sort((a, b) => b.length - a.length)[0],
}

function group(label, input) {
  return {
    title: `SHA-1 for the ETag: ${label} (${input.length} bytes)`,
    unit: 'hash',
    baseline: 'crypto.hash',
    tasks: {
      'crypto.hash': () => crypto.hash('sha1', input, 'base64').substring(0, 27) + '"',
      'webfw shortAsciiSha1TagEnd': () => shortAsciiSha1TagEnd(input),
    },
    check() {
      if (shortAsciiSha1TagEnd(input) !== crypto.hash('sha1', input, 'base64').substring(0, 27) + '"') throw new Error(`webfw's SHA-1 of ${label} differs`)
    },
  }
}

module.exports = Object.entries(INPUTS).map(([label, input]) => group(label, input))
