/**
 * `multipart({ defer: true })`: the app gets the parser as `req.form` and
 * every part of the body as a 'part' event, fields included, as with the
 * multiparty Connect 2 used (3.x emitted 'part' for each part, then read the
 * fields itself). multiparty 4 reads a field without emitting 'part' as soon
 * as anything listens to 'field' (its `autoFields`), which the middleware
 * does to fill `req.body`. So a deferred form never turns `autoFields` on:
 * each field arrives as a part, is read here from its stream (alongside any
 * reader the app attached) and is then emitted as 'field'.
 */
import { StringDecoder } from 'node:string_decoder'
import createError from 'http-errors'
import type multiparty from 'multiparty'
import { Buffer } from '../../util/node-buffer'

/** The multiparty members used here: its field settings and its error path. */
interface DeferredForm extends multiparty.Form {
  encoding: string
  maxFieldsSize: number
  error: Error | null
  handleError(err: Error): void
}

interface Part extends NodeJS.ReadableStream {
  name: string
  filename?: string | null
}

/**
 * Makes `form` deliver every part to its 'part' listeners and emit each
 * field's value as 'field' once the field's part has ended (decoded with
 * the form's `encoding`, all fields together within its `maxFieldsSize`).
 *
 * @example
 * const form = new multiparty.Form(options)
 * deliverEveryPart(form)
 */
export function deliverEveryPart(form: multiparty.Form): void {
  const deferred = form as DeferredForm
  // Turned on by multiparty when a 'field' listener is added; kept off here.
  Object.defineProperty(deferred, 'autoFields', { configurable: true, get: () => false, set: () => {} })
  let fieldBytes = 0

  deferred.on('part', (part: Part) => {
    // A part re-emits the form's error, which the form's 'error' listeners get.
    part.on('error', () => {})
    if (part.filename != null) {
      // A file nobody else reads would stall the parser (multiparty
      // discards it when 'part' has no listener at all).
      if (deferred.listenerCount('part') === 1) part.resume()
      return
    }
    const decoder = new StringDecoder(deferred.encoding as BufferEncoding)
    let value = ''
    part.on('data', (chunk: Buffer | string) => {
      if (deferred.error) return
      fieldBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length
      if (fieldBytes > deferred.maxFieldsSize) {
        deferred.handleError(createError(413, `maxFieldsSize ${deferred.maxFieldsSize} exceeded`))
        return
      }
      value += typeof chunk === 'string' ? chunk : decoder.write(chunk)
    })
    part.on('end', () => {
      if (!deferred.error) deferred.emit('field', part.name, value + decoder.end())
    })
  })
}
