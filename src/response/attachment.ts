/**
 * `res.attachment`: Content-Disposition "attachment", with the file name
 * (its base name only) quoted or RFC 8187-encoded by content-disposition
 * (5.x quotes only when needed, 4.x always, as their Express versions),
 * and the Content-Type looked up from its extension.
 */
import { basename, extname } from 'node:path'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import type { ResponseInternal } from './internal'

export function defineAttachmentMembers(proto: object, profile: Profile): void {
  const contentDisposition = profile.response.contentDisposition
  /**
   * Marks the response as a download; with a file name, also sets the
   * `filename` (and `filename*` for non-ASCII names) parameter and the
   * Content-Type for its extension. Chainable.
   * @example res.attachment('reports/2024 Q1.pdf') // attachment; filename="2024 Q1.pdf", application/pdf
   */
  defineMethod(proto, 'attachment', function attachment(this: ResponseInternal, filename?: string) {
    // A CR or LF in the name cannot split the header: content-disposition
    // writes it as "?" in `filename` and percent-encoded in `filename*`.
    const name = filename !== undefined ? basename(filename) : undefined
    if (name) this.type(extname(name))
    this.set('Content-Disposition', contentDisposition(name))
    return this
  })
}
