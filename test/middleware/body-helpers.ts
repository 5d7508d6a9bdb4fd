/**
 * An app around one body parser for the parser tests: the route answers
 * what the parser left in `req.body`, the error handler answers the error's
 * status, type, message and extra properties.
 */
import type { Any } from '../helpers/webfw'

export interface Outcome {
  /** Whether `body` was present in `req` at all. */
  has: boolean
  /** req.body, with Buffers as { hex } and undefined as null. */
  body: unknown
  kind: string
}

function describeBody(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return { hex: body.toString('hex') }
  return body === undefined ? null : body
}

/** The error handler: status from the error, everything a test may check as JSON. */
export function errorReporter(err: Any, _req: Any, res: Any, _next: Any): void {
  res.status(err.status || 500).json({
    error: true,
    status: err.status,
    statusCode: err.statusCode,
    expose: err.expose,
    type: err.type,
    message: err.message,
    code: err.code,
    received: err.received,
    expected: err.expected,
    limit: err.limit,
    charset: err.charset,
    encoding: err.encoding,
    body: err.body === undefined ? undefined : Buffer.isBuffer(err.body) ? { hex: err.body.toString('hex') } : err.body,
  })
}

/** An app: `parsers` in order, then a POST / route answering an Outcome. */
export function parserApp(factory: Any, ...parsers: Any[]): Any {
  const app = factory()
  for (const parser of parsers) app.use(parser)
  app.all('/', (req: Any, res: Any) => {
    const outcome: Outcome = { has: 'body' in req, body: describeBody(req.body), kind: Buffer.isBuffer(req.body) ? 'buffer' : typeof req.body }
    res.json(outcome)
  })
  app.use(errorReporter)
  return app
}
