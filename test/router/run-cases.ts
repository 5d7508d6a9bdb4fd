/**
 * Runs the shared routing cases on one factory (5.x, 4.x or 3.x) with both
 * matchers, over real HTTP. Each handler logs into `req.log`; the log comes
 * back in the `x-log` response header.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { describe, test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { internal, type Any } from '../helpers/webfw'
import { cases, type Helpers, type ProfileMajor } from './cases'

const { setDefaultMatcher } = internal('router/router-state')

function record(req: Any, entry: string): void {
  req.log.push(entry)
}

function finish(req: Any, res: Any, status: number): void {
  res.statusCode = status
  res.setHeader('x-log', encodeURIComponent(JSON.stringify(req.log)))
  res.end()
}

const helpers: Helpers = {
  mw: (name) => (req: Any, _res: Any, next: Any) => {
    record(req, name)
    next()
  },
  p: (name) => (req: Any, _res: Any, next: Any) => {
    // Spread: 3.x params are an array with named properties.
    record(req, `${name} ${JSON.stringify({ ...req.params })}`)
    next()
  },
  u: (name) => (req: Any, _res: Any, next: Any) => {
    record(req, `${name} ${req.url} ${req.baseUrl}`)
    next()
  },
  end: (name) => (req: Any, res: Any) => {
    record(req, name)
    finish(req, res, 200)
  },
  nextWith: (name, arg) => (req: Any, _res: Any, next: Any) => {
    record(req, name)
    next(arg)
  },
  err: (name) => (err: Error, req: Any, _res: Any, next: Any) => {
    record(req, `${name}:${err.message}`)
    next(err)
  },
}

export function runCases(label: string, factory: Any, profile: ProfileMajor): void {
  for (const kind of ['radix', 'linear'] as const) {
    describe(`routing cases, ${label}, ${kind} matcher`, () => {
      for (const c of cases) {
        if (c.only !== undefined && !(Array.isArray(c.only) ? c.only.includes(profile) : c.only === profile)) continue
        test(c.name, async () => {
          setDefaultMatcher(kind)
          try {
            const app = factory()
            c.build(app, helpers, factory)
            const server = (req: Any, res: Any) => {
              req.log = []
              app(req, res, (err: Any) => finish(req, res, err ? 500 : 404))
            }
            await withServer(server, async (srv) => {
              for (const step of c.steps) {
                const method = step.method ?? 'GET'
                const r = await rawRequest(srv.port, method, step.path)
                const header = r.headers['x-log'] as string | undefined
                const log = header ? JSON.parse(decodeURIComponent(header)) : []
                assert.deepEqual(log, step.log, `${method} ${step.path}`)
                if (step.status !== undefined) assert.equal(r.status, step.status, `${method} ${step.path} status`)
              }
            })
          } finally {
            setDefaultMatcher('radix')
          }
        })
      }
    })
  }
}
