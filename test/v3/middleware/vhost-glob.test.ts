/**
 * `webfw.vhost` with `*` in a string (3.x): matched in one pass. The work of
 * a request is counted in comparisons (host-glob.ts `globSteps`), never
 * timed: a 253-character Host against six stars costs about its length,
 * and twice the name costs about twice the work. The results are Connect 2's
 * RegExp's (`*` as a lazy `.*?`, the rest literal, ignoring case), checked
 * on every short pattern and name over a small alphabet.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { send } from '../../helpers/client'
import { internal, type Any } from '../../helpers/webfw'
import { serveApp, webfw3 } from './support'

const { globSteps, hostGlob } = internal('middleware/bundled/host-glob') as {
  globSteps: { total: number }
  hostGlob: (pattern: string) => (hostname: string) => boolean
}

const STARS = '*.*.*.*.*.*.stars.example'

function routedApp(a: Any) {
  const stars = webfw3()
  stars.get('*', (req: Any, res: Any) => res.json({ app: 'stars', vhost: { ...req.vhost } }))
  a.use(webfw3.vhost(STARS, stars))
  a.get('*', (_req: Any, res: Any) => res.json({ app: 'fallback' }))
}

/** Sends one request with `hostname` and returns its answer and the comparisons the match made. */
async function routed(port: number, hostname: string) {
  const before = globSteps.total
  const answer = (await send(port, { method: 'GET', headers: { host: `${hostname}:${port}` } })).json()
  return { answer, steps: globSteps.total - before }
}

describe('vhost: "*" in a string is matched in one pass', () => {
  test('a hostile 253-character Host against six stars costs about its length', () =>
    serveApp(routedApp, async ({ port }) => {
      const hostile = 'a.'.repeat(126) + 'x'
      assert.equal(hostile.length, 253)
      const { answer, steps } = await routed(port, hostile)
      assert.equal(answer.app, 'fallback')
      // Each character is read once (case folding), and little more is done.
      assert.ok(steps >= hostile.length && steps <= 2 * (hostile.length + STARS.length), `${steps} comparisons`)
    }))

  test('a long name that matches is routed with the same req.vhost, at a cost linear in its length', () =>
    serveApp(routedApp, async ({ port }) => {
      const name = (n: number) => 'a.'.repeat(n) + 'Stars.Example'
      const short = await routed(port, name(60))
      const long = await routed(port, name(120))
      assert.equal(long.answer.app, 'stars')
      assert.deepEqual(long.answer.vhost, { host: `${name(120)}:${port}`, hostname: name(120), length: 0 })
      assert.ok(long.steps >= name(120).length && long.steps <= 2 * (name(120).length + STARS.length), `${long.steps} comparisons`)
      assert.ok(long.steps <= 2.2 * short.steps, `${short.steps} then ${long.steps} comparisons for twice the name`)
    }))

  test('every short pattern and name gets the answer of Connect 2\'s RegExp', () => {
    const connectRegExp = (pattern: string) => new RegExp('^' + pattern.replace(/[^*\w]/g, '\\$&').replace(/[*]/g, '(?:.*?)') + '$', 'i')
    const words = (alphabet: string[], maxLength: number): string[] => {
      const all = ['']
      for (let i = 0; i < all.length; i++) {
        if (all[i].length < maxLength) for (const c of alphabet) all.push(all[i] + c)
      }
      return all
    }
    // Case (including a Latin-1 letter whose capital is outside Latin-1, and
    // the Kelvin sign, which only a Unicode RegExp folds to k), dots, a line break.
    const patterns = words(['a', 'B', '.', '*', 'ÿ', 'k'], 4)
    const names = words(['A', 'b', '.', 'Ÿ', '\u212a', '\n'], 4)
    let compared = 0
    for (const pattern of patterns) {
      const expected = connectRegExp(pattern)
      const matches = hostGlob(pattern)
      for (const name of names) {
        assert.equal(matches(name), expected.test(name), `${JSON.stringify(pattern)} on ${JSON.stringify(name)}`)
        compared++
      }
    }
    assert.equal(compared, patterns.length * names.length)
  })
})
