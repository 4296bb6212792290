"""Bench: where the time of the Spark example (examples/spark_validate.py) goes.

    python python/bench/spark_bench.py FILE [--master local[*]] [--rounds N] [--batch-rows N]
        [--partitions N]

On a plain text file (one IRI per line), times four jobs that each add one step to the one before:

1. `read`: Spark reads the lines (`spark.read.text(...).count()`): the JVM alone;
2. `arrow`: `mapInArrow` with a function that only counts the rows of each batch: the JVM turns the
   rows into Arrow batches and sends them to the Python workers;
3. `check`: the same with `iri_abnf.check_arrow` on each batch;
4. `lint`: the example's work, `lint_arrow` on each batch and the counts of its codes.

Inside the workers the calls into iri_abnf are timed too (summed over the batches, seconds of the
worker's wall clock). The jobs are run in interleaved rounds; the best of each is kept. Prints a
Markdown table: seconds, rows/s per core and the share of the `lint` job, with the load average.
"""

from __future__ import annotations

import argparse
import os
import time

import pyarrow as pa
import pyarrow.compute as pc
from pyspark.sql import SparkSession

import iri_abnf

SCHEMA = "rows long, calls double"



def out(rows: int, calls: float) -> pa.RecordBatch:
    return pa.RecordBatch.from_pydict(
        {"rows": [rows], "calls": [calls]}, schema=pa.schema([("rows", pa.int64()), ("calls", pa.float64())])
    )


def count_only(batches):
    for batch in batches:
        yield out(batch.num_rows, 0.0)


def check_only(batches):
    for batch in batches:
        t = time.perf_counter()
        pc.sum(iri_abnf.check_arrow(batch.column(0)))
        yield out(batch.num_rows, time.perf_counter() - t)


def check_and_lint(batches):
    # As the example: the verdicts are the nulls of the lint.
    for batch in batches:
        t = time.perf_counter()
        codes = iri_abnf.lint_arrow(batch.column(0))
        pc.value_counts(codes.flatten())
        yield out(batch.num_rows, time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--master", default="local[*]")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--batch-rows", type=int, default=100_000)
    ap.add_argument("--partitions", type=int, default=0, help="repartition the lines first (0: Spark's splits)")
    args = ap.parse_args()

    spark = (
        SparkSession.builder.master(args.master)
        .appName("iri-abnf spark bench")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch_rows))
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    cores = spark.sparkContext.defaultParallelism

    def lines():
        df = spark.read.option("lineSep", "\n").text(args.file)
        return df.repartition(args.partitions) if args.partitions else df

    def read():
        return lines().count(), 0.0

    def mapped(f):
        def job():
            rows = calls = 0
            for r in lines().mapInArrow(f, SCHEMA).collect():
                rows, calls = rows + r["rows"], calls + r["calls"]
            return rows, calls

        return job

    jobs = {"read": read, "arrow": mapped(count_only), "check": mapped(check_only), "lint": mapped(check_and_lint)}
    partitions = lines().rdd.getNumPartitions()
    # A first job warms the JVM and starts the Python workers.
    mapped(count_only)()
    best = {k: (float("inf"), 0.0) for k in jobs}
    rows = 0
    for _ in range(args.rounds):
        for name, job in jobs.items():
            t = time.perf_counter()
            rows, calls = job()
            seconds = time.perf_counter() - t
            if seconds < best[name][0]:
                best[name] = (seconds, calls)
    spark.stop()

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"{rows} rows, master {args.master}, {cores} cores, {partitions} partitions, batches of {args.batch_rows} rows, "
        f"best of {args.rounds} interleaved rounds, load average {load}"
    )
    print()
    total = best["lint"][0]
    print("| job | seconds | rows/s per core | share of `lint` | in iri_abnf calls (worker s) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    previous = 0.0
    for name, (seconds, calls) in best.items():
        step = seconds - previous
        previous = seconds
        print(
            f"| {name} | {seconds:.2f} | {rows / seconds / cores:,.0f} | {step / total:.0%} (+{step:.2f} s) | "
            f"{calls:.2f} |"
        )


if __name__ == "__main__":
    main()
