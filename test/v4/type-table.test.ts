/**
 * The type table of 4.x and 3.x (mime 1), which apps change through
 * `express.static.mime` (4.x) or `express.mime` (3.x): `define`, a write to
 * `types`, `default_type`. A change reaches `static`, `res.sendFile`,
 * `res.type` and `res.attachment` even after the same lookup was answered
 * (and cached) before it. webfw/v4 is run beside Express 4 on the same steps.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { call } from '../helpers/call'
import { express4 } from '../helpers/side-by-side'
import { webfw, webfw3, webfw4, type Any } from '../helpers/webfw'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-type-table-'))
for (const name of ['a.wtdef', 'b.wtwrite', 'c.wtunknown']) fs.writeFileSync(path.join(dir, name), 'content of ' + name)
after(() => fs.rmSync(dir, { recursive: true, force: true }))

/** An app answering with the Content-Type each way of typing a response gives. */
function typingApp(factory: Any): Any {
  const app = factory()
  app.set('env', 'test')
  app.use('/static', factory.static(dir))
  app.get('/type/:ext', (req: Any, res: Any) => res.type(req.params.ext).end())
  app.get('/file/:name', (req: Any, res: Any) => res.sendFile(path.join(dir, req.params.name)))
  app.get('/attachment/:name', (req: Any, res: Any) => res.attachment(req.params.name).end())
  return app
}

async function contentTypes(factory: Any): Promise<Record<string, string | undefined>> {
  const app = typingApp(factory)
  const paths = [
    '/static/a.wtdef', '/file/a.wtdef', '/type/wtdef', '/attachment/r.wtdef',
    '/static/b.wtwrite', '/type/wtwrite',
    '/static/c.wtunknown', '/file/c.wtunknown', '/type/wtunknown',
  ]
  const out: Record<string, string | undefined> = {}
  for (const p of paths) out[p] = (await call(app, p)).headers['content-type']
  return out
}

/** Runs the same changes on `factory`'s table, reporting the Content-Types before, after and once undone. */
async function changeTable(factory: Any): Promise<Record<string, unknown>[]> {
  const mime = factory.static.mime
  const before = await contentTypes(factory)
  const defaultType = mime.default_type
  mime.define({ 'application/x-webfw-def': ['wtdef'] })
  mime.types.wtwrite = 'text/x-webfw-write'
  mime.default_type = 'text/plain'
  try {
    const changed = await contentTypes(factory)
    return [before, changed]
  } finally {
    mime.default_type = defaultType
    delete mime.types.wtdef
    delete mime.types.wtwrite
    delete mime.extensions['application/x-webfw-def']
  }
}

describe('the 4.x type table (express.static.mime)', () => {
  test('is exposed on static as in Express 4, enumerable, and absent in 5.x', () => {
    assert.deepEqual(Object.keys(webfw4.static), Object.keys(express4.static))
    assert.deepEqual(Object.keys(webfw4.static), ['mime'])
    assert.equal(webfw4.static.mime.lookup('x.html'), express4.static.mime.lookup('x.html'))
    assert.equal(typeof webfw4.static.mime.define, 'function')
    assert.equal(webfw.static.mime, undefined)
  })

  test('a change reaches static, sendFile, res.type and res.attachment, after lookups were answered, as in Express 4', async () => {
    const ours = await changeTable(webfw4)
    const theirs = await changeTable(express4)
    assert.deepEqual(ours, theirs)
    const [before, changed] = ours
    assert.equal(before['/static/a.wtdef'], 'application/octet-stream')
    assert.equal(before['/type/wtwrite'], 'application/octet-stream')
    assert.equal(changed['/static/a.wtdef'], 'application/x-webfw-def')
    assert.equal(changed['/file/a.wtdef'], 'application/x-webfw-def')
    assert.equal(changed['/type/wtdef'], 'application/x-webfw-def')
    assert.equal(changed['/attachment/r.wtdef'], 'application/x-webfw-def')
    assert.equal(changed['/static/b.wtwrite'], 'text/x-webfw-write; charset=UTF-8')
    assert.equal(changed['/type/wtwrite'], 'text/x-webfw-write; charset=utf-8')
    assert.equal(changed['/static/c.wtunknown'], 'text/plain; charset=UTF-8')
    // Undone: the earlier answers again.
    assert.deepEqual(await contentTypes(webfw4), before)
  })

  test('a replaced lookup is asked', async () => {
    const mime = webfw4.static.mime
    const original = mime.lookup
    const app = typingApp(webfw4)
    assert.equal((await call(app, '/type/wtlookup')).headers['content-type'], 'application/octet-stream')
    mime.lookup = function (this: Any, p: string, fallback?: string) {
      return p.endsWith('wtlookup') ? 'image/x-webfw-lookup' : original.call(this, p, fallback)
    }
    try {
      assert.equal((await call(app, '/type/wtlookup')).headers['content-type'], 'image/x-webfw-lookup')
    } finally {
      mime.lookup = original
    }
  })
})

describe('the 3.x type table (express.mime)', () => {
  test('is Connect\'s: on the factory and on static, one table shared with 4.x', () => {
    assert.equal(webfw3.mime, webfw3.static.mime)
    assert.equal(webfw3.mime, webfw4.static.mime)
    assert.ok(Object.keys(webfw3).includes('mime'))
  })

  test('a definition reaches res.type and static', async () => {
    const app = webfw3()
    app.set('env', 'test')
    app.use('/static', webfw3.static(dir))
    app.get('/type', (_req: Any, res: Any) => res.type('wtdef').end())
    assert.equal((await call(app, '/type')).headers['content-type'], 'application/octet-stream')
    webfw3.mime.define({ 'application/x-webfw-three': ['wtdef'] })
    try {
      assert.equal((await call(app, '/type')).headers['content-type'], 'application/x-webfw-three')
      assert.equal((await call(app, '/static/a.wtdef')).headers['content-type'], 'application/x-webfw-three')
    } finally {
      delete webfw3.mime.types.wtdef
      delete webfw3.mime.extensions['application/x-webfw-three']
    }
  })
})
