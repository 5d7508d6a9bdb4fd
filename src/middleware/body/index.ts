/**
 * The four body parsers of a version profile, as the factory attaches them:
 * `json`, `raw`, `text`, `urlencoded`, all on one shared reader.
 */
import type { Profile } from '../../profile'
import { createJson } from './json'
import { createRaw } from './raw'
import { createText } from './text'
import { createUrlencoded } from './urlencoded'

export function createBodyParsers(profile: Profile) {
  return {
    json: createJson(profile),
    raw: createRaw(profile),
    text: createText(profile),
    urlencoded: createUrlencoded(profile),
  }
}
