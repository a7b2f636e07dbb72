"""CX line-block distribution (seed 004): the tag-stripped text as lines, its regions and the extractor."""
