/**
 * npm's `prepare` step (scripts/prepare.js) on a folder as a fresh clone
 * leaves it: sources, lockfile, no node_modules, no dist/. That is what
 * `npm install <path of a fresh clone>` hands to it (npm links the folder
 * without its dev dependencies). The step installs the build's dependencies
 * from the folder's lockfile and builds, so the folder then loads as webfw.
 *
 * npm ci from the lockfile needs only package tarballs, which npm's cache
 * holds after this checkout's own `npm ci`; each step is bounded.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { runNode } from '../helpers/child'
import { packageRoot } from '../helpers/webfw'

const stepTimeoutMs = 240_000

/** The npm that runs this suite (npm test sets npm_execpath), else the one on PATH. */
function npmCli(): string | undefined {
  return process.env.npm_execpath
}

let folder: string

before(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'webfw-fresh-clone-'))
  for (const entry of ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    await cp(path.join(packageRoot, entry), path.join(folder, entry), { recursive: true })
  }
})

after(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

test('prepare on a fresh folder installs the build\'s dependencies from its lockfile and builds dist/', { timeout: stepTimeoutMs + 30_000 }, async (t) => {
  const cli = npmCli()
  if (!cli) {
    t.skip('npm_execpath is not set (run through `npm test`)')
    return
  }
  assert.equal(existsSync(path.join(folder, 'node_modules')), false)
  const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(folder, 'scripts', 'prepare.js')],
      { cwd: folder, timeout: stepTimeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_execpath: cli, npm_config_prefer_offline: 'true' } },
      (error, _stdout, stderr) => {
        // A non-zero exit carries its code; a timeout or a spawn failure does not.
        if (error && typeof error.code !== 'number') reject(error)
        else resolve({ code: error ? (error.code as number) : 0, stderr })
      },
    )
  })
  assert.equal(outcome.code, 0, outcome.stderr)
  assert.match(outcome.stderr, /installing its dev dependencies/)
  assert.ok(existsSync(path.join(folder, 'dist', 'index.js')), 'dist/index.js was built')
  const { code, stdout, stderr } = await runNode(
    `const w = require(${JSON.stringify(folder)}); const app = w(); console.log(typeof w.json, typeof w.Router, typeof app.listen)`,
  )
  assert.equal(code, 0, stderr)
  assert.equal(stdout.trim(), 'function function function')
})
