/**
 * Loading webfw settles Node's async context frame class (src/util/
 * async-context-frame.ts): on a Node whose frames are on, the class has its
 * active prototype as soon as any entry point is loaded, before a request is
 * served, rather than whenever Node first asks (which left the tick queue's
 * optimised code with generic loads; docs/perf.md). Where frames are off,
 * loading webfw must not turn them on.
 *
 * The class is internal to Node, so each case runs in a child process with
 * `--expose-internals`. Node 20 has no such class: the cases are skipped there.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { runNode } from '../helpers/child'
import { packageRoot } from '../helpers/webfw'

const entries = ['webfw', 'webfw/v4', 'webfw/v3', 'webfw/reqlog']

/** The flag that turns frames on for this Node, if it has one (on by default from Node 24). */
const enableFlag = ['--async-context-frame', '--experimental-async-context-frame'].find((f) => process.allowedNodeEnvironmentFlags.has(f))
const disableFlag = enableFlag === undefined ? undefined : enableFlag.replace(/^--/, '--no-')

/** The frame class's prototype name before and after requiring `entry`, in a child run with `flags`. */
async function prototypeAround(entry: string, flags: string[]): Promise<{ before: string; after: string; served: string }> {
  const code = `
    const A = require('internal/async_context_frame')
    const before = Object.getPrototypeOf(A).name
    const mod = require(${JSON.stringify(entry)})
    const after = Object.getPrototypeOf(A).name
    console.log(JSON.stringify({ before, after, served: typeof mod }))
  `
  const { code: exit, stdout, stderr } = await runNode(code, { flags: ['--expose-internals', ...flags], cwd: packageRoot })
  assert.equal(exit, 0, stderr)
  return JSON.parse(stdout.trim())
}

describe('async context frame settled at load', { skip: enableFlag === undefined ? 'this Node has no async context frames' : false }, () => {
  for (const entry of entries) {
    test(`require('${entry}') switches the frame class to its active prototype when frames are on`, async () => {
      const r = await prototypeAround(entry, [enableFlag as string])
      assert.equal(r.before, 'InactiveAsyncContextFrame', 'nothing settled the class before the require')
      assert.equal(r.after, 'ActiveAsyncContextFrame')
      assert.equal(r.served, 'function')
    })
  }

  test('with frames off, loading webfw leaves them off', async () => {
    const r = await prototypeAround('webfw', [disableFlag as string])
    assert.equal(r.after, 'InactiveAsyncContextFrame')
  })
})
