// Command-line and environment options of the bench scripts: each option is
// `--name value` (or `--name=value`) on the command line, or its BENCH_*
// environment variable; the command line wins. `--help` prints the list.
'use strict'

/** A mistake in how a script was called: reported as one line, without a stack. */
class UsageError extends Error {}

/** The text to print for an error that ends a bench script. */
function describeError(err) {
  if (err instanceof UsageError) return `error: ${err.message}`
  return String((err && err.stack) || err)
}

/**
 * Parses `argv` against `spec` ({ name: { env, default, type, help } }, type
 * one of 'number', 'string', 'list', 'bool'). Words that are not options are
 * returned in `_`.
 *
 * @example
 *   const opts = parseOptions({ rounds: { type: 'number', default: 3, env: 'BENCH_ROUNDS', help: 'rounds' } })
 */
function parseOptions(spec, argv = process.argv.slice(2), env = process.env, usage = '') {
  const out = { _: [] }
  for (const [name, s] of Object.entries(spec)) {
    const fromEnv = s.env ? env[s.env] : undefined
    out[name] = convert(name, s, fromEnv !== undefined && fromEnv !== '' ? fromEnv : s.default)
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--help' || arg === '-h') {
      printHelp(spec, usage)
      process.exit(0)
    }
    if (!arg.startsWith('--')) {
      out._.push(arg)
      continue
    }
    let name = arg.slice(2)
    let value
    const eq = name.indexOf('=')
    if (eq !== -1) {
      value = name.slice(eq + 1)
      name = name.slice(0, eq)
    }
    if (name.startsWith('no-') && spec[name.slice(3)] && spec[name.slice(3)].type === 'bool') {
      out[name.slice(3)] = false
      continue
    }
    const s = spec[name]
    if (!s) throw new UsageError(`unknown option --${name} (see --help)`)
    if (value === undefined) {
      if (s.type === 'bool') value = 'true'
      else if (i + 1 < argv.length) value = argv[++i]
      else throw new UsageError(`option --${name} needs a value`)
    }
    out[name] = convert(name, s, value)
  }
  return out
}

function convert(name, s, value) {
  if (value === undefined || value === null) return value
  switch (s.type) {
    case 'number': {
      const n = Number(value)
      if (!Number.isFinite(n)) throw new UsageError(`option ${name}: not a number: ${value}`)
      return n
    }
    case 'bool':
      return value === true || value === 'true' || value === '1' || value === 'yes'
    case 'list':
      return Array.isArray(value) ? value : String(value).split(',').map((v) => v.trim()).filter(Boolean)
    default:
      return String(value)
  }
}

function printHelp(spec, usage) {
  if (usage) console.log(usage + '\n')
  console.log('Options (command line, or the environment variable shown):')
  for (const [name, s] of Object.entries(spec)) {
    const def = s.default === undefined ? '' : ` (default: ${Array.isArray(s.default) ? s.default.join(',') : s.default})`
    console.log(`  --${name}${s.env ? ` / ${s.env}` : ''}\n      ${s.help || ''}${def}`)
  }
}

module.exports = { parseOptions, UsageError, describeError }
