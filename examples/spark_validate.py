"""Check and lint IRIs at scale with Apache Spark and the iri_abnf package.

    python examples/spark_validate.py INPUT [--column NAME] [--master URL] [--grammar G] [--profile P]

INPUT is a text file (one IRI per line, "\\n"-separated) or Parquet (a file or folder ending in
.parquet, or any input with --column). A pandas UDF checks each Arrow batch with
iri_abnf.check_many and lints the valid IRIs with iri_abnf.lint; the script prints one JSON object:
total, valid, invalid, nulls, lint (diagnostics per lint code), and the run (master, cores, seconds).

Spark runs in local mode on every core (local[*]) unless --master names a cluster; the executors
need the iri_abnf wheel (see docs/python.md, "At scale").
"""

from __future__ import annotations

import argparse
import json
import time

import pandas as pd
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import iri_abnf


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("--column", help="the Parquet column of the IRIs (Parquet input)")
    ap.add_argument("--master", default="local[*]", help="Spark master URL [default: local[*]]")
    ap.add_argument("--grammar", default="iri", help="uri, rfc3987, iri or leiri [default: iri]")
    ap.add_argument("--profile", default="default", help="lint profile [default: default]")
    args = ap.parse_args()

    spark = (
        SparkSession.builder.master(args.master)
        .appName("iri-abnf validate")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    start = time.perf_counter()
    if args.column or args.input.rstrip("/").endswith(".parquet"):
        df = spark.read.parquet(args.input).select(F.col(args.column or "iri").alias("iri"))
    else:
        df = spark.read.option("lineSep", "\n").text(args.input).select(F.col("value").alias("iri"))

    grammar, profile = args.grammar, args.profile

    @F.pandas_udf("struct<valid:boolean,codes:array<string>>")
    def check(batch: pd.Series) -> pd.DataFrame:
        present = batch.notna()
        strings = batch[present].tolist()
        verdicts = iter(iri_abnf.check_many(strings, grammar=grammar))
        valid, codes = [], []
        for s, here in zip(batch.tolist(), present.tolist()):
            if not here:
                valid.append(None)
                codes.append([])
                continue
            ok = next(verdicts)
            valid.append(ok)
            codes.append([d.code for d in iri_abnf.lint(s, grammar=grammar, profile=profile)] if ok else [])
        return pd.DataFrame({"valid": pd.Series(valid, dtype="boolean"), "codes": codes})

    checked = df.select(check("iri").alias("r")).cache()
    row = checked.agg(
        F.count(F.lit(1)).alias("rows"),
        F.sum(F.when(F.col("r.valid"), 1).otherwise(0)).alias("valid"),
        F.sum(F.when(F.col("r.valid").isNull(), 1).otherwise(0)).alias("nulls"),
    ).collect()[0]
    lint = {
        r["code"]: r["count"]
        for r in checked.select(F.explode("r.codes").alias("code")).groupBy("code").count().collect()
    }
    seconds = time.perf_counter() - start
    rows, valid, nulls = row["rows"], row["valid"] or 0, row["nulls"] or 0
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
