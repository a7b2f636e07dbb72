"""Measuring extraction: the shingle metric of shared/EVALUATION.md, data set readers, speed."""
