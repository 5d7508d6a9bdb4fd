/** accepts 1.3 and type-is 1.6 (Express 4's), installed as `accepts-v1` and `type-is-v1`: the same API as the current ones. */
declare module 'accepts-v1' {
  import accepts = require('accepts')
  export = accepts
}
declare module 'type-is-v1' {
  import typeis = require('type-is')
  export = typeis
}
