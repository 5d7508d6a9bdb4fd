/**
 * `res.attachment`: Content-Disposition "attachment", with the file name
 * (its base name only) quoted or RFC 8187-encoded by content-disposition,
 * and the Content-Type looked up from its extension.
 */
import { create as contentDisposition } from 'content-disposition'
import { basename, extname } from 'node:path'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import type { ResponseInternal } from './internal'

const CR_OR_LF = /[\r\n]/

export function defineAttachmentMembers(proto: object, _profile: Profile): void {
  /**
   * Marks the response as a download; with a file name, also sets the
   * `filename` (and `filename*` for non-ASCII names) parameter and the
   * Content-Type for its extension. Chainable.
   * @example res.attachment('reports/2024 Q1.pdf') // attachment; filename="2024 Q1.pdf", application/pdf
   */
  defineMethod(proto, 'attachment', function attachment(this: ResponseInternal, filename?: string) {
    const name = filename !== undefined ? basename(filename) : undefined
    // content-disposition would percent-encode these; a file name with a line
    // break is a bug or an attack, so it is refused like any header value.
    if (name && CR_OR_LF.test(name)) throw new TypeError('Attachment file name must not contain CR or LF characters')
    if (name) this.type(extname(name))
    this.set('Content-Disposition', contentDisposition(name))
    return this
  })
}
