// Preloaded into every test file by test/run.mjs. webfw warns, by design,
// the first time a process uses a deprecated API (codes WEBFW_DEPRECATED,
// REQLOG_DEPRECATED) or when user code inside reqlog throws
// (REQLOG_USER_CODE_FAILED); the tests of those APIs call them on purpose and
// observe the warnings with process.on('warning'). This keeps Node's printer
// from also writing those to stderr, so that the suite's output shows only
// warnings nobody asked for (a listener leak, an unexpected deprecation from
// a dependency ...), which still print as usual.
'use strict'
const deliberate = /^(WEBFW|REQLOG)_/
const printers = process.listeners('warning')
process.removeAllListeners('warning')
process.on('warning', (warning) => {
  if (deliberate.test(String(warning.code))) return
  for (const print of printers) print.call(process, warning)
})
