// The blog sub-app, mounted on two paths at once. It sets no `json spaces`
// of its own, so it inherits the main app's (a setting without a default).
'use strict'

const webfw = require('webfw')

const posts = [
  { slug: 'hello', title: 'Hello, world' },
  { slug: 'sub-apps', title: 'Mounting apps inside apps' },
]

function createBlog() {
  const blog = webfw()

  blog.get('/', (req, res) => {
    res.json({ mountpath: blog.mountpath, baseUrl: req.baseUrl, posts: posts.map((p) => p.slug) })
  })

  blog.get('/:slug', (req, res, next) => {
    const post = posts.find((p) => p.slug === req.params.slug)
    if (!post) return next() // falls back to the main app's 404
    res.json(post)
  })

  return blog
}

module.exports = { createBlog }
