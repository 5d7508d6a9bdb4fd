// A node:test reporter that writes one closing line, "N passed, M failed"
// (with skipped and todo counts on the line before when there are any), for
// test/run.mjs to print after the runner's own output. Tests count, suites
// do not, unless a suite fails by itself (a failing hook) rather than
// through its tests.
export default async function* summary(source) {
  let passed = 0
  let failed = 0
  let skipped = 0
  let todo = 0
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue
    const { details, skip, todo: isTodo } = event.data
    if (details?.type === 'suite') {
      if (event.type === 'test:fail' && details.error?.failureType !== 'subtestsFailed') failed++
      continue
    }
    if (skip) skipped++
    else if (isTodo) todo++
    else if (event.type === 'test:pass') passed++
    else failed++
  }
  if (skipped || todo) yield `${skipped} skipped, ${todo} todo\n`
  yield `${passed} passed, ${failed} failed\n`
}
