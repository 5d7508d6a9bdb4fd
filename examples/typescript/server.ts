// A webfw app in TypeScript: the default import (esModuleInterop), typed
// route parameters, request and response types, a typed error handler.
//
//   npm run build && npx tsc -p examples/typescript && node examples/typescript/dist/server.js
import webfw, { type NextFunction, type Request, type Response } from 'webfw'

interface Book {
  id: number
  title: string
}

const books: Book[] = [{ id: 1, title: 'The Art of Computer Programming' }]

export const app = webfw()
app.use(webfw.json())

app.get('/books', (req: Request, res: Response<Book[]>) => {
  res.json(books)
})

// req.params.id is typed from the path: string.
app.get('/books/:id', (req, res, next) => {
  const book = books.find((b) => String(b.id) === req.params.id)
  if (!book) return next()
  res.json(book)
})

app.post('/books', (req: Request<object, Book | { error: string }, { title?: unknown }>, res) => {
  const title = req.body?.title
  if (typeof title !== 'string' || title === '') {
    res.status(400).json({ error: 'a "title" string is required' })
    return
  }
  const book: Book = { id: books.length + 1, title }
  books.push(book)
  res.status(201).json(book)
})

app.use((req: Request, res: Response) => {
  res.status(404).json({ error: `nothing at ${req.method} ${req.path}` })
})

app.use((err: Error & { status?: number; expose?: boolean }, req: Request, res: Response, next: NextFunction) => {
  const status = err.status ?? 500
  res.status(status).json({ error: err.expose ? err.message : 'internal error' })
})

if (require.main === module) {
  // Loopback only (a reverse proxy serves other machines: docs/deployment.md).
  // A listen error (port taken) comes to the callback: report it, exit 1.
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  const server = app.listen(port, '127.0.0.1', (err?: Error) => {
    if (err) {
      console.error(`typescript: cannot listen on 127.0.0.1:${port}: ${err.message}`)
      process.exit(1)
    }
    const address = server.address()
    console.log(`typescript listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`)
  })
}
