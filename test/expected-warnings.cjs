// Preloaded into every test file by test/run.mjs. Keeps off stderr the
// warnings that tests raise on purpose, so that the suite's output shows only
// warnings nobody asked for (a listener leak, an unexpected deprecation from
// a dependency ...), which still print as usual:
// - webfw's own, by design the first time a process uses a deprecated API
//   (codes WEBFW_DEPRECATED, REQLOG_DEPRECATED) or when user code inside
//   reqlog throws (REQLOG_USER_CODE_FAILED); the tests of those APIs observe
//   them with process.on('warning');
// - Node's, for calls that tests make deliberately: a reason phrase given to
//   writeHead over HTTP/2 (test/http2/header-rules.test: the phrase must be
//   dropped, as Node does), url.parse as the model of the legacy parser
//   (DEP0169, test/response/location.test), and mock timers, experimental on
//   Node 20 (test/reqlog/options.test).
'use strict'
const deliberateCodes = /^(WEBFW|REQLOG)_|^DEP0169$/
const deliberateNode = [
  { name: 'UnsupportedWarning', message: 'Status message is not supported by HTTP/2' },
  { name: 'ExperimentalWarning', message: 'The MockTimers API is an experimental feature' },
]
const printers = process.listeners('warning')
process.removeAllListeners('warning')
process.on('warning', (warning) => {
  if (deliberateCodes.test(String(warning.code))) return
  if (deliberateNode.some((w) => warning.name === w.name && String(warning.message).startsWith(w.message))) return
  for (const print of printers) print.call(process, warning)
})
