/**
 * Node.js child processes for tests that need a process of their own (a
 * patch or a warning that holds for the whole process, the default handling
 * of an unhandled rejection): run a script, collect its exit code and output.
 */
import { spawn } from 'node:child_process'

export interface ChildOutcome {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs `node [...flags] -e code` (in `cwd`, if given) and resolves when it exits.
 * @example const { code, stdout } = await runNode('console.log(1 + 1)')
 */
export function runNode(code: string, options: { flags?: string[]; cwd?: string } = {}): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.flags ?? []), '-e', code], { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => (stdout += c))
    child.stderr.on('data', (c) => (stderr += c))
    child.on('error', reject)
    child.on('close', (exitCode) => resolve({ code: exitCode, stdout, stderr }))
  })
}
