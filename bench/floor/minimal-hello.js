// The least code that answers `hello` with webfw 5's bytes: node:http, one
// check of the method and the URL, and `writeHead` with the four headers an
// Express application sends (X-Powered-By, Content-Type with its charset,
// Content-Length, the weak ETag) before `end(body)`. The ETag's SHA-1 is
// webfw's own for short ASCII bodies (src/util/sha1.ts), the cheapest one
// known here, so that the floor does not carry `crypto.hash`'s call. No
// router, no prototypes, no request helpers, no freshness check, no
// validation: nothing a framework could still leave out and send the same
// response. Its count against bare node:http's (`bare`, the body without
// those headers) says whether "at most 1.10× node:http" can be met on
// `hello` by any framework that keeps Express's defaults and node:http's
// public API (docs/perf.md, "Where webfw stands").
//
//   node bench/inmem/instructions.js hello $PWD/bench/floor/minimal-hello.js bare webfw --node 24
'use strict'

const { shortAsciiSha1TagEnd } = require('../../dist/util/sha1')
const { serve } = require('../http/servers/harness')
const { JSON_TYPE, listen, notFound } = require('../http/servers/bare-common')

serve({
  hello() {
    return listen((req, res) => {
      if (req.method !== 'GET' || req.url !== '/') return notFound(req, res)
      const body = JSON.stringify({ hello: 'world' })
      // The body is ASCII and one SHA-1 block long: its length is its byte length.
      const length = body.length
      const etag = 'W/"' + length.toString(16) + '-' + shortAsciiSha1TagEnd(body)
      res.writeHead(200, ['X-Powered-By', 'webfw', 'Content-Type', JSON_TYPE, 'Content-Length', String(length), 'ETag', etag])
      res.end(body)
    })
  },
})
