/**
 * Freshness and Range rules by version (src/util/validators.ts), each
 * answered by Express 5 and Express 4 too and compared:
 * - req.fresh and res.send's 304 when If-None-Match matches and an
 *   If-Modified-Since is there too (Express 5's fresh 2 lets If-None-Match
 *   decide; Express 4's fresh 0.5 wants both to pass);
 * - req.range and the static middleware's 206/416 for ranges range-parser
 *   cannot read (Express 5: malformed, -2, the header is ignored; Express 4:
 *   unsatisfiable, -1, a 416);
 * and 3.x's older rules (fresh 0.3: a client's strong tag does not match a
 * weak ETag; range-parser 1.0:
 * no `combine`), checked against their literal answers.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { withServer } from '../helpers/http'
import { send } from '../helpers/client'
import { makeTree, type Tree } from '../helpers/files'
import { express4, express5 } from '../helpers/side-by-side'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'

let tree: Tree
before(() => {
  tree = makeTree()
})
after(() => tree.remove())

const CONDITIONS: Record<string, string>[] = [
  { 'if-none-match': '"x"', 'if-modified-since': 'garbage' },
  { 'if-none-match': '"x"', 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
  { 'if-none-match': 'W/"x"' },
  { 'if-none-match': '"y", "x"' },
  { 'if-none-match': '*', 'if-modified-since': 'Sat, 01 Jan 2050 00:00:00 GMT' },
  { 'if-modified-since': 'Sat, 01 Jan 2050 00:00:00 GMT' },
]
const RANGES = ['bytes=abc', 'bytes=0-1', 'bytes= 0-1', 'bytes=0-1,1-2', 'bytes=5-1', 'bytes=1-x', 'bytes=-2', 'bytes=0-1,x', 'bytes=100-200']

/** What each version answers: req.fresh, res.send's status, req.range, static's status and Content-Range. */
async function answers(factory: Any): Promise<unknown[]> {
  const app = factory()
  app.set('env', 'test') // (the final handler's 416 pages, without their logging)
  app.get('/fresh', (req: Any, res: Any) => {
    res.set('ETag', '"x"')
    if (req.query.lm) res.set('Last-Modified', 'Thu, 01 Jan 2000 00:00:00 GMT')
    const fresh = req.fresh
    res.set('X-Fresh', String(fresh)).send('body')
  })
  app.get('/range', (req: Any, res: Any) => res.json({ range: req.range(10), combined: req.range(10, { combine: true }) }))
  app.use('/files', factory.static(tree.root))
  const out: unknown[] = []
  await withServer(app, async ({ port }) => {
    for (const headers of CONDITIONS) {
      for (const path of ['/fresh', '/fresh?lm=1']) {
        const r = await send(port, { method: 'GET', path, headers })
        out.push({ path, headers, status: r.status, fresh: r.headers['x-fresh'] })
      }
    }
    for (const range of RANGES) {
      const r = await send(port, { method: 'GET', path: '/range', headers: { range } })
      const file = await send(port, { method: 'GET', path: '/files/nums.txt', headers: { range } })
      out.push({ range, parsed: r.text, file: file.status, contentRange: file.headers['content-range'] ?? null, body: file.status === 416 ? null : file.text })
    }
  })
  return out
}

describe('freshness and Range rules by version, as Express', () => {
  const versions = [
    // Express 5's answers: If-None-Match decides alone; "bytes=abc" is ignored.
    { label: '5.x: fresh 2 and range-parser 1.3, as Express 5', ours: webfw, theirs: express5, status: 304, file: 200, range: -2 },
    // Express 4's: a garbage If-Modified-Since keeps the body; "bytes=abc" is a 416.
    { label: '4.x: fresh 0.5 and range-parser 1.2, as Express 4', ours: webfw4, theirs: express4, status: 200, file: 416, range: -1 },
  ]
  for (const v of versions) {
    test(v.label, async () => {
      const theirs = await answers(v.theirs)
      assert.deepEqual(await answers(v.ours), theirs)
      // Express's own answers, so the comparison cannot pass on a wrong reference.
      assert.equal((theirs[0] as Any).status, v.status)
      const abc = theirs[CONDITIONS.length * 2] as Any
      assert.equal(abc.file, v.file)
      assert.equal(JSON.parse(abc.parsed).range, v.range)
    })
  }

  test('3.x: fresh 0.3 (a strong tag does not match a weak ETag) and range-parser 1.0 (no combine)', async () => {
    const app = webfw3()
    app.get('/fresh', (req: Any, res: Any) => {
      res.set('ETag', 'W/"x"')
      // (res.end: res.json would answer a fresh request with a 304)
      res.end(JSON.stringify({ fresh: req.fresh }))
    })
    app.get('/range', (req: Any, res: Any) => res.json({ range: req.range(10) }))
    await withServer(app, async ({ port }) => {
      // A weak ETag against the client's strong copy of the tag: only 0.5 and later compare weakly both ways.
      const strong = await send(port, { method: 'GET', path: '/fresh', headers: { 'if-none-match': '"x"' } })
      assert.equal(strong.json().fresh, false)
      const weak = await send(port, { method: 'GET', path: '/fresh', headers: { 'if-none-match': 'W/"x"' } })
      assert.equal(weak.json().fresh, true)
      const overlapping = await send(port, { method: 'GET', path: '/range', headers: { range: 'bytes=0-1,1-2' } })
      assert.deepEqual(overlapping.json().range, [{ start: 0, end: 1 }, { start: 1, end: 2 }])
      const unreadable = await send(port, { method: 'GET', path: '/range', headers: { range: 'bytes=abc' } })
      assert.equal(unreadable.json().range, -1)
    })
  })
})
