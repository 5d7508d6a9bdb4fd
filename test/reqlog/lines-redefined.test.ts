/**
 * A built-in token redefined with `reqlog.token` changes the lines of the
 * predefined formats, which then no longer use their dedicated renderers
 * (src/reqlog/lines.ts). In a file of its own: a redefinition lasts for the
 * rest of the process.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { logOne, reqlog } from './support'

describe('predefined formats after a built-in token is redefined', () => {
  test('combined and common use the redefined :date and :url; tiny the redefined :status', async () => {
    reqlog.token('date', (req: unknown, res: unknown, format?: string) => `date-${format ?? 'web'}`)
    reqlog.token('url', () => 'url"redefined')
    reqlog.token('status', () => 'status-redefined')
    const combined = await logOne('combined', {}, undefined, { path: '/x', headers: { 'User-Agent': 'ua' } })
    assert.equal(combined.line, '127.0.0.1 - - [date-clf] "GET url\\"redefined HTTP/1.1" status-redefined - "-" "ua"')
    const common = await logOne('common', {}, undefined, { path: '/x' })
    assert.equal(common.line, '127.0.0.1 - - [date-clf] "GET url\\"redefined HTTP/1.1" status-redefined -')
    const tiny = await logOne('tiny', {}, undefined, { path: '/x' })
    assert.match(tiny.line, /^GET url\\"redefined status-redefined - - \d+\.\d{3} ms$/)
  })
})
