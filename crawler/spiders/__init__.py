"""Spiders of the news crawler project."""
