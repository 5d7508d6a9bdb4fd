/**
 * A header's value as a number (src/util/header-number.ts) against
 * `Number(value)`: plain digits it reads itself, up to and past its limit of
 * 15, and everything `Number` reads differently (spaces, signs, hex,
 * exponents, fractions, empty, a missing header); random strings over the
 * characters that matter. Then the body parser on the wire: a declared
 * length it reads that way still bounds the body.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { test } from 'node:test'
import fc from 'fast-check'
import request from 'supertest'
import { internal, webfw, type Any } from '../helpers/webfw'
import { runs } from './support'

const { headerNumber } = internal('util/header-number')

function same(value: string | undefined): void {
  const expected = Number(value)
  const got = headerNumber(value)
  assert.ok(Object.is(got, expected), `${JSON.stringify(value)}: ${got} against Number's ${expected}`)
}

test('plain digits, at and past the limit of 15, and what Number reads otherwise', () => {
  for (const value of ['0', '7', '42', '348', '000', '0012', '999999999999999', '1000000000000000', '9007199254740993', '123456789012345678901234567890']) same(value)
  for (let n = 1; n <= 20; n++) same('9'.repeat(n))
  for (const value of [undefined, '', ' ', ' 12', '12 ', '\t5\n', '+5', '-5', '-0', '0x1f', '0b11', '0o7', '1e3', '1.5', '.5', '5.', '1_000', 'Infinity', '-Infinity', 'NaN', '12a', 'a12', '\u00a05', '٣']) same(value)
})

test(`random strings of digits, signs, spaces and letters give Number's answer (${runs(5000)} strings)`, () => {
  const char = fc.constantFrom(...'0123456789 +-.eExXb\t_'.split(''))
  fc.assert(
    fc.property(fc.array(char, { maxLength: 20 }).map((chars) => chars.join('')), (value) => same(value)),
    { numRuns: runs(5000) },
  )
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat({ max: 4 }), (n, zeros) => same('0'.repeat(zeros) + n.toString())),
    { numRuns: runs(2000) },
  )
})

test('the body parser reads the declared length that way: the limit still applies to it', async () => {
  const app = webfw() as Any
  app.set('env', 'test')
  app.use(webfw.json({ limit: 20 }))
  app.post('/', (req: Any, res: Any) => res.json({ body: req.body }))
  await request(app).post('/').set('Content-Type', 'application/json').send('{"a":1}').expect(200, { body: { a: 1 } })
  const big = JSON.stringify({ a: 'x'.repeat(40) })
  await request(app).post('/').set('Content-Type', 'application/json').send(big).expect(413)
  // No Content-Length (chunked): nothing to convert, the body is still read.
  const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const req = http.request({ port: (server.address() as Any).port, host: '127.0.0.1', method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (r) => {
        let text = ''
        r.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => {
          server.close()
          resolve({ status: r.statusCode as number, text })
        })
      })
      req.on('error', reject)
      req.end('{"b":2}')
    })
  })
  assert.equal(res.status, 200)
  assert.deepEqual(JSON.parse(res.text), { body: { b: 2 } })
})
