/**
 * Reads req.fresh / req.stale for a response with a given status and
 * headers, over real HTTP, reporting the value in a response header so the
 * status (304, 204) does not matter.
 */
import type { OutgoingHttpHeaders } from 'node:http'
import { call } from './call'
import { type Any, webfw } from './webfw'

export interface Case {
  method?: string
  status?: number
  response?: Record<string, string>
  request?: OutgoingHttpHeaders
  body?: string
}

/** req[member] for a response with the given status and headers, reported in a header. */
export async function freshness(member: 'fresh' | 'stale', c: Case): Promise<boolean> {
  const app = webfw()
  app.use((req: Any, res: Any) => {
    for (const [k, v] of Object.entries(c.response ?? {})) res.setHeader(k, v)
    res.statusCode = c.status ?? 200
    res.setHeader('X-Answer', String(req[member]))
    res.end()
  })
  const res = await call(app, '/', { method: c.method ?? 'GET', headers: c.request, body: c.body })
  return res.headers['x-answer'] === 'true'
}
