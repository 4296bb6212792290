"""The package: its version is the crate's, its stubs and marker ship with it."""

import pathlib
import re

import iri_abnf

REPO = pathlib.Path(__file__).resolve().parents[2]


def cargo_version(path: pathlib.Path) -> str:
    text = path.read_text(encoding="utf-8")
    m = re.search(r'^\[package\]\s*$.*?^version\s*=\s*"([^"]+)"', text, re.S | re.M)
    assert m, path
    return m.group(1)


def test_version_equals_the_crates():
    assert iri_abnf.__version__ == cargo_version(REPO / "Cargo.toml")
    assert iri_abnf.__version__ == cargo_version(REPO / "python" / "Cargo.toml")


def test_distribution_version_is_the_crates():
    from importlib.metadata import version

    assert version("iri-abnf") == cargo_version(REPO / "Cargo.toml")


def test_typed_package_ships_stubs():
    pkg = pathlib.Path(iri_abnf.__file__).parent
    assert (pkg / "py.typed").exists()
    assert (pkg / "__init__.pyi").exists()
    stubs = (pkg / "__init__.pyi").read_text(encoding="utf-8")
    for name in iri_abnf.__all__:
        if name != "__version__":
            # A function, a class, or a constant with its type.
            assert re.search(rf"^((def|class) {name}\b|{name}: )", stubs, re.M), name


def test_readme_python_example_runs():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    m = re.search(r"```python\n(import iri_abnf\n.*?)```", text, re.S)
    assert m, "README.md has a Python example"
    exec(compile(m.group(1), "README.md", "exec"), {})
