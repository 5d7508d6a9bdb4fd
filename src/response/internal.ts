/**
 * The response as seen from inside webfw: Node's ServerResponse plus the
 * fields the framework sets and the private slots of lazy members.
 */
import type { ServerResponse } from 'node:http'
import type { AppInternal } from '../app/types'
import type { RequestInternal } from '../request/internal'

export const kLocals = Symbol('webfw.res.locals')

export interface ResponseInternal extends ServerResponse {
  app: AppInternal
  req: RequestInternal
  locals: Record<string, unknown>
  [kLocals]: Record<string, unknown> | undefined
  status(code: number): this
  set(field: unknown, value?: unknown): this
  get(field: string): string | number | string[] | undefined
  type(type: string): this
  append(field: string, value?: unknown): this
  vary(field: string | string[]): this
  send(body?: unknown): this
  json(body?: unknown): this
}
