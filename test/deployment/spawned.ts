/**
 * Child processes for the deployment and example tests (an example's server,
 * nginx, redis-server, a cluster): start one, wait for what it prints, probe
 * its port until it answers, and stop it. Readiness is always observed (the
 * process's own output, or a connection that succeeds), never waited for by
 * the clock; a process that exits before it is ready fails the wait with its
 * output instead of hanging the test.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** A running child process with its output collected as text. */
export class Spawned {
  readonly child: ChildProcess
  stdout = ''
  stderr = ''
  exit: Exit | null = null
  /** Settles when the process has exited (or could not be started). */
  readonly exited: Promise<Exit>
  private readonly changed = new Set<() => void>()

  /** With `options.signal` (a test's `t.signal`), the process is killed when the test ends or times out. */
  constructor(command: string, args: string[], options: SpawnOptions = {}) {
    this.child = spawn(command, args, { killSignal: 'SIGKILL', ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => this.update(() => (this.stdout += chunk)))
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.update(() => (this.stderr += chunk)))
    this.exited = new Promise((resolve) => {
      this.child.once('error', (err) => {
        this.stderr += String(err)
        // Could not start at all (no 'close' follows); an abort is followed by 'close'.
        if (this.child.pid !== undefined) return
        this.update(() => (this.exit = { code: null, signal: null }))
        resolve(this.exit as Exit)
      })
      // 'close': the process has exited and its output has been read whole.
      this.child.once('close', (code, signal) => {
        this.update(() => (this.exit = { code, signal }))
        resolve(this.exit as Exit)
      })
    })
  }

  private update(change: () => void): void {
    change()
    for (const notify of [...this.changed]) notify()
  }

  /** Output so far, both streams, for failure messages. */
  describe(): string {
    return `exit ${JSON.stringify(this.exit)}\n--- stdout\n${this.stdout}\n--- stderr\n${this.stderr}`
  }

  /**
   * The first match of `re` in the process's output (stdout unless told),
   * looking from offset `from`. Rejects if the process exits without it.
   */
  waitFor(re: RegExp, { stream = 'stdout', from = 0 }: { stream?: 'stdout' | 'stderr'; from?: number } = {}): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = re.exec(this[stream].slice(from))
        if (m || this.exit) this.changed.delete(check)
        if (m) resolve(m)
        else if (this.exit) reject(new Error(`process exited before printing ${re}: ${this.describe()}`))
      }
      this.changed.add(check)
      check()
    })
  }

  /** Kills the process (SIGKILL unless told) if it still runs, and waits for its exit. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<Exit> {
    if (this.exit === null) this.child.kill(signal)
    return this.exited
  }
}

/**
 * Resolves once a TCP connection to `host:port` succeeds, retrying refused
 * connections up to `attempts` times (a bound against hangs, not a time
 * limit). Fails at once if `process` (the server being probed) has exited.
 */
export async function waitForPort(port: number, { host = '127.0.0.1', process, attempts = 2000 }: { host?: string; process?: Spawned; attempts?: number } = {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (process?.exit) throw new Error(`the server exited before accepting connections on ${host}:${port}: ${process.describe()}`)
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host, () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (connected) return
    if (attempt >= attempts) throw new Error(`nothing accepted connections on ${host}:${port} after ${attempts} attempts`)
    // Yield before the next attempt (a refused connect returns at once).
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A TCP port that was free on 127.0.0.1 a moment ago (for programs that cannot be told to pick one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The path of program `name` on PATH or in the usual sbin folders, or null when it is not installed. */
export function findProgram(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin']
  for (const dir of dirs) {
    if (!dir) continue
    const candidate = path.join(dir, name)
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      if (fs.statSync(candidate).isFile()) return candidate
    } catch {
      // not here
    }
  }
  return null
}

/**
 * The `skip` option of a test that needs program `name`: false when it is
 * installed, else the reason, which the test runner prints beside the test.
 */
export function skipWithout(name: string): string | false {
  return findProgram(name) === null ? `${name} is not installed (bash .ci/system-packages.sh installs it)` : false
}

/**
 * Whether this host can connect from 127.0.0.2 to 127.0.0.1 (Linux routes all
 * of 127/8 to the loopback interface; other systems may only have 127.0.0.1).
 * The tests use it as a second client address, distinct from the proxy's.
 */
export async function secondLoopbackAddressWorks(): Promise<boolean> {
  const probe = net.createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  try {
    return await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port: (probe.address() as net.AddressInfo).port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
  } finally {
    await new Promise((resolve) => probe.close(resolve))
  }
}
