// Small statistics and number formatting shared by the runners and the report.
'use strict'

/** Median of the finite numbers in `values` (undefined when there are none). */
function median(values) {
  return sortedMedian(values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b))
}

/** Median of finite numbers already sorted in ascending order (undefined when there are none). */
function sortedMedian(sorted) {
  if (sorted.length === 0) return undefined
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** `a / b`, or undefined when either is missing. */
function ratio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : undefined
}

/** 12345.6 → "12,346". */
function formatInt(n) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–'
}

/** 0.8734 → "0.87×". */
function formatRatio(r, digits = 2) {
  return Number.isFinite(r) ? r.toFixed(digits) + '×' : '–'
}

/** Nanoseconds with a sensible number of digits: 331.2 → "331 ns", 7623 → "7,623 ns", 592255 → "0.59 ms". */
function formatNs(ns) {
  if (!Number.isFinite(ns)) return '–'
  if (ns >= 1e5) return (ns / 1e6).toFixed(2) + ' ms'
  if (ns >= 100) return formatInt(ns) + ' ns'
  return ns.toFixed(1) + ' ns'
}

/** Bytes as MiB with one decimal. */
function formatMiB(bytes) {
  return Number.isFinite(bytes) ? (bytes / 1048576).toFixed(1) + ' MiB' : '–'
}

module.exports = { median, sortedMedian, ratio, formatInt, formatRatio, formatNs, formatMiB }
