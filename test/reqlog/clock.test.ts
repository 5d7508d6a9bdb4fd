/**
 * The date strings and the start marks: CLF and web dates are rebuilt at most
 * once a second, and the morgan-named marks (`_startAt`, `_startTime`) are
 * set for user tokens that read them.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { internal } from '../helpers/webfw'
import { LineSink, logOne, plainServer, reqlog, send } from './support'

const clock = internal('reqlog/clock')

/** Runs `fn` with the global Date counting constructions. */
function countingDates<T>(fn: () => T): { result: T; constructed: number } {
  const RealDate = globalThis.Date
  let constructed = 0
  class CountingDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date>) {
      super(...args)
      constructed++
    }
  }
  globalThis.Date = CountingDate as DateConstructor
  try {
    return { result: fn(), constructed }
  } finally {
    globalThis.Date = RealDate
  }
}

describe('date strings', () => {
  test('CLF and web forms of a known instant', () => {
    const t = Date.UTC(2000, 9, 10, 13, 55, 36, 789)
    assert.equal(clock.clfDate(t), '10/Oct/2000:13:55:36 +0000')
    assert.equal(clock.webDate(t), 'Tue, 10 Oct 2000 13:55:36 GMT')
    assert.equal(clock.isoDate(t), '2000-10-10T13:55:36.789Z')
    assert.equal(clock.clfDate(Date.UTC(1999, 0, 2, 3, 4, 5)), '02/Jan/1999:03:04:05 +0000')
  })

  test('the CLF and web strings are built at most once per second', () => {
    const second = Date.UTC(2024, 1, 29, 23, 59, 59)
    const { result, constructed } = countingDates(() => {
      const seen = new Set<string>()
      for (let ms = 0; ms < 1000; ms += 7) {
        seen.add(clock.clfDate(second + ms))
        seen.add(clock.webDate(second + ms))
      }
      return seen
    })
    assert.deepEqual([...result], ['29/Feb/2024:23:59:59 +0000', 'Thu, 29 Feb 2024 23:59:59 GMT'])
    assert.ok(constructed <= 2, `${constructed} dates built for one second`)
  })

  test('a new second gives a new string', () => {
    const t = Date.UTC(2024, 11, 31, 23, 59, 59, 999)
    assert.equal(clock.clfDate(t), '31/Dec/2024:23:59:59 +0000')
    assert.equal(clock.clfDate(t + 1), '01/Jan/2025:00:00:00 +0000')
    assert.equal(clock.webDate(t + 1), 'Wed, 01 Jan 2025 00:00:00 GMT')
  })

  test('timing digits are those of toFixed, clamped to what it accepts', () => {
    assert.equal(clock.elapsedText([1, 0], [1, 1_234_567], undefined), '1.235')
    assert.equal(clock.elapsedText([1, 0], [2, 500_000], '0'), '1001')
    assert.equal(clock.elapsedText([1, 0], [1, 1_234_567], '5'), '1.23457')
    assert.equal(clock.elapsedText([1, 0], [1, 1_000_000], '1000').length, '1.'.length + 100)
    assert.equal(clock.elapsedText([1, 0], [1, 1_600_000], 'x'), '2')
  })
})

describe('start marks under morgan\'s names', () => {
  test('req._startTime is a Date and req._startAt an hrtime pair, readable by user tokens', async () => {
    reqlog.token('clock-start', (req: { _startTime: Date; _startAt: [number, number] }) =>
      `${req._startTime instanceof Date} ${Array.isArray(req._startAt) && req._startAt.length === 2}`)
    const before = Date.now()
    let startTime = 0
    const { line } = await logOne(':clock-start', {}, (req, res) => {
      startTime = (req as unknown as { _startTime: Date })._startTime.getTime()
      res.end()
    })
    assert.equal(line, 'true true')
    assert.ok(startTime >= before - 1000 && startTime <= Date.now())
  })

  test('res._startAt is set when the head is written', async () => {
    let beforeHead: unknown = 'unset'
    let afterHead: unknown
    await logOne(':status', {}, (req, res) => {
      beforeHead = (res as unknown as { _startAt: unknown })._startAt
      res.writeHead(200)
      afterHead = (res as unknown as { _startAt: unknown })._startAt
      res.end()
    })
    assert.equal(beforeHead, undefined)
    assert.ok(Array.isArray(afterHead))
  })

  test('without req._startAt the timing tokens are "-"', async () => {
    const sink = new LineSink()
    const srv = await plainServer([reqlog(':response-time :total-time :status', { stream: sink })], (req, res) => {
      delete (req as unknown as { _startAt?: unknown })._startAt
      res.end()
    })
    try {
      await send(srv.port, 'GET', '/')
      assert.equal(await sink.line(), '- - 200')
    } finally {
      await srv.close()
    }
  })
})
