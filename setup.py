"""The optional compiled helpers; everything else is in pyproject.toml.

- ``crawler/kernels/cwalk.pyx``, the block walk, built against the lxml that pip puts in the build environment
  ([build-system] requires): at import it refuses a runtime lxml of another version than the build's, so the
  project's dependencies (``[tool.newscrawler] dependencies``) pin lxml to the build's version (``dependencies``);
- ``crawler/kernels/cfingerprint.pyx``, the simhash of ``crawler.pagejob.fingerprints``;
- ``crawler/kernels/cpagescan.pyx``, the news spider's byte questions of a page (``crawler.spiders.pagelinks``);
- ``crawler/kernels/cstructure.pyx``, the sibling-structure sums of the page-kind features, against lxml's headers.

Each extension is ``optional``: when it does not compile (no C compiler, no Python headers) the package installs
without it and its Python twin runs. A build older than the .pyx beside it is refused at import (the .pyx's CRC-32 and
size are compiled in; ``crawler.kernels.compiled.load``).
"""

from __future__ import annotations

import re
import sys
import zlib
from pathlib import Path

from setuptools import Extension, setup

# (module, source, the macro that carries the source's digest, whether it compiles against lxml's headers)
SOURCES = (
    ("crawler.kernels.cwalk", "crawler/kernels/cwalk.pyx", "CWALK_SOURCE_DIGEST", True),
    ("crawler.kernels.cfingerprint", "crawler/kernels/cfingerprint.pyx", "CFINGERPRINT_SOURCE_DIGEST", False),
    ("crawler.kernels.cpagescan", "crawler/kernels/cpagescan.pyx", "CPAGESCAN_SOURCE_DIGEST", False),
    ("crawler.kernels.cstructure", "crawler/kernels/cstructure.pyx", "CSTRUCTURE_SOURCE_DIGEST", True),
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
        data = path.read_bytes()
        digest = f"{zlib.crc32(data):08x}-{len(data)}"  # as crawler.kernels.compiled.source_digest
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


# The lxml requirement that the compiled walk's build replaces by its own version.
LXML_REQUIREMENT_RE = re.compile(r"^lxml\s*(?:[<>=!~].*)?$")


def dependencies(built: list[Extension]) -> list[str]:
    """The project's dependencies, with lxml pinned to the version the compiled walk is built against: pip then
    installs that lxml (or refuses with a conflict that names it) instead of a runtime lxml the walk refuses."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # a build requirement for Python 3.10 (pyproject.toml)
        import tomli as tomllib
    with open(Path(__file__).parent / "pyproject.toml", "rb") as file:
        listed = tomllib.load(file)["tool"]["newscrawler"]["dependencies"]
    if not any(extension.name == "crawler.kernels.cwalk" for extension in built):
        return listed
    import lxml.etree

    pinned = f"lxml=={lxml.etree.__version__}"
    print(f"the compiled walk is built against lxml {lxml.etree.__version__}: the package requires {pinned}")
    return [pinned if LXML_REQUIREMENT_RE.match(requirement) else requirement for requirement in listed]


if __name__ == "__main__":  # pip's build backend runs this file as __main__; tests import it for ``dependencies``
    built_extensions = extensions()
    setup(ext_modules=built_extensions, install_requires=dependencies(built_extensions))
