"""DOM node density (seed 003, after CETD: Sun, Song & Liao, SIGIR 2011): the simplified tree and its scores."""
