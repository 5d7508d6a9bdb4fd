/**
 * A temporary file tree for the file-serving tests, in os.tmpdir(): a root
 * with ordinary files, dotfiles, directories with and without an index,
 * symbolic links pointing inside and outside the root, plus a sibling
 * directory whose name extends the root's (`root-secret`) and a directory
 * outside the root holding a secret.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface Tree {
  base: string
  root: string
  outside: string
  remove(): void
}

export const SECRET = 'outside-secret-content'
export const SIBLING_SECRET = 'sibling-secret-content'

export function makeTree(): Tree {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-files-'))
  const root = path.join(base, 'root')
  const outside = path.join(base, 'outside')
  const files: Record<string, string> = {
    'todo.txt': '- groceries',
    'nums.txt': '123456789',
    'empty.txt': '',
    'page.html': '<p>page</p>',
    'doc.txt': 'doc as text',
    'doc.html': '<p>doc as html</p>',
    '% of dogs.txt': '20%',
    '.hidden': 'dot file',
    '.dotdir/inner.txt': 'inside a dot directory',
    'dir/index.html': '<p>dir index</p>',
    'dir/home.htm': 'home page',
    'dir/nested.txt': 'nested',
    'bare/file.txt': 'no index here',
    'snow ☃/index.html': 'snow',
    'name.txt': 'tobi',
  }
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, content)
  }
  fs.mkdirSync(outside)
  fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET)
  fs.mkdirSync(path.join(base, 'root-secret'))
  fs.writeFileSync(path.join(base, 'root-secret', 'secret.txt'), SIBLING_SECRET)
  if (process.platform !== 'win32') {
    fs.symlinkSync('todo.txt', path.join(root, 'link-in.txt'))
    fs.symlinkSync('dir', path.join(root, 'linkdir-in'))
    fs.symlinkSync(path.join('..', 'outside', 'secret.txt'), path.join(root, 'link-out.txt'))
    fs.symlinkSync(path.join('..', 'outside'), path.join(root, 'linkdir-out'))
    fs.symlinkSync(path.join('..', 'root-secret', 'secret.txt'), path.join(root, 'link-sibling.txt'))
    fs.symlinkSync('.hidden', path.join(root, 'to-hidden.txt'))
    fs.mkdirSync(path.join(root, '\\evil'))
    fs.writeFileSync(path.join(root, '\\evil', 'index.html'), 'backslash dir')
  }
  return { base, root, outside, remove: () => fs.rmSync(base, { recursive: true, force: true }) }
}
