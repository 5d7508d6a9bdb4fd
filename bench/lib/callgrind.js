// One server of bench/http/servers run by the in-memory worker under
// valgrind's callgrind, counting only the measured requests: valgrind starts
// with instrumentation off, the worker starts the server and serves its
// warm-up round, says so (BENCH_HANDSHAKE, see ../inmem/worker.js), the
// runner switches instrumentation on (`callgrind_control -i on`), the worker
// serves `settle` settling rounds, the runner zeroes the counts (`-z`)
// after each, the worker serves the measured round, and the runner takes a dump
// (`-d`) before letting it exit. Start-up, warm-up, the switch and exit are
// thus left out, and the uninstrumented start-up and warm-up run several
// times faster than counted ones.
'use strict'

const { spawn, execFile } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const WORKER = path.join(__dirname, '..', 'inmem', 'worker.js')
/**
 * Same V8 work from run to run: no background threads or random seeds to
 * move the counts. `--predictable` also paces incremental marking as if no
 * time passed, so a marking cycle that starts during the warm-up never ends
 * (Node 22 and 24; without `--predictable` it ends within milliseconds, on
 * other threads): every counted request then paid for marking steps and for
 * write barriers on their marking path, in servers whose cycle happened to
 * start (issue 31: webfw on Node 22, not fastify). So marking is left out:
 * should the old generation fill, a major collection runs whole and shows
 * as a jump in the GC share.
 */
const V8_FLAGS = ['--predictable', '--hash-seed=1', '--random-seed=1', '--no-incremental-marking']
/** What V8 adds so that callgrind's addresses of generated code can be named (see ../breakdown/callgrind-file.js). */
const NAMING_FLAGS = ['--perf-basic-prof', '--interpreted-frames-native-stack']

/** Runs still going: ended with the runner, so that no valgrind outlives an interrupted run. */
const running = new Set()
let hooked = false
function endRunningOnExit() {
  if (hooked) return
  hooked = true
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL')
  })
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of running) child.kill('SIGKILL')
      process.exit(130)
    })
  }
}

function control(args) {
  return new Promise((resolve, reject) => {
    execFile('callgrind_control', args, { encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`callgrind_control ${args.join(' ')}: ${stderr || err.message}`))
      else resolve(stdout)
    })
  })
}

/**
 * Runs `server` (an entry of ../inmem/entry.js) in `scenario` under
 * callgrind on `nodeBin`: `warmup` uncounted requests, then `requests`
 * counted ones. Resolves with `{ total, file, perfMap }`: the instructions
 * of the measured round, the callgrind file holding them (kept only with
 * `keep`, else removed) and, with `names`, the V8 perf map to name generated
 * code with (the caller removes both).
 */
function countRequests({ nodeBin, entry, scenario, requests, warmup, settle = 0, connections = 0, names = false, keep = false }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-callgrind-'))
  const outPattern = path.join(dir, 'callgrind.out.%p')
  const args = [
    '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${outPattern}`,
    nodeBin, ...V8_FLAGS, ...(names ? NAMING_FLAGS : []),
    WORKER, entry.id, scenario, String(1 + settle), String(requests), String(connections), String(warmup),
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, {
      cwd: dir,
      env: { ...process.env, ...entry.env, NODE_ENV: 'production', BENCH_HANDSHAKE: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    endRunningOnExit()
    running.add(child)
    let stdout = ''
    let stderr = ''
    let failed = false
    const fail = (err) => {
      if (failed) return
      failed = true
      child.kill('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
      fs.rmSync(path.join(os.tmpdir(), `perf-${child.pid}.map`), { force: true })
      reject(err)
    }
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', async (d) => {
      stderr += d
      try {
        if (d.includes('webfw-bench:warm')) {
          await control(['-i', 'on', String(child.pid)])
          child.stdin.write('go\n')
        } else if (d.includes('webfw-bench:round')) {
          // After the settling round: count from zero.
          await control(['-z', String(child.pid)])
          child.stdin.write('go\n')
        } else if (d.includes('webfw-bench:measured')) {
          await control(['-d', String(child.pid)])
          child.stdin.write('go\n')
        }
      } catch (err) {
        fail(err)
      }
    })
    child.on('error', (err) => {
      running.delete(child)
      fail(err)
    })
    child.on('close', (code) => {
      running.delete(child)
      if (failed) return
      const last = JSON.parse(stdout.trim().split('\n').pop() || '{}')
      if (code !== 0 || last.error) return fail(new Error(`${entry.id} ${scenario}: ${last.error || stderr.slice(-2000)}`))
      // The dump taken after the measured round is the file with a part number.
      const dump = fs.readdirSync(dir).find((f) => /^callgrind\.out\.\d+\.\d+$/.test(f))
      if (!dump) {
        // A server without the scenario says so (bench/http/servers/harness.js) and exits before any round.
        const unavailable = /unavailable: (.*)/.exec(stderr)
        const err = new Error(`${entry.id} ${scenario}: ${unavailable ? `unavailable: ${unavailable[1]}` : 'callgrind wrote no dump after the measured round'}`)
        if (unavailable) err.unavailable = unavailable[1]
        return fail(err)
      }
      const file = path.join(dir, dump)
      const totals = /^(?:totals|summary): (\d+)/m.exec(fs.readFileSync(file, 'utf8').slice(-4096)) || /^(?:totals|summary): (\d+)/m.exec(fs.readFileSync(file, 'utf8'))
      if (!totals) return fail(new Error(`no totals in ${file}`))
      const perfMap = path.join(os.tmpdir(), `perf-${child.pid}.map`)
      const result = { total: Number(totals[1]), file, dir, perfMap: names && fs.existsSync(perfMap) ? perfMap : null }
      if (!keep) {
        fs.rmSync(dir, { recursive: true, force: true })
        result.file = null
      }
      resolve(result)
    })
  })
}

/** Removes what a kept run left: its folder and its perf map. */
function cleanUp(result) {
  if (result.dir) fs.rmSync(result.dir, { recursive: true, force: true })
  if (result.perfMap) fs.rmSync(result.perfMap, { force: true })
}

/** Checks that valgrind and callgrind_control are on the PATH; returns an explanation when not. */
function missingTools() {
  for (const tool of ['valgrind', 'callgrind_control']) {
    const found = (process.env.PATH || '').split(path.delimiter).some((d) => d && fs.existsSync(path.join(d, tool)))
    if (!found) return `${tool} not found: install valgrind (e.g. apt-get install valgrind)`
  }
  return null
}

module.exports = { countRequests, cleanUp, missingTools, V8_FLAGS, NAMING_FLAGS }
