/**
 * The route strings of the spans, computed the way the Express
 * instrumentation computes them, so that dashboards keyed on `http.route`
 * and `express.name` see the same values after a switch to webfw.
 *
 * A request keeps the list of the layer paths it is inside (the mount path
 * of each router or app it entered, then the running layer's own path);
 * layer events push and pop it (instrumentation.ts). From that list:
 *
 * - the *constructed* route: the paths joined, leaving out "/" and the
 *   catch-all mounts ("/*", "/{*name}"), runs of slashes collapsed;
 * - the *matched* route (`http.route`): the constructed route with a leading
 *   slash, kept only when it plausibly matched the URL (equal, a prefix of
 *   it, or a pattern with ":" or "*"); "/" only for a request to "/";
 *   RegExp and array paths as they are; nothing while no layer has a path.
 */

/** "/", "/*" and Express 5's "/{*splat}": mounts that add nothing to a template. */
function addsNothing(path: string): boolean {
  if (path === '/' || path === '/*') return true
  return path.startsWith('/{*') && path.endsWith('}') && path.indexOf('}') === path.length - 1
}

/**
 * The paths joined into one template.
 *
 * @example
 * constructedRoute(['/', '/api', '/items/:item']) // '/api/items/:item'
 */
export function constructedRoute(paths: readonly string[]): string {
  const kept = paths.filter((p) => !addsNothing(p))
  if (kept.length === 1 && kept[0] === '*') return '*'
  return kept.join('').replace(/\/{2,}/g, '/')
}

/** RegExp sources and comma-joined arrays are reported as written. */
function isLiteralPattern(route: string): boolean {
  return route.includes('/') && (route.includes(',') || route.includes('\\') || route.includes('*') || route.includes('['))
}

/**
 * The `http.route` of a layer span and of the HTTP server span, or undefined
 * when the paths do not name a route of this request.
 *
 * @example
 * matchedRoute(['/', '/users/:id'], '/users/42') // '/users/:id'
 * matchedRoute(['/'], '/missing')                 // undefined
 */
export function matchedRoute(paths: readonly string[], originalUrl: string): string | undefined {
  if (paths.length === 0) return undefined
  if (paths.every((p) => p === '/')) return originalUrl === '/' ? '/' : undefined
  const route = constructedRoute(paths)
  if (route === '*' || isLiteralPattern(route)) return route
  const template = route[0] === '/' ? route : '/' + route
  if (originalUrl === template || originalUrl.startsWith(template)) return template
  return template.includes(':') || template.includes('*') ? template : undefined
}
