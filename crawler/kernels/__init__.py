"""Compiled kernels (Cython) of the hot loops and their Python twins, each bound once at import by its facade
(``walk``, ``fingerprint``, ``pagescan``); ``compiled`` loads them and warns once when one is off."""
