"""Extractors as chains of small named steps, and the typed state the steps hand on to each other."""
