"""Check and lint IRIs at scale with Apache Spark and the iri_abnf package.

    python examples/spark_validate.py INPUT [--column NAME] [--master URL] [--grammar G] [--profile P]

INPUT is a text file (one IRI per line, "\\n"-separated) or Parquet (a file or folder ending in
.parquet, or any input with --column). mapInArrow hands each partition's Arrow batches to
iri_abnf.lint_arrow, which reads the strings in place and checks and lints them in one call per
batch (no Python object per row or diagnostic): its list of codes per row is null for an invalid
row. Each batch gives back one row of counts, which the driver adds up. The script prints one JSON object: total, valid, invalid, nulls,
lint (diagnostics per lint code), and the run (master, cores, seconds).

Spark runs in local mode on every core (local[*]) unless --master names a cluster; the executors
need the iri_abnf wheel (see docs/python.md, "At scale").
"""

from __future__ import annotations

import argparse
import json
import time

import pyarrow as pa
import pyarrow.compute as pc
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import iri_abnf

# What each Arrow batch gives back: its counts.
SUMMARY = pa.schema(
    [
        ("rows", pa.int64()),
        ("valid", pa.int64()),
        ("nulls", pa.int64()),
        ("codes", pa.list_(pa.string())),
        ("counts", pa.list_(pa.int64())),
    ]
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("--column", help="the Parquet column of the IRIs (Parquet input)")
    ap.add_argument("--master", default="local[*]", help="Spark master URL [default: local[*]]")
    ap.add_argument("--grammar", default="iri", help="uri, rfc3987, iri or leiri [default: iri]")
    ap.add_argument("--profile", default="default", help="lint profile [default: default]")
    ap.add_argument(
        "--batch-rows",
        type=int,
        default=100_000,
        help="rows per Arrow batch (spark.sql.execution.arrow.maxRecordsPerBatch) [default: 100000]",
    )
    args = ap.parse_args()

    spark = (
        SparkSession.builder.master(args.master)
        .appName("iri-abnf validate")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch_rows))
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    start = time.perf_counter()
    if args.column or args.input.rstrip("/").endswith(".parquet"):
        df = spark.read.parquet(args.input).select(F.col(args.column or "iri").alias("iri"))
    else:
        df = spark.read.option("lineSep", "\n").text(args.input).select(F.col("value").alias("iri"))

    grammar, profile = args.grammar, args.profile
    schema = "rows long, valid long, nulls long, codes array<string>, counts array<long>"

    def summarize(batches):
        # One row of counts per Arrow batch. lint_arrow parses and lints the batch in Rust over its
        # buffers, on every core of the worker without the GIL: a list of codes per row, null for a
        # null row or one that is not a reference of the grammar, so that it gives the verdicts too.
        for batch in batches:
            iris = batch.column(0)
            codes = iri_abnf.lint_arrow(iris, grammar=grammar, profile=profile)
            counts = pc.value_counts(codes.flatten())
            yield pa.RecordBatch.from_pydict(
                {
                    "rows": [len(iris)],
                    "valid": [len(codes) - codes.null_count],
                    "nulls": [iris.null_count],
                    "codes": [counts.field("values").to_pylist()],
                    "counts": [counts.field("counts").to_pylist()],
                },
                schema=SUMMARY,
            )

    rows = valid = nulls = 0
    lint: dict = {}
    for r in df.mapInArrow(summarize, schema).collect():
        rows, valid, nulls = rows + r["rows"], valid + r["valid"], nulls + r["nulls"]
        for code, n in zip(r["codes"], r["counts"]):
            lint[code] = lint.get(code, 0) + n
    seconds = time.perf_counter() - start
    print(
        json.dumps(
            {
                "total": rows - nulls,
                "valid": valid,
                "invalid": rows - nulls - valid,
                "nulls": nulls,
                "lint": dict(sorted(lint.items())),
                "grammar": grammar,
                "profile": profile,
                "master": args.master,
                "cores": spark.sparkContext.defaultParallelism,
                "seconds": round(seconds, 3),
            }
        )
    )
    spark.stop()


if __name__ == "__main__":
    main()
