"""The tests exercise the installed package, never the sources in python/python/iri_abnf.

The sources lack the compiled `_iri_abnf`; maturin's `python-source` folder keeps them off the
`sys.path` that `python -m pytest` builds from python/ or from the repository root, so `import
iri_abnf` finds the wheel's copy in the environment's site-packages.
"""

import pathlib
from importlib.metadata import distribution

import iri_abnf

REPO = pathlib.Path(__file__).resolve().parents[2]
SOURCES = REPO / "python" / "python"


def test_the_package_is_not_the_source_folder():
    package = pathlib.Path(iri_abnf.__file__).resolve().parent
    assert SOURCES.resolve() not in package.parents, package


def test_the_package_is_the_distributions():
    # The `iri_abnf/__init__.py` recorded by the installed distribution (its RECORD) is the module
    # that `import iri_abnf` loaded, and the extension module sits beside it.
    dist = distribution("iri-abnf")
    recorded = [f for f in dist.files or [] if f.as_posix() == "iri_abnf/__init__.py"]
    assert len(recorded) == 1, dist.files
    init = pathlib.Path(dist.locate_file(recorded[0])).resolve()
    assert init == pathlib.Path(iri_abnf.__file__).resolve()
    extension = pathlib.Path(iri_abnf._iri_abnf.__file__).resolve()
    assert extension.parent == init.parent, extension
