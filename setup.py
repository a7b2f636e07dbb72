"""The optional compiled helpers; everything else is in pyproject.toml.

- ``crawler/kernels/cwalk.pyx``, the block walk, built against the lxml that pip puts in the build environment
  ([build-system] requires): at import it refuses a runtime lxml of another version than the build's;
- ``crawler/kernels/cfingerprint.pyx``, the simhash of ``crawler.pagejob.fingerprints``;
- ``crawler/kernels/cpagescan.pyx``, the news spider's byte questions of a page (``crawler.spiders.pagelinks``).

Each extension is ``optional``: when it does not compile (no C compiler, no Python headers) the package installs
without it and its Python twin runs. A build older than the .pyx beside it is refused at import (the .pyx's SHA-256
is compiled in; ``crawler.kernels.compiled.load``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from setuptools import Extension, setup

# (module, source, the macro that carries the source's SHA-256, whether it compiles against lxml's headers)
SOURCES = (
    ("crawler.kernels.cwalk", "crawler/kernels/cwalk.pyx", "CWALK_SOURCE_SHA256", True),
    ("crawler.kernels.cfingerprint", "crawler/kernels/cfingerprint.pyx", "CFINGERPRINT_SOURCE_SHA256", False),
    ("crawler.kernels.cpagescan", "crawler/kernels/cpagescan.pyx", "CPAGESCAN_SOURCE_SHA256", False),
)


def extensions() -> list[Extension]:
    try:
        import lxml
        from Cython.Build import cythonize
    except ImportError as error:  # building without the build requirements (setup.py run by hand)
        print(f"the compiled helpers are not built: {error}")
        return []
    wanted = []
    for module, source, macro, with_lxml in SOURCES:
        path = Path(__file__).parent / source
        if not path.is_file():  # a source tree without the .pyx (an sdist made without it)
            print(f"{module} is not built: {source} is missing")
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        wanted.append(Extension(module, [source], include_dirs=lxml.get_include() if with_lxml else [],
                                define_macros=[(macro, f'"{digest}"')], optional=True))
    built = []
    for extension in wanted:  # one at a time: a Cython error in one leaves the other built
        try:
            built += cythonize([extension], language_level=3, quiet=True)
        except Exception as error:  # a Cython error must not stop the install: the Python twin runs
            print(f"{extension.name} is not built: {error}")
    for module in built:  # cythonize's copies lose the flag
        module.optional = True
    return built


setup(ext_modules=extensions())
