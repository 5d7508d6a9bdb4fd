#!/usr/bin/env node
// The mocha run behind scripts/compat.js, in the folder holding an extracted
// Express test suite: `node compat-mocha.js <suite dir> <plan.json> <result.json>`.
//
// It uses the suite's own mocha (the version its package.json names) through
// mocha's programmatic API and loads the spec files one at a time, so a file
// that fails to load costs its own tests only. Every test registered is
// listed before the run; afterwards each is passed, failed, skipped (pending
// or this.skip()) or, having reported nothing (its hook failed, the run
// stopped), failed as "not run". The run never bails, and the process exits
// when mocha is done even if the package under test left handles open.
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const { createRequire } = require('node:module')

const [dir, planFile, resultFile] = process.argv.slice(2)
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'))
const suiteRequire = createRequire(path.join(dir, 'index.js'))
const Mocha = suiteRequire('mocha')

function firstLine(error) {
  let text
  try {
    text = error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error)
  } catch {
    text = '(an error that cannot be printed)'
  }
  return (text.split('\n').map((line) => line.trim()).find(Boolean) || '').slice(0, 300)
}

function titleOf(runnable) {
  const titles = []
  for (let node = runnable; node && !node.root; node = node.parent) if (node.title) titles.unshift(node.title)
  return titles.join(' > ')
}

// modules and files named by --require (should.js for Express 3, test/support/env for later ones)
for (const name of plan.requires) {
  const file = path.resolve(dir, name)
  if (fs.existsSync(file) || fs.existsSync(`${file}.js`)) require(file)
  else suiteRequire(name)
}

const mocha = new Mocha({})
if (plan.checkLeaks) mocha.checkLeaks()
mocha.timeout(plan.timeout ? (Number.isNaN(Number(plan.timeout)) ? plan.timeout : Number(plan.timeout)) : 2000)

/** Every test registered, with the spec file that registered it. */
const records = new Map()
function collect(suite, file) {
  for (const test of suite.tests) if (!records.has(test)) records.set(test, { file, title: titleOf(test), status: null, error: null })
  for (const child of suite.suites) collect(child, file)
}

const loadErrors = new Map()
for (const relative of plan.files) {
  const file = path.join(dir, relative)
  mocha.suite.emit('pre-require', global, file, mocha)
  try {
    mocha.suite.emit('require', require(file), file, mocha)
  } catch (error) {
    loadErrors.set(relative, firstLine(error))
  }
  mocha.suite.emit('post-require', global, file, mocha)
  collect(mocha.suite, relative)
}

let hookFailure = null
function Reporter(runner) {
  runner.on('pass', (test) => {
    const record = records.get(test)
    if (record && record.status !== 'failed') record.status = 'passed'
  })
  runner.on('pending', (test) => {
    const record = records.get(test)
    if (record && record.status === null) record.status = 'skipped'
  })
  runner.on('fail', (runnable, error) => {
    const record = records.get(runnable)
    if (record) {
      record.status = 'failed'
      record.error = firstLine(error)
    } else {
      // a hook: the tests it guards report nothing and are counted below
      hookFailure = `${titleOf(runnable)}: ${firstLine(error)}`
    }
  })
}

function writeResult() {
  const tests = [...records.values()].map((record) => {
    if (record.status !== null) return record
    const why = loadErrors.get(record.file) || hookFailure || 'the run stopped first'
    return { ...record, status: 'failed', error: `not run (${why})` }
  })
  for (const [file, error] of loadErrors) if (!tests.some((test) => test.file === file)) tests.push({ file, title: '(file did not load)', status: 'failed', error })
  fs.writeFileSync(resultFile, JSON.stringify({ tests }))
}

mocha.reporter(Reporter)
// an uncaught error that stops mocha itself must still leave the counts behind
process.on('exit', writeResult)
mocha.run(() => process.exit(0))
