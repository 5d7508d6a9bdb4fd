/**
 * Every relative link of the repository's Markdown (the README and the other
 * top-level files, docs/, examples/) leads to a file that exists, and every
 * `#anchor` to a heading the target renders on GitHub.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { packageRoot } from '../helpers/webfw'
import { brokenLinks, markdownFiles } from './links'

test("the docs' relative links and anchors all resolve", () => {
  const files = [
    ...markdownFiles(packageRoot, false),
    ...markdownFiles(path.join(packageRoot, 'docs')),
    ...markdownFiles(path.join(packageRoot, 'examples')),
  ]
  assert.ok(files.some((f) => f.endsWith(path.join('docs', 'migration.md'))), 'docs/migration.md is among the files checked')
  const broken = brokenLinks(files).map((b) => `${path.relative(packageRoot, b.file)}:${b.line}: ${b.href} (${b.reason})`)
  assert.deepEqual(broken, [])
})

test('the link check reports a missing anchor, a missing file, and accepts GitHub-style anchors', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-links-'))
  try {
    fs.writeFileSync(
      path.join(dir, 'a.md'),
      [
        '# Title',
        '## Tracing: `@opentelemetry/instrumentation-express`',
        '## Repeat',
        '## Repeat',
        '<a id="custom"></a>',
        '',
        '[ok](#tracing-opentelemetryinstrumentation-express) [ok](#repeat-1) [ok](b.md#other-part) [ok](#custom)',
        '[ok](https://example.com/#nowhere) [ok](b.md)',
        '[bad](#tracing-opentelemetry-instrumentation-express) [bad](b.md#missing) [bad](c.md)',
        '',
        '```md',
        '[not a link](#inside-code)',
        '```',
      ].join('\n'),
    )
    fs.writeFileSync(path.join(dir, 'b.md'), '# B\n\n## Other part\n')
    const found = brokenLinks([path.join(dir, 'a.md')]).map((b) => b.href)
    assert.deepEqual(found, ['#tracing-opentelemetry-instrumentation-express', 'b.md#missing', 'c.md'])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
