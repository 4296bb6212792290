"""Bench: `check_many` over a corpus (one IRI per line, gzip or plain) against `iri check --count
--jobs 1` on the same file and `rfc3987.match(s, rule="IRI_reference")` on the same lines.

    python python/bench/bench.py [FILE] [--iri PATH] [--rfc3987-lines N]

Prints a Markdown table (best of three runs each; rfc3987 on the first N lines, scaled).
"""

from __future__ import annotations

import argparse
import gzip
import os
import pathlib
import subprocess
import tempfile
import time

import iri_abnf

REPO = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = REPO.parent / "shared" / "corpora" / "realworld-dbpedia-links" / "iris.txt.gz"


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - t)
    return min(times), result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", default=str(DEFAULT))
    ap.add_argument("--iri", default=os.environ.get("IRI_BIN", str(REPO / "target" / "release" / "iri")))
    ap.add_argument("--rfc3987-lines", type=int, default=20000)
    args = ap.parse_args()

    opener = gzip.open if args.file.endswith(".gz") else open
    with opener(args.file, "rt", encoding="utf-8", newline="\n") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as plain:
        plain.write("\n".join(lines) + "\n")
    n = len(lines)

    t_many, verdicts = best(lambda: iri_abnf.check_many(lines))
    valid = sum(verdicts)
    t_one, _ = best(lambda: [iri_abnf.is_valid(s) for s in lines])

    def cli():
        out = subprocess.run(
            [args.iri, "check", "--count", "--jobs", "1", "--input", plain.name],
            capture_output=True, text=True,
        )
        return out.stdout.strip()

    t_cli, cli_out = best(cli)
    assert cli_out.startswith(f"valid: {valid},"), (cli_out, valid)

    rows = [
        ("iri_abnf.check_many (all cores)", t_many, n),
        ("iri_abnf.is_valid, one call per line", t_one, n),
        ("iri check --count --jobs 1 (file)", t_cli, n),
    ]
    try:
        import rfc3987

        sample = lines[: args.rfc3987_lines]
        t_rfc, _ = best(lambda: [rfc3987.match(s, rule="IRI_reference") is not None for s in sample], runs=1)
        rows.append((f"rfc3987.match(IRI_reference), first {len(sample)} lines, scaled", t_rfc * n / len(sample), n))
    except ImportError:
        t_rfc = None
    os.unlink(plain.name)

    print(f"{n} lines ({valid} valid), {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    print()
    print("| what | time (s) | lines/s | vs `iri check --jobs 1` |")
    print("| --- | ---: | ---: | ---: |")
    for name, t, k in rows:
        print(f"| {name} | {t:.3f} | {k / t:,.0f} | {t / t_cli:.2f}× |")
    if t_rfc is not None:
        print()
        print(f"check_many is {t_rfc * n / len(sample) / t_many:.0f}× faster than rfc3987.match")


if __name__ == "__main__":
    main()
