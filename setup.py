"""The optional compiled block walk (crawler/extractors/cwalk.pyx); everything else is in pyproject.toml.

The extension is built against the lxml that pip puts in the build environment ([build-system] requires) and
is ``optional``: when it does not compile (no C compiler, no Python headers) the package installs without it and
the block walk runs in Python. At import it refuses a runtime lxml of another version than the build's, and
``crawler.extractors.blockwalk`` refuses a build older than the .pyx beside it (its SHA-256 is compiled in).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from setuptools import Extension, setup

SOURCE = "crawler/extractors/cwalk.pyx"


def extensions() -> list[Extension]:
    try:
        import lxml
        from Cython.Build import cythonize
    except ImportError as error:  # building without the build requirements (setup.py run by hand)
        print(f"the compiled block walk is not built: {error}")
        return []
    source = Path(__file__).parent / SOURCE
    if not source.is_file():  # a source tree without the .pyx (an sdist made without it)
        print(f"the compiled block walk is not built: {SOURCE} is missing")
        return []
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    extension = Extension(
        "crawler.extractors.cwalk",
        [SOURCE],
        include_dirs=lxml.get_include(),
        define_macros=[("CWALK_SOURCE_SHA256", f'"{digest}"')],
        optional=True,
    )
    try:
        built = cythonize([extension], language_level=3, quiet=True)
    except Exception as error:  # a Cython error must not stop the install: the walk runs in Python
        print(f"the compiled block walk is not built: {error}")
        return []
    for module in built:  # cythonize's copies lose the flag
        module.optional = True
    return built


setup(ext_modules=extensions())
