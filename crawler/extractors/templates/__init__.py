"""Seed 001's line-hash templates keyed by URL pattern: lines, matching, stores, and learning them per site."""
