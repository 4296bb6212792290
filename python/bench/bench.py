"""Bench: the bulk calls over a corpus (one IRI per line, gzip or plain) against the `iri` command on
the same lines as a file, with the same number of cores.

    python python/bench/bench.py [FILE] [--iri PATH] [--runs N] [--rfc3987-lines N]

Times `check_many` (a list of str), `check_arrow` (a pyarrow string array), `iri check --count
--jobs N` (N: every core, as the bulk calls use), `is_valid` in a Python loop, `lint_many`,
`lint_arrow` (list and counts), `lint` in a Python loop (on the first lines, scaled), and
`rfc3987.match(s, rule="IRI_reference")` (on the first lines, scaled). The runs are interleaved (one
of each per round) and the best of the rounds is kept. Each call is timed alone: the number of valid
lines (or of diagnostics) that all must agree on is taken from its result afterwards. Prints a
Markdown table with the load average.
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
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--lint-lines", type=int, default=200000)
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

    jobs = os.cpu_count() or 1
    try:
        import pyarrow as pa
    except ImportError:
        pa = None
    array = pa.array(lines, type=pa.string()) if pa is not None else None
    sample = lines[: args.lint_lines]

    def cli():
        out = subprocess.run(
            [args.iri, "check", "--count", "--jobs", str(jobs), "--input", plain.name],
            capture_output=True, text=True,
        )
        return out.stdout.strip()

    # Each contender is the call that is timed, and what its result is tallied to outside the timing
    # (the number of valid lines, or of diagnostics), to check that all agree.
    contenders = {
        f"iri check --count --jobs {jobs} (file)": (cli, lambda out: out),
        "iri_abnf.check_many (list of str)": (lambda: iri_abnf.check_many(lines), sum),
        "iri_abnf.is_valid, one call per line": (lambda: [iri_abnf.is_valid(s) for s in lines], sum),
        "iri_abnf.lint_many (list of str)": (
            lambda: iri_abnf.lint_many(lines),
            lambda codes: sum(len(c) for c in codes if c),
        ),
    }
    if array is not None:
        contenders["iri_abnf.check_arrow (string array)"] = (
            lambda: iri_abnf.check_arrow(array),
            lambda verdicts: verdicts.true_count,
        )
        contenders["iri_abnf.lint_arrow (list<string> array)"] = (
            lambda: iri_abnf.lint_arrow(array),
            lambda codes: len(codes.flatten()),
        )
        contenders["iri_abnf.lint_arrow(counts=True)"] = (
            lambda: iri_abnf.lint_arrow(array, counts=True),
            lambda counts: sum(counts.values()),
        )
    contenders[f"iri_abnf.lint, one call per line (first {len(sample)} lines, scaled)"] = (
        lambda: [iri_abnf.lint(s) for s in sample if iri_abnf.is_valid(s)],
        lambda diagnostics: sum(len(d) for d in diagnostics),
    )
    scale = {k: (n / len(sample) if k.startswith("iri_abnf.lint, one call") else 1.0) for k in contenders}
    times = {k: [] for k in contenders}
    results = {}
    for _ in range(args.runs):
        for name, (f, tally) in contenders.items():
            t = time.perf_counter()
            result = f()
            times[name].append((time.perf_counter() - t) * scale[name])
            results[name] = tally(result)
            del result
    t_cli = min(times[f"iri check --count --jobs {jobs} (file)"])
    valid = results["iri_abnf.check_many (list of str)"]
    cli_out = results[f"iri check --count --jobs {jobs} (file)"]
    assert cli_out.startswith(f"valid: {valid},"), (cli_out, valid)
    assert results["iri_abnf.is_valid, one call per line"] == valid
    if array is not None:
        assert results["iri_abnf.check_arrow (string array)"] == valid
        diagnostics = results["iri_abnf.lint_many (list of str)"]
        assert results["iri_abnf.lint_arrow (list<string> array)"] == diagnostics
        assert results["iri_abnf.lint_arrow(counts=True)"] == diagnostics
    rows = [(name, min(ts), n) for name, ts in times.items()]
    try:
        import rfc3987

        sample = lines[: args.rfc3987_lines]
        t_rfc, _ = best(lambda: [rfc3987.match(s, rule="IRI_reference") is not None for s in sample], runs=1)
        rows.append((f"rfc3987.match(IRI_reference), first {len(sample)} lines, scaled", t_rfc * n / len(sample), n))
    except ImportError:
        t_rfc = None
    os.unlink(plain.name)

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{n} lines ({valid} valid), {jobs} cores, best of {args.runs} interleaved rounds, load average {load}")
    print()
    print(f"| what | time (s) | lines/s | vs `iri check --count --jobs {jobs}` |")
    print("| --- | ---: | ---: | ---: |")
    for name, t, k in rows:
        print(f"| {name} | {t:.3f} | {k / t:,.0f} | {t / t_cli:.2f}× |")
    if t_rfc is not None:
        print()
        t_many = min(times["iri_abnf.check_many (list of str)"])
        print(f"check_many is {t_rfc * n / len(sample) / t_many:.0f}× faster than rfc3987.match")


if __name__ == "__main__":
    main()
