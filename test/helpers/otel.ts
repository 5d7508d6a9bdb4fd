/**
 * Test helpers: a real OpenTelemetry SDK (tracer provider, in-memory
 * exporter, AsyncLocalStorage context manager) with the HTTP instrumentation
 * making the server span, and the spans of one request as a tree with what
 * differs from run to run (ids, times, ports) left out.
 *
 * Import this before anything that loads node:http's users under test, and
 * call `setupTracing()` once per process (each test file is its own process).
 */
import { context, trace, type Span } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import type { Instrumentation } from '@opentelemetry/instrumentation'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { rawRequest, type SimpleResponse } from './http'

/**
 * The exporter, with a way to wait for the next server span: the HTTP
 * instrumentation ends it when the response closes, in the same 'close'
 * event that ends the layer spans still open, so once it is exported the
 * request's spans are all there.
 */
class WaitingExporter extends InMemorySpanExporter {
  private waiters: ((span: ReadableSpan) => void)[] = []

  override export(spans: ReadableSpan[], resultCallback: Parameters<InMemorySpanExporter['export']>[1]): void {
    super.export(spans, resultCallback)
    for (const span of spans) {
      if (span.kind !== 1 /* SpanKind.SERVER */) continue
      const waiter = this.waiters.shift()
      if (waiter) waiter(span)
    }
  }

  nextServerSpan(): Promise<ReadableSpan> {
    return new Promise((resolve) => this.waiters.push(resolve))
  }
}

export interface Tracing {
  exporter: WaitingExporter
  provider: BasicTracerProvider
  /** Enables an instrumentation on the test's provider. */
  use<T extends Instrumentation>(instrumentation: T): T
}

let tracing: Tracing | undefined

/** The process's tracing setup (created on first call). */
export function setupTracing(): Tracing {
  if (tracing) return tracing
  const exporter = new WaitingExporter()
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(provider)
  const use = <T extends Instrumentation>(instrumentation: T): T => {
    instrumentation.setTracerProvider(provider)
    instrumentation.enable()
    return instrumentation
  }
  // The test's own requests get no client spans: each server span is a root.
  use(new HttpInstrumentation({ ignoreOutgoingRequestHook: () => true }))
  // The HTTP instrumentation patches node:http when it is next required.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('node:http')
  tracing = { exporter, provider, use }
  return tracing
}

/** One span with what is stable from run to run, and its children. */
export interface SpanNode {
  name: string
  kind: number
  attributes: Record<string, unknown>
  status: { code: number; message?: string }
  events: { name: string; type?: unknown; message?: unknown }[]
  children: SpanNode[]
}

/** Attributes of the HTTP server span that change from run to run or server to server. */
const VOLATILE = /port|peer|host|user_agent|user\.agent|client|content_length|body\.size|network\./

function node(span: ReadableSpan, all: readonly ReadableSpan[]): SpanNode {
  const id = span.spanContext().spanId
  const children = all
    .filter((s) => s.parentSpanContext?.spanId === id)
    .map((s) => node(s, all))
    .sort((a, b) => (a.name + JSON.stringify(a.attributes) < b.name + JSON.stringify(b.attributes) ? -1 : 1))
  const attributes: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(span.attributes)) {
    if (span.kind === 1 && VOLATILE.test(key)) continue
    attributes[key] = value
  }
  return {
    name: span.name,
    kind: span.kind,
    attributes,
    status: span.status.message === undefined ? { code: span.status.code } : { code: span.status.code, message: span.status.message },
    events: span.events.map((e) => ({ name: e.name, type: e.attributes?.['exception.type'], message: e.attributes?.['exception.message'] })),
    children,
  }
}

export interface Traced {
  response: SimpleResponse
  /** The server span and everything under it. */
  tree: SpanNode
  /** Every span of the request's trace, flat. */
  spans: ReadableSpan[]
}

/** Sends one request and returns its response and its trace once all its spans ended. */
export async function tracedRequest(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Traced> {
  const { exporter } = setupTracing()
  exporter.reset()
  const serverSpan = exporter.nextServerSpan()
  const response = await rawRequest(port, method, path, headers, body)
  const root = await serverSpan
  const traceId = root.spanContext().traceId
  const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId)
  return { response, tree: node(root, spans), spans }
}

/** Names of a tree, one line per span, indented by depth (for readable failure messages and compact assertions). */
export function outline(tree: SpanNode, depth = 0): string[] {
  return [`${'  '.repeat(depth)}${tree.name}`, ...tree.children.flatMap((c) => outline(c, depth + 1))]
}

/** The span of a trace with this name (exactly one). */
export function spanNamed(traced: Traced, name: string): ReadableSpan {
  const found = traced.spans.filter((s) => s.name === name)
  if (found.length !== 1) throw new Error(`${found.length} spans named "${name}" in:\n${outline(traced.tree).join('\n')}`)
  return found[0]
}

export type { Span }
