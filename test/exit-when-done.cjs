// Preloaded by test/run.mjs into each test file's process (not the runner's,
// which has --test). A failed test can leave a server or a timer open; on
// Node 24 the runner then waits for that file's process for good, and the
// per-test timeout does not end it. Ten seconds after the file's tests and
// hooks are done (an unref'd timer: a process that exits by itself never
// waits for it) the process exits, its results already reported.
//
// Not --test-force-exit: with it, Node 24 ended a file's process while its
// tests were still running, and the tests it never ran were not reported
// (2395 of 2400 counted, none failed).
'use strict'
if (!process.execArgv.includes('--test')) {
  const { after } = require('node:test')
  after(() => {
    setTimeout(() => {
      process.stderr.write(`${process.argv[1] ?? 'a test file'}: still running 10 s after its tests ended (an open server or timer?): exiting\n`)
      process.exit()
    }, 10_000).unref()
  })
}
