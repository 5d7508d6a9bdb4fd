#!/usr/bin/env node
// Reproduces the Express compatibility scores quoted in the docs: runs
// Express's own test suites against this package, without copying them into
// the repository.
//
//   npm run build && npm run compat                  all three suites
//   npm run compat -- express3                       one suite
//   npm run compat -- --repo /path/to/express-clone  a local clone or bare mirror
//
// Suites: express5 (Express's master branch, against `webfw`), express4 (its
// 4.x branch, against `webfw/v4`), express3 (its tag 3.21.2, against
// `webfw/v3`). Another branch or tag: --ref <name> (with one suite).
//
// For each suite it extracts `test/`, `examples/` and package.json at that ref
// into a temporary folder, installs the test dependencies the suite's
// package.json names (cached in ~/.cache/webfw-compat), makes the suite's
// `require('..')` and `require('../lib/express')` load this package (webfw
// has none of Express's private helpers: `lib/utils` only carries the HTTP
// method list the tests iterate over), runs the suite's own mocha with its
// options (scripts/compat-mocha.js), and prints each failing test and
// "N passed, M failed", for all tests and without test/utils.js (tests of
// Express's private helpers). Tests that never ran (a failing hook, a file
// that did not load) count as failed; tests the suite skips itself count
// neither way.
//
// Express's repository comes from --repo, else EXPRESS_REPO, else a bare clone
// of https://github.com/expressjs/express kept in ~/.cache/webfw-compat
// (fetched again on each run when the network allows).
'use strict'
const { execFileSync, spawnSync } = require('node:child_process')
const { createHash } = require('node:crypto')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const packageRoot = path.join(__dirname, '..')
const cacheDir = process.env.WEBFW_COMPAT_CACHE || path.join(os.homedir(), '.cache', 'webfw-compat')
const upstream = 'https://github.com/expressjs/express.git'
const suites = {
  express5: { ref: 'master', entry: 'webfw' },
  express4: { ref: '4.x', entry: 'webfw/v4' },
  express3: { ref: '3.21.2', entry: 'webfw/v3' },
}
// Test tooling a suite names that its tests never load.
const notNeeded = /^(eslint|nyc|istanbul|jshint|coveralls)/
const runBoundMs = 15 * 60 * 1000

function fail(message) {
  console.error(`compat: ${message}`)
  process.exit(1)
}

function parseArgs(argv) {
  const options = { suites: [], repo: process.env.EXPRESS_REPO || '', ref: '' }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--repo') options.repo = argv[++i] || fail('--repo needs a path')
    else if (arg === '--ref') options.ref = argv[++i] || fail('--ref needs a branch or tag')
    else if (arg === '-h' || arg === '--help') {
      console.log(fs.readFileSync(__filename, 'utf8').split('\n').slice(1, 28).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'))
      process.exit(0)
    } else if (suites[arg]) options.suites.push(arg)
    else fail(`unknown argument ${arg} (suites: ${Object.keys(suites).join(', ')}; options: --repo, --ref)`)
  }
  if (options.suites.length === 0) options.suites = Object.keys(suites)
  if (options.ref && options.suites.length !== 1) fail('--ref applies to one suite: name it')
  return options
}

function git(gitDir, args, options = {}) {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 256 * 1024 * 1024, ...options })
}

/** The git directory of Express's repository: the given clone, or a cached bare clone. */
function expressRepository(repo) {
  if (repo) {
    const gitDir = execFileSync('git', ['-C', repo, 'rev-parse', '--absolute-git-dir'], { encoding: 'utf8' }).trim()
    return gitDir
  }
  const bare = path.join(cacheDir, 'express.git')
  if (!fs.existsSync(bare)) {
    fs.mkdirSync(cacheDir, { recursive: true })
    console.log(`cloning ${upstream} into ${bare}`)
    const clone = spawnSync('git', ['clone', '--bare', '--quiet', upstream, bare], { stdio: 'inherit' })
    if (clone.status !== 0) fail(`could not clone ${upstream}: pass a local clone with --repo or EXPRESS_REPO`)
  } else {
    const fetch = spawnSync('git', ['--git-dir', bare, 'fetch', '--quiet', '--tags', 'origin', '+refs/heads/*:refs/heads/*'], { stdio: 'inherit' })
    if (fetch.status !== 0) console.log(`compat: could not fetch ${upstream}; using the cached clone as it is`)
  }
  return bare
}

/** Extracts test/, examples/ and package.json at `commit` into `dir`. */
function extractSuite(gitDir, commit, dir) {
  const paths = ['test', 'package.json']
  try {
    git(gitDir, ['cat-file', '-e', `${commit}:examples`], { stdio: 'ignore' })
    paths.push('examples')
  } catch {
    // no examples at this ref
  }
  const archive = git(gitDir, ['archive', '--format=tar', commit, ...paths])
  execFileSync('tar', ['-x', '-C', dir], { input: archive })
}

function jsFiles(dir) {
  const found = []
  if (!fs.existsSync(dir)) return found
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) found.push(...jsFiles(file))
    else if (entry.name.endsWith('.js')) found.push(file)
  }
  return found
}

/** Package names the suite's files require (bare specifiers only). */
function requiredPackages(dir) {
  const names = new Set()
  for (const file of [...jsFiles(path.join(dir, 'test')), ...jsFiles(path.join(dir, 'examples'))]) {
    const source = fs.readFileSync(file, 'utf8')
    for (const match of source.matchAll(/require\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g)) {
      const parts = match[1].split('/')
      names.add(match[1].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0])
    }
  }
  return names
}

/** Splits a command line's mocha arguments into the options this runner uses. */
function mochaOptions(args, into) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (['&&', '||', ';', '|'].includes(arg)) break
    if (arg === '--require' || arg === '-r') into.requires.push(args[++i])
    else if (arg === '--check-leaks') into.checkLeaks = true
    else if (arg === '--recursive') into.recursive = true
    else if (arg === '--timeout' || arg === '-t') into.timeout = args[++i]
    else if (['--reporter', '-R', '--slow', '-s', '--ui', '-u', '--grep', '-g'].includes(arg)) i++
    else if (!arg.startsWith('-')) into.specs.push(arg)
  }
  return into
}

/** What the suite's package.json (and test/mocha.opts, read by mocha before 8) says about its run. */
function suitePlan(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))
  const script = (manifest.scripts && manifest.scripts.test) || ''
  const words = script.split(/\s+/).filter(Boolean)
  const at = words.findIndex((word) => /(^|\/)mocha$/.test(word))
  const fromScript = mochaOptions(at < 0 ? [] : words.slice(at + 1), { requires: [], specs: [], checkLeaks: false, recursive: false, timeout: null })
  const optsFile = path.join(dir, 'test', 'mocha.opts')
  const mochaMajor = Number(/\d+/.exec((manifest.devDependencies || {}).mocha || '')?.[0])
  if (fs.existsSync(optsFile) && mochaMajor < 8) {
    const fromOpts = mochaOptions(fs.readFileSync(optsFile, 'utf8').split(/\s+/).filter(Boolean), { requires: [], specs: [], checkLeaks: false, recursive: false, timeout: null })
    fromScript.requires = [...fromOpts.requires, ...fromScript.requires]
    fromScript.checkLeaks ||= fromOpts.checkLeaks
    fromScript.recursive ||= fromOpts.recursive
    fromScript.timeout ??= fromOpts.timeout
    if (fromScript.specs.length === 0) fromScript.specs = fromOpts.specs
  }
  const specs = fromScript.specs.length ? fromScript.specs : ['test']
  const files = []
  for (const spec of specs) {
    const target = path.resolve(dir, spec)
    if (fs.existsSync(target) && fs.statSync(target).isDirectory()) {
      const listed = fromScript.recursive
        ? jsFiles(target)
        : fs.readdirSync(target).filter((name) => name.endsWith('.js')).map((name) => path.join(target, name))
      files.push(...listed.sort())
    } else if (fs.existsSync(target)) files.push(target)
    else if (fs.existsSync(`${target}.js`)) files.push(`${target}.js`)
  }
  // test dependencies: the devDependencies in use, and the dependencies the tests load themselves
  const required = requiredPackages(dir)
  for (const name of fromScript.requires) if (!name.startsWith('.')) required.add(name.split('/')[0])
  const deps = {}
  for (const [name, range] of Object.entries(manifest.devDependencies || {})) if (!notNeeded.test(name)) deps[name] = range
  for (const [name, range] of Object.entries(manifest.dependencies || {})) if (required.has(name) && !deps[name]) deps[name] = range
  return {
    files: [...new Set(files)].map((file) => path.relative(dir, file)),
    requires: fromScript.requires,
    checkLeaks: fromScript.checkLeaks,
    timeout: fromScript.timeout,
    deps,
  }
}

/** Installs the suite's test dependencies once per set of versions; returns the node_modules folder. */
function installDeps(deps) {
  const key = createHash('sha1').update(JSON.stringify(deps)).digest('hex').slice(0, 12)
  const dir = path.join(cacheDir, `deps-${key}`)
  if (fs.existsSync(path.join(dir, '.complete'))) return path.join(dir, 'node_modules')
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'express-suite-deps', private: true, dependencies: deps }, null, 2))
  console.log(`installing the suite's test dependencies into ${dir}`)
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: dir, stdio: 'inherit' })
  if (install.status !== 0) fail('npm install of the suite\'s test dependencies failed')
  fs.writeFileSync(path.join(dir, '.complete'), '')
  return path.join(dir, 'node_modules')
}

/** Points the suite's require('..'), require('../lib/express') and require('../lib/utils') at `entry`. */
function writeShims(dir, entry) {
  const header = '// written by webfw scripts/compat.js: the suite loads webfw here\n'
  fs.writeFileSync(path.join(dir, 'index.js'), `${header}module.exports = require(${JSON.stringify(entry)})\n`)
  fs.mkdirSync(path.join(dir, 'lib'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'lib', 'express.js'), `${header}module.exports = require(${JSON.stringify(entry)})\n`)
  fs.writeFileSync(
    path.join(dir, 'lib', 'utils.js'),
    `${header}// webfw has none of Express's private helpers; the tests iterate over this list\n` +
      "exports.methods = require('node:http').METHODS.map((method) => method.toLowerCase())\n",
  )
}

function runSuite(name, gitDir, refOverride) {
  const suite = suites[name]
  const ref = refOverride || suite.ref
  let commit
  try {
    commit = git(gitDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { encoding: 'utf8' }).trim()
  } catch {
    fail(`${ref} is not a branch or tag of ${gitDir}`)
  }
  const entry = require.resolve(suite.entry, { paths: [packageRoot] })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `webfw-compat-${name}-`))
  try {
    extractSuite(gitDir, commit, dir)
    const plan = suitePlan(dir)
    const modules = installDeps(plan.deps)
    fs.symlinkSync(modules, path.join(dir, 'node_modules'), 'dir')
    writeShims(dir, entry)
    const planFile = path.join(dir, '.compat-plan.json')
    const resultFile = path.join(dir, '.compat-result.json')
    fs.writeFileSync(planFile, JSON.stringify(plan))
    console.log(`\n=== ${name}: Express ${ref} (${commit.slice(0, 12)}) against ${suite.entry}`)
    const run = spawnSync(process.execPath, [path.join(__dirname, 'compat-mocha.js'), dir, planFile, resultFile], {
      cwd: dir,
      // the package under test finds the view engines the examples name (ejs, hbs) here, as it would upstream
      env: { ...process.env, NODE_PATH: modules, NODE_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: runBoundMs,
      killSignal: 'SIGKILL',
    })
    if (run.error || run.status !== 0) console.log(`compat: the mocha run ended early (${run.error ? run.error.message : `exit ${run.status ?? run.signal}`}); tests without a result count as failed`)
    const result = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : { tests: [] }
    return report(name, ref, commit, suite.entry, result.tests)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function count(tests) {
  const passed = tests.filter((test) => test.status === 'passed').length
  const failed = tests.filter((test) => test.status === 'failed').length
  return { passed, failed, skipped: tests.length - passed - failed }
}

function report(name, ref, commit, entry, tests) {
  for (const test of tests.filter((t) => t.status === 'failed')) console.log(`  failed: ${test.file} :: ${test.title} -- ${test.error}`)
  const all = count(tests)
  const outsideUtils = count(tests.filter((test) => test.file !== 'test/utils.js'))
  if (all.skipped) console.log(`${all.skipped} skipped by the suite itself (counted neither way)`)
  console.log(`${name} (Express ${ref}, ${commit.slice(0, 12)}) with ${entry}, all tests: ${all.passed} passed, ${all.failed} failed`)
  console.log(`${name} without test/utils.js (Express's private helpers):`)
  console.log(`${outsideUtils.passed} passed, ${outsideUtils.failed} failed`)
  return outsideUtils
}

function main() {
  const options = parseArgs(process.argv.slice(2))
  if (!fs.existsSync(path.join(packageRoot, 'dist', 'index.js'))) fail('dist/ is missing: run `npm run build` first')
  const gitDir = expressRepository(options.repo)
  const totals = { passed: 0, failed: 0 }
  const lines = []
  for (const name of options.suites) {
    const counts = runSuite(name, gitDir, options.ref)
    totals.passed += counts.passed
    totals.failed += counts.failed
    lines.push(`${name}: ${counts.passed} passed, ${counts.failed} failed`)
  }
  if (options.suites.length > 1) {
    console.log('\n=== without test/utils.js')
    for (const line of lines) console.log(line)
    console.log(`${totals.passed} passed, ${totals.failed} failed`)
  }
}

main()
