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

/** Express's own algorithm: every relevant layer, confirmed one by one. */
export class LinearIndex implements LayerIndex {
  values: Record<string, string> | null = null
  private readonly byMethod = new Map<string, PlanEntry[]>()

  constructor(private readonly stack: readonly Layer[]) {}

  lookup(method: string): readonly PlanEntry[] {
    let plan = this.byMethod.get(method)
    if (plan === undefined) {
      plan = []
      for (let i = 0; i < this.stack.length; i++) {
        const layer = this.stack[i]
        if (!isRelevant(layer, method)) continue
        plan.push(entry(i, layer, layer.slash ? Mode.Always : Mode.Verify))
      }
      this.byMethod.set(method, plan)
    }
    this.values = null
    return plan
  }
}
