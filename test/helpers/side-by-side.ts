/**
 * Express itself as a reference, for the tests that send the same request
 * to webfw and to Express and compare the answers: the Express 5 and 4
 * packages (dev dependencies) and a server on an ephemeral port for an app.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Any } from './webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const express5: Any = require('express')
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const express4: Any = require('express4')

/** `app` served on 127.0.0.1 and an ephemeral port; the caller closes the server. */
export function listenLocal(app: Any): Promise<{ server: http.Server; port: number }> {
  return new Promise((resolve) => {
    const server = http.createServer(app)
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }))
  })
}

/** Runs `fn` with the ports of `apps`, each served by `listenLocal`; closes them after. */
export async function withServers<T>(apps: Any[], fn: (ports: number[]) => Promise<T>): Promise<T> {
  const served = []
  for (const app of apps) served.push(await listenLocal(app))
  try {
    return await fn(served.map((s) => s.port))
  } finally {
    for (const s of served) s.server.close()
  }
}
