/**
 * req.fresh: whether the client's cached copy matches the response's
 * validators (ETag / Last-Modified set so far).
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { describe, it } from 'node:test'
import { freshness, type Case } from '../helpers/freshness'

const fresh = (c: Case) => freshness('fresh', c)
const lastModified = 'Tue, 01 Oct 2024 10:00:00 GMT'

describe('req.fresh', () => {
  it('is true when If-None-Match holds the response ETag', async () => {
    assert.equal(await fresh({ response: { ETag: '"abc"' }, request: { 'If-None-Match': '"abc"' } }), true)
    assert.equal(await fresh({ response: { ETag: '"abc"' }, request: { 'If-None-Match': '"x", "abc"' } }), true)
    assert.equal(await fresh({ response: { ETag: 'W/"abc"' }, request: { 'If-None-Match': '"abc"' } }), true)
  })

  it('is false when the ETag differs', async () => {
    assert.equal(await fresh({ response: { ETag: '"abc"' }, request: { 'If-None-Match': '"abd"' } }), false)
  })

  it('is false without conditional request headers or without response validators', async () => {
    assert.equal(await fresh({ response: { ETag: '"abc"' } }), false)
    assert.equal(await fresh({ request: { 'If-None-Match': '"abc"' } }), false)
  })

  it('compares If-Modified-Since with Last-Modified', async () => {
    const response = { 'Last-Modified': lastModified }
    assert.equal(await fresh({ response, request: { 'If-Modified-Since': lastModified } }), true)
    assert.equal(await fresh({ response, request: { 'If-Modified-Since': 'Mon, 30 Sep 2024 10:00:00 GMT' } }), false)
  })

  it('ignores If-Modified-Since when If-None-Match is present', async () => {
    const response = { ETag: '"new"', 'Last-Modified': lastModified }
    const request = { 'If-None-Match': '"old"', 'If-Modified-Since': lastModified }
    assert.equal(await fresh({ response, request }), false)
  })

  it('is false when the request says Cache-Control: no-cache', async () => {
    const request = { 'If-None-Match': '"abc"', 'Cache-Control': 'no-cache' }
    assert.equal(await fresh({ response: { ETag: '"abc"' }, request }), false)
  })

  it('is considered for GET and HEAD, not for POST or PUT', async () => {
    const c = { response: { ETag: '"abc"' }, request: { 'If-None-Match': '"abc"' } }
    assert.equal(await fresh({ ...c, method: 'HEAD' }), true)
    assert.equal(await fresh({ ...c, method: 'POST', body: '{}' }), false)
    assert.equal(await fresh({ ...c, method: 'PUT', body: '{}' }), false)
  })

  // Node's HTTP parser knows QUERY from Node 20.x/22.x on; Node 18 refuses it.
  it('is considered for QUERY too', { skip: !http.METHODS.includes('QUERY') && 'this Node has no QUERY method' }, async () => {
    const c = { response: { ETag: '"abc"' }, request: { 'If-None-Match': '"abc"', 'Content-Type': 'application/json' } }
    assert.equal(await fresh({ ...c, method: 'QUERY', body: '{"q":1}' }), true)
  })

  it('is considered for 2xx and 304 responses only', async () => {
    const c = { response: { ETag: '"abc"' }, request: { 'If-None-Match': '"abc"' } }
    assert.equal(await fresh({ ...c, status: 204 }), true)
    assert.equal(await fresh({ ...c, status: 304 }), true)
    assert.equal(await fresh({ ...c, status: 404 }), false)
    assert.equal(await fresh({ ...c, status: 301 }), false)
  })
})
