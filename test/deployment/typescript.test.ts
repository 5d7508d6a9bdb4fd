/**
 * docs/deployment.md, TypeScript set-up: examples/typescript compiles with
 * the project's own `tsc` (strict, esModuleInterop, `import webfw from
 * 'webfw'`, the package's types) in a fresh project that has webfw in its
 * node_modules, both with the example's tsconfig (module node16) and with
 * the classic commonjs/node10 settings, and the compiled app serves its
 * routes. A type error in the app fails the compile (the check is real).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { rawRequest } from '../helpers/http'
import { makeConsumerProject } from '../helpers/consumer-project'
import { packageRoot } from '../helpers/webfw'
import { Spawned, freePort } from './spawned'

const exampleDir = path.join(packageRoot, 'examples', 'typescript')
const tsc = require.resolve('typescript/bin/tsc', { paths: [packageRoot] })

let project: string

before(() => {
  // An app that installed webfw: node_modules/webfw is this package.
  project = makeConsumerProject('webfw-ts-app-', 'ts-app')
  fs.copyFileSync(path.join(exampleDir, 'server.ts'), path.join(project, 'server.ts'))
  fs.copyFileSync(path.join(exampleDir, 'tsconfig.json'), path.join(project, 'tsconfig.json'))
  const classic = JSON.parse(fs.readFileSync(path.join(exampleDir, 'tsconfig.json'), 'utf8'))
  classic.compilerOptions = { ...classic.compilerOptions, module: 'commonjs', moduleResolution: 'node10', outDir: 'dist-classic' }
  fs.writeFileSync(path.join(project, 'tsconfig.classic.json'), JSON.stringify(classic, null, 2))
})

after(() => {
  fs.rmSync(project, { recursive: true, force: true })
})

async function compile(config: string, signal: AbortSignal): Promise<Spawned> {
  const run = new Spawned(process.execPath, [tsc, '-p', path.join(project, config)], { cwd: project, signal })
  await run.exited
  return run
}

for (const [config, outDir] of [
  ['tsconfig.json', 'dist'],
  ['tsconfig.classic.json', 'dist-classic'],
] as const) {
  test(`examples/typescript compiles with ${config} and serves its routes`, { timeout: 180_000 }, async (t) => {
    const compiled = await compile(config, t.signal)
    assert.equal(compiled.exit?.code, 0, compiled.describe())

    const port = await freePort()
    const server = new Spawned(process.execPath, [path.join(project, outDir, 'server.js')], { cwd: project, env: { ...process.env, PORT: String(port) }, signal: t.signal })
    try {
      await server.waitFor(new RegExp(`listening on http://127\\.0\\.0\\.1:${port}\\b`))
      assert.deepEqual(JSON.parse((await rawRequest(port, 'GET', '/books/1')).body), { id: 1, title: 'The Art of Computer Programming' })
      const created = await rawRequest(port, 'POST', '/books', { 'content-type': 'application/json' }, '{"title":"SICP"}')
      assert.equal(created.status, 201)
      assert.deepEqual(JSON.parse(created.body), { id: 2, title: 'SICP' })
      assert.equal((await rawRequest(port, 'POST', '/books', { 'content-type': 'application/json' }, '{}')).status, 400)
      assert.equal((await rawRequest(port, 'GET', '/books/9')).status, 404)
    } finally {
      await server.stop()
    }
  })
}

test('a type error in the TypeScript app fails the compile', { timeout: 180_000 }, async (t) => {
  const broken = fs.readFileSync(path.join(project, 'server.ts'), 'utf8') + '\napp.get("/x/:id", (req, res) => { const n: number = req.params.id })\n'
  fs.writeFileSync(path.join(project, 'broken.ts'), broken)
  fs.writeFileSync(path.join(project, 'tsconfig.broken.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: true }, files: ['broken.ts'] }))
  const compiled = await compile('tsconfig.broken.json', t.signal)
  assert.notEqual(compiled.exit?.code, 0)
  assert.match(compiled.stdout, /broken\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/)
})
