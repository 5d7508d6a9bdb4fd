/**
 * Plans: for one request (method and path), the ordered list of stack layers
 * that may match, each tagged with how the dispatcher must confirm the match.
 *
 * Both matchers (radix and linear) produce plans; the dispatcher walks a plan
 * the same way whichever produced it. The linear plan lists every layer that
 * is relevant to the method and confirms each with the layer's own matcher,
 * which is exactly what Express does; it is the oracle for the radix one.
 */
import type { Layer } from './layer'

export const enum Mode {
  /** Matches without looking (use('/'), or a static pattern the tree proved). */
  Always = 0,
  /** The tree matched this layer's own shape: its params are the tree's. */
  Same = 1,
  /** Run the layer's exact matcher. */
  Verify = 2,
}

export interface PlanEntry {
  /** Position in the router's stack (plans are sorted by it). */
  readonly index: number
  readonly layer: Layer
  readonly mode: Mode
  /** Always mode on a `use` prefix: length of the matched static prefix. */
  readonly prefixLength: number
}

/** The interface both matchers implement. */
export interface LayerIndex {
  /**
   * The plan for a request. `url` is the request URL; `pathEnd` is where its
   * pathname ends when `fastPathnameEnd` accepted it, else -1 (then only the
   * linear plan is valid). After the call, `values` holds the tree's
   * positional parameters for Same entries (or null).
   */
  lookup(method: string, url: string, pathEnd: number): readonly PlanEntry[]
  values: Record<string, string> | null
}

/** Whether a layer can take part in a request with this method. */
export function isRelevant(layer: Layer, method: string): boolean {
  const route = layer.route
  if (route === undefined) return true
  if (method === 'HEAD' || method === 'OPTIONS') return true
  return route._handlesMethod(method)
}

export function entry(index: number, layer: Layer, mode: Mode, prefixLength = 0): PlanEntry {
  return { index, layer, mode, prefixLength }
}

/**
 * Express's own algorithm: every layer, confirmed one by one. Layers are not
 * filtered by method here: Express matches the path of a route before it looks
 * at the method, so a route of another method can still fail to decode a
 * parameter and turn the request into a 400 error.
 */
export class LinearIndex implements LayerIndex {
  values: Record<string, string> | null = null
  private plan: PlanEntry[] | null = null

  constructor(private readonly stack: readonly Layer[]) {}

  lookup(_method: string, _url: string, _pathEnd: number): readonly PlanEntry[] {
    let plan = this.plan
    if (plan === null) {
      plan = this.stack.map((layer, i) => entry(i, layer, layer.slash ? Mode.Always : Mode.Verify))
      this.plan = plan
    }
    this.values = null
    return plan
  }
}
