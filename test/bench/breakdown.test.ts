/**
 * The benchmark tooling's pure parts (no valgrind here): reading a callgrind
 * file with compressed names and V8 code named through its perf map, the
 * bucket rules, charging unnamed functions to their callers, and the report's
 * README block, whose figures must all be in docs/perf.md.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync, readdirSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { packageRoot, type Any } from '../helpers/webfw'

/* eslint-disable @typescript-eslint/no-require-imports */
const { readCallgrind, readPerfMap } = require(join(packageRoot, 'bench/breakdown/callgrind-file.js'))
const { bucketOf, rules, buckets } = require(join(packageRoot, 'bench/breakdown/rules.js'))
const { attribute } = require(join(packageRoot, 'bench/breakdown/attribute.js'))
const { callersReport, CALLERS_TOP } = require(join(packageRoot, 'bench/breakdown/callers.js'))
const { resolveNode } = require(join(packageRoot, 'bench/lib/node-binary.js'))
/* eslint-enable @typescript-eslint/no-require-imports */

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'webfw-breakdown-test-'))
}

// A callgrind file as valgrind writes it: names compressed to (id) after
// their first use, costs as "<line> <Ir>", a call's inclusive cost on the
// line after calls=.
const CALLGRIND = `version: 1
creator: callgrind-3.19.0
events: Ir
summary: 1000

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) llhttp__internal__run
0 300
fn=(2) Builtins_LoadIC
0 200
fn=(3) 0x0000000000001010
0 100
cfn=(2)
calls=2 0
0 150
fn=(4) 0x0000000000002000'2
0 250
cfn=(2)
calls=1 0
0 50
fn=(5) v8::internal::Scavenger::ScavengePage(v8::internal::MemoryChunk*)
0 150
totals: 1000
`
const PERF_MAP = `1000 100 JS:*parserOnIncoming node:_http_server:1167:26
2000 40 JS:~json /app/dist/response/send.js:206:60
`

/** Reads CALLGRIND named through PERF_MAP, from files in a fresh folder, and hands the profile to `check`. */
function withFixtureProfile(check: (profile: Any) => void): void {
  const dir = tempDir()
  try {
    writeFileSync(join(dir, 'cg.out'), CALLGRIND)
    writeFileSync(join(dir, 'perf.map'), PERF_MAP)
    check(readCallgrind(join(dir, 'cg.out'), join(dir, 'perf.map')))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('reading a callgrind file', () => {
  test('adds up self costs by function, resolves compressed names and names V8 code from the perf map', () => {
    withFixtureProfile((profile) => {
      assert.equal(profile.total, 1000)
      assert.deepEqual(Object.fromEntries(profile.self), {
        llhttp__internal__run: 300,
        Builtins_LoadIC: 200,
        'JS parserOnIncoming node:_http_server:1167:26': 100,
        'JS json /app/dist/response/send.js:206:60': 250,
        'v8::internal::Scavenger::ScavengePage(v8::internal::MemoryChunk*)': 150,
      })
      assert.deepEqual(Object.fromEntries(profile.callers.get('Builtins_LoadIC')), {
        'JS parserOnIncoming node:_http_server:1167:26': 150,
        'JS json /app/dist/response/send.js:206:60': 50,
      })
    })
  })

  test('finds the function covering an address inside it, and none past its end', () => {
    const dir = tempDir()
    try {
      writeFileSync(join(dir, 'perf.map'), PERF_MAP)
      const map = readPerfMap(join(dir, 'perf.map'))
      assert.equal(map.lookup(0x2020), 'JS:~json /app/dist/response/send.js:206:60')
      assert.equal(map.lookup(0x2040), null)
      assert.equal(map.lookup(0x0fff), null)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the callers report (--callers)', () => {
  test('lists the callers of the functions the pattern names, heaviest first, per request', () => {
    withFixtureProfile((profile) => {
      // Two requests: the calls' costs are halved.
      const lines = callersReport(profile.callers, /^Builtins_LoadIC$/, (cost: number) => Math.round(cost / 2))
      assert.deepEqual(lines, [
        'Builtins_LoadIC',
        '       75  JS parserOnIncoming node:_http_server:1167:26',
        '       25  JS json /app/dist/response/send.js:206:60',
      ])
      // A pattern naming nothing that is called: no lines.
      assert.deepEqual(callersReport(profile.callers, /ScavengePage/, (cost: number) => cost), [])
    })
  })

  test('leaves out calls below one instruction per request and keeps at most CALLERS_TOP callers', () => {
    const from = new Map<string, number>()
    for (let i = 0; i < CALLERS_TOP + 5; i++) from.set(`JS f${i} /x/dist/a.js:1:1`, (i + 1) * 1000)
    from.set('JS rare /x/dist/b.js:1:1', 400)
    const lines = callersReport(new Map([['Builtins_CEntry', from]]), /CEntry/, (cost: number) => Math.round(cost / 1000))
    assert.equal(lines.length, 1 + CALLERS_TOP)
    assert.match(lines[1], /^ +17  JS f16 /)
    assert.ok(!lines.some((line: string) => line.includes('rare')))
  })
})

describe('bucket rules', () => {
  test('are a list of regular expressions naming known buckets', () => {
    const ids = new Set(buckets.map(([id]: [string, string]) => id))
    assert.ok(rules.length > 10)
    for (const [pattern, bucket] of rules) {
      assert.ok(pattern instanceof RegExp)
      assert.ok(ids.has(bucket), bucket)
    }
  })

  test('put typical functions of each server where the report says', () => {
    const cases: Array<[string, string | null]> = [
      ['llhttp__internal__run', 'parse'],
      ['JS parserOnIncoming node:_http_server:1167:26', 'parse'],
      ['JS _storeHeader node:_http_outgoing:438:22', 'write'],
      ['JS setHeader node:_http_outgoing:700:45', 'headers'],
      ['JS set /x/dist/app/application.js:353:27', 'framework'],
      ['JS header /x/node_modules/fastify/lib/reply.js:10:1', 'headers'],
      ['JS set node:internal/async_context_frame:24:13', null],
      ['JS lookup /x/node_modules/find-my-way/index.js:10:3', 'routing'],
      ['JS step /x/dist/router/dispatch.js:256:9', 'routing'],
      ['JS handleRequest /x/node_modules/fastify/lib/handle-request.js:1:1', 'routing'],
      ['JS rawBody /x/node_modules/fastify/lib/content-type-parser.js:1:1', 'body'],
      ['JS readJson /x/bench/http/servers/bare-common.js:61:1', 'body'],
      ['JS jsonParser /x/dist/middleware/body/json.js:3:1', 'body'],
      ['bool v8::internal::JsonStringifier::SerializeString<false>()', 'json'],
      ['JS parse /x/node_modules/cookie/index.js:1:1', 'cookies'],
      ['JS line /x/dist/reqlog/compile.js:1:1', 'logger'],
      ['JS line /x/bench/http/servers/combined-line.js:1:1', 'logger'],
      ['sha1_block_data_order_avx2', 'etag'],
      ['JS nextTick node:internal/process/task_queues:113:18', 'runtime'],
      ['v8::internal::Scavenger::ScavengePage()', 'gc'],
      ['v8::internal::compiler::GraphReducer::Reduce()', 'compiler'],
      ['JS handle /x/dist/app/application.js:289:33', 'framework'],
      ['JS feed /x/bench/inmem/worker.js:129:31', 'client'],
      ['Builtins_LoadIC', null],
      ['__memcpy_avx_unaligned_erms', null],
      ['JS Readable.push node:internal/streams/readable:1:1', null],
    ]
    for (const [name, bucket] of cases) assert.equal(bucketOf(name), bucket, name)
  })
})

describe('attribution', () => {
  test('a function no rule names is charged to its callers in proportion to their calls, through chains of such functions', () => {
    const self = new Map([
      ['llhttp__internal__run', 300],
      ['JS step /x/dist/router/dispatch.js:256:9', 100],
      ['Builtins_CallFunction', 50],
      ['Builtins_LoadIC', 400],
    ])
    const callers = new Map([
      // LoadIC: 3/4 from the parser, 1/4 through CallFunction, itself called by the router.
      ['Builtins_LoadIC', new Map([['llhttp__internal__run', 300], ['Builtins_CallFunction', 100]])],
      ['Builtins_CallFunction', new Map([['JS step /x/dist/router/dispatch.js:256:9', 150]])],
    ])
    const { totals, functions } = attribute({ self, callers })
    assert.equal(totals.parse, 300 + 300)
    assert.equal(totals.routing, 100 + 50 + 100)
    assert.equal(totals.other, 0)
    assert.deepEqual(Object.fromEntries(functions.parse), { Builtins_LoadIC: 300, llhttp__internal__run: 300 })
  })

  test('what has no rule and no caller stays in "other", and nothing is lost', () => {
    const self = new Map([
      ['Builtins_LoadIC', 70],
      ['JS f /x/dist/app/application.js:1:1', 30],
    ])
    const { totals } = attribute({ self, callers: new Map() })
    assert.equal(totals.other, 70)
    assert.equal(totals.framework, 30)
    assert.equal(
      Object.values(totals as Record<string, number>).reduce((a, b) => a + b, 0),
      100,
    )
  })
})

describe('--node', () => {
  test('current (and nothing) is the node running the script; a path is kept', () => {
    assert.equal(resolveNode('current'), process.execPath)
    assert.equal(resolveNode(''), process.execPath)
    assert.equal(resolveNode('/opt/node/bin/node'), '/opt/node/bin/node')
  })
})

describe('bench:report and README.md', () => {
  test('the cases of a full instructions run (reqlog\'s combined line) are shown under its table in docs/perf.md', () => {
    const dir = tempDir()
    try {
      mkdirSync(join(dir, 'results'))
      writeFileSync(
        join(dir, 'results', 'instructions-node24.json'),
        JSON.stringify({
          kind: 'instructions',
          meta: { node: 'v24.21.0', date: '2026-11-27T00:00:00.000Z', commit: 'test', method: 'toggle', requests: 1000, warmup: 10000, connections: 0, v8Flags: [] },
          servers: ['webfw'],
          scenarios: { stack: { servers: { webfw: { perRequest: 150321 } } } },
          cases: { 'reqlog-combined': { label: "reqlog's `combined` line", scenario: 'stack', perRequest: 9876.4, with: 66000, without: 56123.6 } },
        }),
      )
      writeFileSync(join(dir, 'README.md'), '# x\n<!-- bench:readme:begin -->\n<!-- bench:readme:end -->\n')
      execFileSync(process.execPath, [join(packageRoot, 'bench/report/index.js'), '--results', join(dir, 'results'), '--out', join(dir, 'perf.md'), '--readme', join(dir, 'README.md')])
      const perf = readFileSync(join(dir, 'perf.md'), 'utf8')
      const section = perf.slice(perf.indexOf('### Instructions per request on Node v24.21.0'))
      assert.ok(section.indexOf('| stack | 150,321') < section.indexOf("| reqlog-combined: reqlog's `combined` line | 9,876 |"))
      assert.ok(section.includes("| reqlog-combined: reqlog's `combined` line | 9,876 |"))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('every figure of the README block is in docs/perf.md, and the block names Node 24 before Node 20', () => {
    const dir = tempDir()
    try {
      // The report over a copy of the results, writing a copy of README.md.
      mkdirSync(join(dir, 'results'))
      for (const f of readdirSync(join(packageRoot, 'bench/results'))) if (f.endsWith('.json')) copyFileSync(join(packageRoot, 'bench/results', f), join(dir, 'results', f))
      // A result on Node 24 for hello, so the block has instructions to show.
      writeFileSync(
        join(dir, 'results', 'instructions-node24.json'),
        JSON.stringify({
          kind: 'instructions',
          meta: { node: 'v24.21.0', date: '2026-11-27T00:00:00.000Z', commit: 'test', method: 'toggle', requests: 1000, warmup: 10000, connections: 0, v8Flags: [] },
          servers: ['webfw', 'fastify', 'bare'],
          scenarios: { hello: { servers: { webfw: { perRequest: 61234.4 }, fastify: { perRequest: 47321 }, bare: { perRequest: 50999 } } } },
        }),
      )
      writeFileSync(join(dir, 'README.md'), '# x\n\nbefore\n<!-- bench:readme:begin -->\nold 53,132\n<!-- bench:readme:end -->\nafter\n')
      execFileSync(process.execPath, [join(packageRoot, 'bench/report/index.js'), '--results', join(dir, 'results'), '--out', join(dir, 'perf.md'), '--readme', join(dir, 'README.md')])
      const readme = readFileSync(join(dir, 'README.md'), 'utf8')
      const perf = readFileSync(join(dir, 'perf.md'), 'utf8')
      assert.ok(readme.startsWith('# x\n\nbefore\n') && readme.endsWith('after\n'))
      assert.ok(!readme.includes('53,132'))
      assert.ok(readme.includes('61,234'))
      const figures = readme.match(/\d{1,3}(?:,\d{3})+/g) || []
      assert.ok(figures.length > 3)
      for (const f of figures) assert.ok(perf.includes(f), `${f} is in the README but not in docs/perf.md`)
      assert.ok(readme.indexOf('Node v24') < readme.indexOf('Node v20'))
      assert.ok(perf.indexOf('## Node 24') < perf.indexOf('## Node 20'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
