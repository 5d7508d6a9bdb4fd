/**
 * Finds the broken relative links of Markdown files: a link to a file that
 * does not exist, or to an anchor (`#heading`) that no heading of the target
 * file produces. Headings are turned into anchors as GitHub does
 * (github-slugger: lower case, punctuation dropped, spaces to hyphens, `-1`,
 * `-2` ... for repeats); explicit `<a id>` / `<a name>` anchors count too.
 */
import fs from 'node:fs'
import path from 'node:path'
import GithubSlugger from 'github-slugger'
import MarkdownIt from 'markdown-it'

const markdown = new MarkdownIt({ html: true })

type Token = ReturnType<typeof markdown.parse>[number]

export interface BrokenLink {
  /** The file holding the link. */
  file: string
  /** 1-based line of the block holding the link. */
  line: number
  href: string
  reason: string
}

interface Parsed {
  anchors: Set<string>
  links: { href: string; line: number }[]
}

const HTML_ANCHOR = /<a\s[^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']/gi
const HTML_HREF = /\b(?:href|src)\s*=\s*["']([^"']+)["']/gi

function headingText(inline: Token | undefined): string {
  let text = ''
  for (const child of inline?.children ?? []) if (child.type === 'text' || child.type === 'code_inline') text += child.content
  return text
}

function parse(source: string): Parsed {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  const links: Parsed['links'] = []
  const tokens = markdown.parse(source, {})
  let line = 1
  tokens.forEach((token, i) => {
    // Inline tokens inside tables carry no position: keep the last one seen (the row's).
    if (token.map) line = token.map[0] + 1
    if (token.type === 'heading_open') anchors.add(slugger.slug(headingText(tokens[i + 1])))
    const html: string[] = token.type === 'html_block' ? [token.content] : []
    for (const child of token.children ?? []) {
      const href = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null
      if (href !== null) links.push({ href: String(href), line })
      if (child.type === 'html_inline') html.push(child.content)
    }
    for (const chunk of html) {
      for (const m of chunk.matchAll(HTML_ANCHOR)) anchors.add(m[1])
      for (const m of chunk.matchAll(HTML_HREF)) links.push({ href: m[1], line })
    }
  })
  return { anchors, links }
}

/** Checks the relative links of `files` (absolute paths of Markdown files). */
export function brokenLinks(files: string[]): BrokenLink[] {
  const cache = new Map<string, Parsed>()
  const parsed = (file: string): Parsed => {
    let entry = cache.get(file)
    if (!entry) cache.set(file, (entry = parse(fs.readFileSync(file, 'utf8'))))
    return entry
  }
  const broken: BrokenLink[] = []
  for (const file of files) {
    for (const { href, line } of parsed(file).links) {
      // Other schemes (https:, mailto:) and protocol-relative URLs are not checked.
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue
      const hash = href.indexOf('#')
      const target = hash === -1 ? href : href.slice(0, hash)
      const fragment = hash === -1 ? '' : decodeURIComponent(href.slice(hash + 1))
      const targetFile = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target.split('?')[0]))
      if (!fs.existsSync(targetFile)) {
        broken.push({ file, line, href, reason: `no file ${targetFile}` })
        continue
      }
      if (fragment === '' || !targetFile.endsWith('.md') || fs.statSync(targetFile).isDirectory()) continue
      if (!parsed(targetFile).anchors.has(fragment)) {
        broken.push({ file, line, href, reason: `no heading or anchor "#${fragment}" in ${targetFile}` })
      }
    }
  }
  return broken
}

/** The Markdown files under `dir` (recursively), skipping node_modules and dot-folders. */
export function markdownFiles(dir: string, recursive = true): string[] {
  const found: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (recursive && entry.name !== 'node_modules' && !entry.name.startsWith('.')) found.push(...markdownFiles(full))
    } else if (entry.name.endsWith('.md')) found.push(full)
  }
  return found.sort()
}
