/**
 * Which functions are webfw routers, and which `handle` methods are webfw's
 * own: a plan may then know that a `use` layer mounts a router that runs
 * webfw's dispatcher, which replaces `req.params` before any of its layers
 * runs (see `PlanEntry.mountedRouter` in plan.ts).
 */

const routers = new WeakSet<object>()
const ownHandles = new WeakSet<object>()
const routeDispatches = new WeakSet<object>()

/** Records a router function made by a Router factory. */
export function markRouter(router: object): void {
  routers.add(router)
}

/** Records the `handle` a router gave the layer of a route it made (it calls the route's dispatch). */
export function markRouteDispatch(handle: object): void {
  routeDispatches.add(handle)
}

/**
 * Whether `handle` is a route layer's own, so that a request may call the
 * route's single handler for its method without it. Instrumentation
 * (OpenTelemetry's Express instrumentation, among others) replaces a route
 * layer's `handle` as soon as the route is made, before any request; a
 * replaced one must run.
 */
export function isRouteDispatch(handle: unknown): boolean {
  return typeof handle === 'function' && routeDispatches.has(handle)
}

/** Records the `handle` method of a Router factory's prototype. */
export function markOwnHandle(handle: object): void {
  ownHandles.add(handle)
}

/**
 * `fn` when it is a router whose `handle` is still a factory's own (else
 * null), with that method: a request may rely on it while the layer's
 * handle and the router's `handle` stay these two.
 */
export function mountedRouterOf(fn: unknown): { router: { handle: unknown }; handle: unknown } | null {
  if (typeof fn !== 'function' || !routers.has(fn)) return null
  const handle = (fn as unknown as { handle: unknown }).handle
  if (typeof handle !== 'function' || !ownHandles.has(handle)) return null
  return { router: fn as unknown as { handle: unknown }, handle }
}
