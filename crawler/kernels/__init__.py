"""Compiled kernels (Cython) of the hot loops, each with a Python twin elsewhere; loaded once by compiled."""
