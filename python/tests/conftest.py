"""Shared fixtures: the `iri` command of the workspace, whose JSON output the tests compare with, and
the references that the bulk tests (lint, Spark) run on."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
from typing import Any, List

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def _iri_binary() -> str:
    given = os.environ.get("IRI_BIN")
    if given:
        return given
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    binary = target / "release" / "iri"
    # Built from the workspace (a no-op when `cargo test --workspace --release` built it).
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "-p", "iri-cli", "--bin", "iri"],
        cwd=REPO,
        check=True,
    )
    return str(binary)


@pytest.fixture(scope="session")
def iri_bin() -> str:
    return _iri_binary()


class Cli:
    def __init__(self, binary: str) -> None:
        self.binary = binary

    def json(self, *args: str, stdin: str | None = None, codes=(0, 1)) -> List[Any]:
        """The JSON records that `iri ARGS --format json` prints (one per line)."""
        out = subprocess.run(
            [self.binary, *args],
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
        )
        assert out.returncode in codes, out.stderr
        return [json.loads(line) for line in out.stdout.split("\n") if line]


@pytest.fixture(scope="session")
def cli(iri_bin: str) -> Cli:
    return Cli(iri_bin)


# Valid and invalid references with lint findings of several families (case, percent-encoding,
# bidi, private use, look-alikes, IDNA), an IP literal, a URN and a relative reference.
REFERENCES = (
    "http://example.org/",
    "HTTP://Example.ORG:80/%7euser/./a",
    "http://r\u00e9sum\u00e9.example.org/\u00e9",
    "http://user@[::1]:8042/p",
    "urn:isbn:0451450523",
    "a b",
    "http://a/b c",
    "http://a:8x",
    "http://a/\u202eevil",
    "http://a/%E2%80%AE",
    "http://xn--rsum-bpad.example.org/",
    "",
    "rel/a",
    "http://a/\ue000",
)


@pytest.fixture(scope="session")
def references() -> List[str]:
    return list(REFERENCES)
