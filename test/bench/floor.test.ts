/**
 * The floor table of `npm run bench:floor` (bench/floor/table.js), without
 * valgrind: node:http's own buckets of webfw's request plus the SHA-1 alone,
 * the hello body's cost for JSON answers and the page's for views, and what
 * fastify's total leaves above that floor.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { packageRoot } from '../helpers/webfw'

/* eslint-disable @typescript-eslint/no-require-imports */
const { rows, toMarkdown, NODE_BUCKETS } = require(join(packageRoot, 'bench/floor/table.js'))
const { buckets } = require(join(packageRoot, 'bench/breakdown/rules.js'))
const { methodFor } = require(join(packageRoot, 'bench/floor/hash-cost.js'))
/* eslint-enable @typescript-eslint/no-require-imports */

function server(total: number, own: Record<string, number>) {
  return { total, buckets: own, top: {} }
}

const breakdown = {
  kind: 'breakdown',
  scenarios: {
    hello: {
      webfw: server(46000, { parse: 12000, write: 12000, json: 1000, runtime: 11000, client: 200, routing: 900, etag: 4400, gc: 2000, framework: 2500 }),
      fastify: server(41000, { parse: 12000, write: 10800, json: 1000, runtime: 11500, client: 200, routing: 1700, framework: 1500 }),
      bare: server(38500, { parse: 12000 }),
    },
    views: {
      webfw: server(264000, { parse: 60000, write: 20000, json: 0, runtime: 110000, client: 6000 }),
      fastify: server(248000, { parse: 59000, write: 14000, runtime: 120000, client: 5700 }),
    },
    // A server that failed in the breakdown leaves its scenario out.
    middlewares: { webfw: server(54000, { parse: 12000 }), fastify: { error: 'failed' } },
  },
}
const hashes = { hello: { bytes: 17, method: 'JavaScript', instructions: 4500 }, views: { bytes: 1071, method: 'crypto.hash', instructions: 18700 } }

describe('bench:floor table', () => {
  test('names buckets the breakdown rules have', () => {
    for (const b of NODE_BUCKETS) assert.ok(Object.hasOwn(Object.fromEntries(buckets), b), b)
  })

  test('floor = node:http buckets of webfw + the hash of the scenario body', () => {
    const [hello, views, ...rest] = rows(breakdown, hashes)
    assert.equal(rest.length, 0)
    assert.equal(hello.scenario, 'hello')
    assert.equal(hello.nodeWork, 12000 + 12000 + 1000 + 11000 + 200)
    assert.equal(hello.hash, 4500)
    assert.equal(hello.floor, 36200 + 4500)
    assert.equal(hello.budget, 41000 - 40700)
    assert.equal(hello.fastifyOwn, 41000 - (12000 + 10800 + 1000 + 11500 + 200))
    assert.equal(hello.bare, 38500)
    assert.equal(hello.webfwOwn, 46000 - 40700)
    assert.equal(views.hash, 18700)
    assert.equal(views.floor, 196000 + 18700)
    assert.equal(views.bare, null)
  })

  test('the Markdown has a row per scenario with the ratios', () => {
    const md = toMarkdown({ meta: { node: 'v24.0.0' }, from: 'bench/results/x.json', hashes, rows: rows(breakdown, hashes) })
    assert.match(md, /\| hello \| 36,200 \| 4,500 \| 40,700 \| 41,000 \| 0\.99× \| 300 \| 5,500 \| 38,500 \| 1\.06× \| 46,000 \| 5,300 \|/)
    assert.match(md, /\| views \| 196,000 \| 18,700 \| 214,700 \| 248,000 \| 0\.87× \| 33,300 \| /)
    assert.doesNotMatch(md, /middlewares/)
    assert.match(md, /4,500 instructions for 17 bytes in JavaScript, 18,700 for the 1,071-byte page with `crypto\.hash`/)
  })

  test('the hash is counted the way webfw makes it: JavaScript for ASCII up to 119 bytes', () => {
    assert.equal(methodFor('{"hello":"world"}'), 'JavaScript')
    assert.equal(methodFor('x'.repeat(119)), 'JavaScript')
    assert.equal(methodFor('x'.repeat(120)), 'crypto.hash')
    assert.equal(methodFor('caf\u00e9'), 'crypto.hash')
  })
})
