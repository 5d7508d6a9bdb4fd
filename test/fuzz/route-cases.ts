/**
 * The adversarial routing inputs shared by the tests that count routing work
 * (test/fuzz/routing-scaling.test.ts) and prove its regular expressions
 * linear (test/security/backtracking.test.ts): path patterns of each syntax,
 * units that almost fit them, suffixes that decide the match at the end.
 */

export const PATTERNS: Record<5 | 4, string[]> = {
  5: [
    '/:a-:b-:c', '/:a.:b.:c', '/*a-*b', '/*a/*b/*c', '{/:a}{/:b}{/:c}{/:d}', '/:a{-:b}{-:c}',
    '/*a.*b.*c', '/{*a}-{*b}', '/:a/:b/:c/:d', '/a/:b/c{/*d}', '/:a{.:b}{.:c}/x',
  ],
  4: [
    '/:a-:b-:c', '/:a.:b.:c', '/:a(\\d+)-:b', '/*-*-*', '/a*b*c*d', '/:a?-:b?-:c?', '/:a*', '/:a+',
    '/:a?/:b?/:c?', '/(a)?-(b)?', '/:a-:b.:c', '/*/:b/*', '/*x*y*z', '/*/x/*/y', '/api/*/users/*',
  ],
}
export const UNITS = ['-', '.', 'a', '/', 'a-', 'a.', '-a', '.a', '/-', '/a', 'a/', '1-', '%20', 'a-b.']
export const SUFFIXES = ['!', '/x', '', '-', '.', '%zz', '/']

/** Known worst (pattern, unit) pairs, always checked. */
export const WORST: Record<5 | 4, [string, string][]> = {
  5: [['/:a-:b-:c', 'a-'], ['/:a.:b.:c', 'a.'], ['/*a-*b', 'a.'], ['/*a/*b/*c', 'a-'], ['{/:a}{/:b}{/:c}{/:d}', '/-'], ['/:a{-:b}{-:c}', '-a']],
  4: [
    ['/:a-:b-:c', '-a'], ['/:a.:b.:c', 'a.'], ['/:a(\\d+)-:b', 'a-'], ['/*-*-*', 'a.'], ['/a*b*c*d', 'a.'], ['/:a?-:b?-:c?', 'a-'], ['/:a+', '/-'],
    // cubic in 0.1's regexp (as in Express 4); linear since the linear matcher (linear-regexp.ts)
    ['/a*b*c*d', 'abc'], ['/*x*y*z', 'xy'], ['/*/x/*/y', 'x/'], ['/a*b*c*d', 'a-b.'],
  ],
}
