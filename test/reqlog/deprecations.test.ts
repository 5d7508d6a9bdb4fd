/**
 * morgan's deprecated forms still work and say so once, as DeprecationWarnings
 * (each message is emitted once per process, so every test here triggers a
 * different one, in file order).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { collectWarnings, LineSink, reqlog } from './support'

const deprecations = (warnings: Error[]): string[] =>
  warnings.filter((w) => w.name === 'DeprecationWarning').map((w) => w.message)

test('reading reqlog.default warns and gives the default format string', async () => {
  const { result, warnings } = await collectWarnings(() => reqlog.default)
  assert.equal(result, ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"')
  assert.deepEqual(deprecations(warnings), ['reqlog: default format: use combined format'])
})

test('no format: warns and uses the default format', async () => {
  const { result, warnings } = await collectWarnings(() => reqlog(undefined, { stream: new LineSink() }))
  assert.equal(typeof result, 'function')
  assert.deepEqual(deprecations(warnings), ['reqlog: undefined format: specify a format'])
})

test('reqlog(options) with a format name warns with the replacement call', async () => {
  const { warnings } = await collectWarnings(() => reqlog({ format: 'tiny', stream: new LineSink() }))
  assert.deepEqual(deprecations(warnings), ['reqlog: reqlog(options): use reqlog("tiny", options) instead'])
})

test('reqlog(options) with a format function warns too', async () => {
  const { warnings } = await collectWarnings(() => reqlog({ format: () => 'x', stream: new LineSink() }))
  assert.deepEqual(deprecations(warnings), ['reqlog: reqlog(options): use reqlog(format, options) instead'])
})

test('the buffer option warns', async () => {
  const { warnings } = await collectWarnings(() => reqlog('tiny', { buffer: 10, stream: new LineSink() }))
  assert.deepEqual(deprecations(warnings), ['reqlog: buffer option'])
})

test('a repeated deprecated use does not warn again', async () => {
  const { warnings } = await collectWarnings(() => reqlog('tiny', { buffer: 10, stream: new LineSink() }))
  assert.deepEqual(deprecations(warnings), [])
})

test('assigning reqlog.default replaces the warning property with the value', async () => {
  const { result, warnings } = await collectWarnings(() => {
    reqlog.default = ':method'
    return reqlog.default
  })
  assert.equal(result, ':method')
  assert.deepEqual(deprecations(warnings), [])
})
