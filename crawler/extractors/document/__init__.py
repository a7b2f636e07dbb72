"""The document model every extractor shares: bytes decoded, parsed once, walked into text blocks, and rendered."""
