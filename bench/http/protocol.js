// The wire protocols bench:http can speak to the servers, and what a server
// needs to serve each: `http1` (node:http, the default), `h2c` (cleartext
// HTTP/2 with prior knowledge) and `h2` (HTTP/2 over TLS, negotiated with
// ALPN). The runner passes the choice to the server processes as
// BENCH_PROTOCOL; the TLS certificate is a self-signed one for localhost
// (bench/fixtures/tls), which h2load does not verify.
'use strict'

const fs = require('node:fs')
const path = require('node:path')

const protocols = ['http1', 'h2c', 'h2']

/** The protocol this process serves or drives (BENCH_PROTOCOL, default http1). */
function currentProtocol(env = process.env) {
  const value = env.BENCH_PROTOCOL || 'http1'
  if (!protocols.includes(value)) throw new Error(`BENCH_PROTOCOL must be one of ${protocols.join(', ')}, not "${value}"`)
  return value
}

const tlsDir = path.join(__dirname, '..', 'fixtures', 'tls')

/** The key and certificate a TLS benchmark server uses. */
function tlsOptions() {
  return { key: fs.readFileSync(path.join(tlsDir, 'localhost-key.pem')), cert: fs.readFileSync(path.join(tlsDir, 'localhost-cert.pem')) }
}

/** The base URL of a server of this protocol on 127.0.0.1. */
function baseUrl(protocol, port) {
  return `${protocol === 'h2' ? 'https' : 'http'}://127.0.0.1:${port}`
}

module.exports = { protocols, currentProtocol, tlsOptions, baseUrl }
