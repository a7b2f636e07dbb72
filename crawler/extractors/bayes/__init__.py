"""Seed 003's naive Bayes block classifier: its model, its steps and their state."""
