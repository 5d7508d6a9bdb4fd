// `bench:breakdown --callers <pattern>`: who calls the functions a pattern
// names (an inline-cache builtin, a runtime entry), with the instructions
// per request of those calls. callgrind records a call's inclusive cost and
// one level of callers, so a row is "this function's calls of that one cost
// so much, everything under them included".
'use strict'

/** At most this many callers per function. */
const CALLERS_TOP = 12

/**
 * The callers of every function whose name matches `pattern`, heaviest
 * first, leaving out calls worth less than one instruction per request.
 * `callers` is readCallgrind's map (callee → caller → Ir), `per` turns a
 * cost into instructions per request, `shorten` a name into what is shown.
 * Returns the report's lines.
 */
function callersReport(callers, pattern, per, shorten = (name) => name) {
  const lines = []
  for (const [callee, from] of callers) {
    if (!pattern.test(callee)) continue
    const rows = [...from].map(([caller, cost]) => [caller, per(cost)]).filter(([, cost]) => cost >= 1).sort((a, b) => b[1] - a[1])
    if (rows.length === 0) continue
    lines.push(shorten(callee))
    for (const [caller, cost] of rows.slice(0, CALLERS_TOP)) lines.push(`  ${String(cost).padStart(7)}  ${shorten(caller)}`)
  }
  return lines
}

module.exports = { callersReport, CALLERS_TOP }
