/**
 * examples/rest-api: the books API with its routers, param trigger, nested
 * mergeParams router and JSON errors, over real HTTP.
 */
import assert from 'node:assert/strict'
import path from 'node:path'
import { test } from 'node:test'
import { rawRequest, withServer } from '../helpers/http'
import { packageRoot, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const createApp: Any = require(path.join(packageRoot, 'examples', 'rest-api', 'server.js'))
const JSON_TYPE = { 'content-type': 'application/json' }

function json(body: string): Any {
  return JSON.parse(body)
}

test('rest-api lists, filters, reads, creates, replaces and deletes books', async () => {
  await withServer(createApp(), async (srv) => {
    const list = await rawRequest(srv.port, 'GET', '/api/books')
    assert.equal(list.status, 200)
    assert.deepEqual(json(list.body).map((b: Any) => b.id), [1, 2])
    // `json spaces` is 2
    assert.match(list.body, /^\[\n {2}\{/)

    assert.deepEqual(json((await rawRequest(srv.port, 'GET', '/api/books?author=Knuth')).body).map((b: Any) => b.id), [2])
    assert.equal(json((await rawRequest(srv.port, 'GET', '/api/books/1')).body).author, 'Abelson')

    const created = await rawRequest(srv.port, 'POST', '/api/books', JSON_TYPE, '{"title":"Gödel, Escher, Bach","author":"Hofstadter"}')
    assert.equal(created.status, 201)
    assert.equal(created.headers.location, '/api/books/3')
    assert.deepEqual(json(created.body), { id: 3, title: 'Gödel, Escher, Bach', author: 'Hofstadter' })

    const replaced = await rawRequest(srv.port, 'PUT', '/api/books/3', JSON_TYPE, '{"title":"GEB","author":"Hofstadter"}')
    assert.deepEqual(json(replaced.body), { id: 3, title: 'GEB', author: 'Hofstadter' })

    assert.equal((await rawRequest(srv.port, 'DELETE', '/api/books/3')).status, 204)
    assert.equal((await rawRequest(srv.port, 'GET', '/api/books/3')).status, 404)
  })
})

test('rest-api: the param trigger answers 404 for unknown books', async () => {
  await withServer(createApp(), async (srv) => {
    for (const url of ['/api/books/9', '/api/books/abc', '/api/books/9/reviews']) {
      const res = await rawRequest(srv.port, 'GET', url)
      assert.equal(res.status, 404, url)
      assert.match(json(res.body).error, /^no book with id /)
    }
  })
})

test('rest-api: the reviews router sees :bookId through mergeParams', async () => {
  await withServer(createApp(), async (srv) => {
    const reviews = await rawRequest(srv.port, 'GET', '/api/books/1/reviews')
    assert.deepEqual(json(reviews.body), [{ id: 1, bookId: 1, rating: 5, text: 'Still the best.' }])

    const added = await rawRequest(srv.port, 'POST', '/api/books/2/reviews', JSON_TYPE, '{"rating":4,"text":"Long."}')
    assert.equal(added.status, 201)
    assert.deepEqual(json(added.body), { id: 2, bookId: 2, rating: 4, text: 'Long.', bookParam: '2' })

    const bad = await rawRequest(srv.port, 'POST', '/api/books/2/reviews', JSON_TYPE, '{"rating":9}')
    assert.equal(bad.status, 400)
    assert.match(json(bad.body).error, /rating/)
  })
})

test('rest-api answers client errors as JSON', async () => {
  await withServer(createApp(), async (srv) => {
    const invalid = await rawRequest(srv.port, 'POST', '/api/books', JSON_TYPE, '{"title":')
    assert.equal(invalid.status, 400)
    assert.equal(invalid.headers['content-type'], 'application/json; charset=utf-8')

    const missing = await rawRequest(srv.port, 'POST', '/api/books', JSON_TYPE, '{"title":"No author"}')
    assert.equal(missing.status, 400)
    assert.match(json(missing.body).error, /"title" and "author"/)

    const large = await rawRequest(srv.port, 'POST', '/api/books', JSON_TYPE, JSON.stringify({ title: 'x'.repeat(20000), author: 'y' }))
    assert.equal(large.status, 413)

    const unknown = await rawRequest(srv.port, 'GET', '/api/authors')
    assert.equal(unknown.status, 404)
    assert.deepEqual(json(unknown.body), { error: 'no route for GET /api/authors' })
  })
})
