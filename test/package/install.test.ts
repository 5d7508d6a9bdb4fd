/**
 * The package as a user gets it: `npm pack` of this checkout, installed into
 * a scratch app with npm, then loaded from CommonJS and ESM (webfw, webfw/v4,
 * webfw/v3, webfw/reqlog) in child processes that serve a request each.
 *
 * The install is offline when npm's cache holds the packages (it does after
 * `npm ci`): the scratch app gets a lockfile made from this repository's, its
 * production entries only, so npm needs no registry metadata to resolve it.
 * It also checks what a lean install leaves out: the packages only webfw/v3's
 * built-in middleware uses are optional, and reaching such a built-in without
 * them fails with the package's name and the command that installs them all.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { runNode } from '../helpers/child'
import { internal, packageRoot, type Any } from '../helpers/webfw'

/** Bound on each npm command (pack, install), so a stuck registry cannot hang the suite. */
const npmTimeoutMs = 180_000

interface LockEntry {
  version?: string
  dev?: boolean
  devOptional?: boolean
  [field: string]: unknown
}

function npm(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('npm', args, { cwd, timeout: npmTimeoutMs, maxBuffer: 16 * 1024 * 1024, shell: process.platform === 'win32' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm ${args.join(' ')} failed in ${cwd}: ${error.message}\n${stderr}`))
      else resolve(stdout)
    })
  })
}

/** The scratch app's lockfile: webfw from the tarball, plus this repository's production entries. */
function scratchLock(repoLock: { packages: Record<string, LockEntry> }, manifest: Any, tarball: string): object {
  const packages: Record<string, unknown> = {
    '': { name: 'scratch-app', dependencies: { webfw: `file:${tarball}` } },
    'node_modules/webfw': {
      version: manifest.version,
      resolved: `file:${tarball}`,
      license: manifest.license,
      dependencies: manifest.dependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      engines: manifest.engines,
    },
  }
  for (const [key, entry] of Object.entries(repoLock.packages)) {
    if (key !== '' && !entry.dev && !entry.devOptional) packages[key] = entry
  }
  return { name: 'scratch-app', lockfileVersion: 3, requires: true, packages }
}

/** Every installed package directory under node_modules (scoped and nested ones included). */
async function installedPackages(dir: string): Promise<string[]> {
  const found: string[] = []
  let entries: string[]
  try {
    entries = await readdir(dir)
  } catch {
    return found
  }
  for (const name of entries) {
    if (name.startsWith('.')) continue
    if (name.startsWith('@')) {
      for (const scoped of await readdir(path.join(dir, name))) {
        found.push(`${name}/${scoped}`, ...(await installedPackages(path.join(dir, name, scoped, 'node_modules'))))
      }
    } else {
      found.push(name, ...(await installedPackages(path.join(dir, name, 'node_modules'))))
    }
  }
  return found
}

// Each child serves one request per entry point on 127.0.0.1 and prints what came back
// (the same function in the CommonJS and the ES module probe).
const serveEach = `
async function serve(name, app) {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const res = await fetch('http://127.0.0.1:' + server.address().port + '/')
    console.log(name + ' ' + res.status + ' ' + (await res.text()))
  } finally {
    server.close()
  }
}
`

const cjsProbe = `${serveEach}
;(async () => {
  for (const name of ['webfw', 'webfw/v4', 'webfw/v3']) {
    const factory = require(name)
    const app = factory()
    app.get('/', (req, res) => res.send(name))
    await serve(name, app)
  }
  const reqlog = require('webfw/reqlog')
  const app = require('webfw')()
  const lines = []
  app.use(reqlog(':method :url :status', { stream: { write: (line) => lines.push(line.trim()) } }))
  app.get('/', (req, res) => res.send('logged'))
  await serve('webfw/reqlog', app)
  console.log('log ' + lines.join('|'))
})().catch((error) => { console.error(error); process.exitCode = 1 })
`

const esmProbe = `
import webfw from 'webfw'
import webfw4 from 'webfw/v4'
import webfw3 from 'webfw/v3'
import reqlog from 'webfw/reqlog'
import { json } from 'webfw'
import { Router } from 'webfw/v4'
import { urlencoded } from 'webfw/v3'
const factories = { webfw, 'webfw/v4': webfw4, 'webfw/v3': webfw3 }
${serveEach}
for (const [name, factory] of Object.entries(factories)) {
  const app = factory()
  app.get('/', (req, res) => res.send(name))
  await serve(name, app)
}
console.log('named ' + [typeof json, typeof Router, typeof urlencoded, typeof reqlog].join(' '))
`

describe('the packed package, installed into a scratch app', { timeout: 2 * npmTimeoutMs + 60_000 }, () => {
  let scratch = ''
  let app = ''
  let packedFiles: string[] = []

  before(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'webfw-package-'))
    app = path.join(scratch, 'app')
    // dist/ is built by `npm test`'s pretest: --ignore-scripts skips prepare's second build.
    const packed = JSON.parse(await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], packageRoot))
    packedFiles = packed[0].files.map((file: { path: string }) => file.path)
    // Relative to the app, as npm writes file: specifiers in lockfiles.
    const tarball = `../${packed[0].filename}`
    const manifest = JSON.parse(await readFile(path.join(packageRoot, 'package.json'), 'utf8'))
    const repoLock = JSON.parse(await readFile(path.join(packageRoot, 'package-lock.json'), 'utf8'))
    await mkdir(app)
    await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, dependencies: { webfw: `file:${tarball}` } }))
    await writeFile(path.join(app, 'package-lock.json'), JSON.stringify(scratchLock(repoLock, manifest, tarball)))
    await npm(['ci', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], app)
  })

  after(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  test('the tarball holds the builds, the declarations and the documents', () => {
    for (const file of ['dist/index.js', 'dist/v4.js', 'dist/v3.js', 'dist/reqlog/index.js', 'esm/index.mjs', 'esm/v3.mjs', 'types/index.d.ts', 'types/v3.d.mts', 'README.md', 'LICENSE', 'CHANGELOG.md', 'SECURITY.md', 'package.json']) {
      assert.ok(packedFiles.includes(file), `${file} is missing from the tarball`)
    }
    assert.deepEqual(packedFiles.filter((file) => /^(src|test|bench|\.test-build)\//.test(file)), [])
  })

  test('require() of webfw, webfw/v4, webfw/v3 and webfw/reqlog serves requests', async () => {
    const { code, stdout, stderr } = await runNode(cjsProbe, { cwd: app })
    assert.equal(code, 0, stderr)
    assert.deepEqual(stdout.trim().split('\n'), [
      'webfw 200 webfw',
      'webfw/v4 200 webfw/v4',
      'webfw/v3 200 webfw/v3',
      'webfw/reqlog 200 logged',
      'log GET / 200',
    ])
  })

  test('import of webfw, webfw/v4, webfw/v3 and webfw/reqlog serves requests', async () => {
    const { code, stdout, stderr } = await runNode(esmProbe, { cwd: app, flags: ['--input-type=module'] })
    assert.equal(code, 0, stderr)
    assert.deepEqual(stdout.trim().split('\n'), [
      'webfw 200 webfw',
      'webfw/v4 200 webfw/v4',
      'webfw/v3 200 webfw/v3',
      'named function function function function',
    ])
  })

  test('the install leaves out the 3.x built-ins\' packages and stays lean', async () => {
    const installed = await installedPackages(path.join(app, 'node_modules'))
    const { optionalPackages } = internal('util/optional-packages')
    for (const name of optionalPackages) assert.ok(!installed.includes(name), `${name} was installed`)
    // Express 5 installs 68 packages; webfw's own production tree (webfw included) must stay within 81:
    // the 4.x and 3.x generations add their own versions of seven small packages (accepts, type-is,
    // content-disposition, content-type, mime, fresh, range-parser; src/profile.ts).
    assert.ok(installed.length <= 81, `${installed.length} packages installed: ${installed.join(' ')}`)
  })

  test('a 3.x built-in whose package is missing names it and the command that installs them all', async () => {
    const { installCommand } = internal('util/optional-packages')
    for (const [builtIn, missing] of [['session', 'express-session'], ['compress', 'compression'], ['cookieSession', 'express-session'], ['favicon', 'serve-favicon'], ['bodyParser', 'multiparty']]) {
      const { code, stdout, stderr } = await runNode(
        `try { require('webfw/v3').${builtIn} } catch (error) { console.log(error.code); console.log(error.message) }`,
        { cwd: app },
      )
      assert.equal(code, 0, stderr)
      const [errorCode, ...message] = stdout.trim().split('\n')
      assert.equal(errorCode, 'WEBFW_MISSING_OPTIONAL_PACKAGE')
      assert.match(message[0], new RegExp(`^webfw\\.${builtIn} needs the package "${missing}", which is not installed`))
      assert.equal(message.at(-1)?.trim(), installCommand)
    }
  })

  test('the built-ins that need no optional package still load', async () => {
    const { code, stdout, stderr } = await runNode(
      `const webfw = require('webfw/v3'); console.log([webfw.basicAuth, webfw.limit, webfw.logger, webfw.staticCache].map((f) => typeof f).join(' '))`,
      { cwd: app },
    )
    assert.equal(code, 0, stderr)
    assert.equal(stdout.trim(), 'function function function function')
  })
})

test('the optional packages are exactly package.json\'s optional peer dependencies (OpenTelemetry aside)', async () => {
  const manifest = JSON.parse(await readFile(path.join(packageRoot, 'package.json'), 'utf8'))
  const { optionalPackages, installCommand } = internal('util/optional-packages')
  const optionalPeers = Object.keys(manifest.peerDependenciesMeta)
    .filter((name) => manifest.peerDependenciesMeta[name].optional && !name.startsWith('@opentelemetry/'))
    .sort()
  assert.deepEqual([...optionalPackages].sort(), optionalPeers)
  for (const name of optionalPeers) {
    assert.equal(manifest.dependencies[name], undefined, `${name} is still a dependency`)
    assert.ok(manifest.devDependencies[name], `${name} is not a devDependency (the 3.x tests need it)`)
  }
  assert.equal(installCommand, `npm install ${optionalPeers.join(' ')}`)
})
