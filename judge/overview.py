#!/usr/bin/env python3
"""Writes the overview table of the judged implementations into docs/conformance.md, between
<!-- judge:overview:begin --> and <!-- judge:overview:end -->.

Usage: overview.py ENTRIES REPORT_DIR FINDINGS DOC
  ENTRIES: one implementation a line, `name|language|grammar|rule` (judge/run-all.sh's table);
  REPORT_DIR: NAME.json, the JSON report of `iri judge --format json` in verdict mode (its "cases",
  "disagreements" and "classes"), or the part of it that judge/run-all.sh keeps;
  FINDINGS: judge/findings.tsv, hand-written: name, version, what it claims, the main finding,
  separated by tabs (lines starting with # are comments).
Python 3 standard library only.
"""

import json
import os
import sys


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: overview.py ENTRIES REPORT_DIR FINDINGS DOC")
    entries, reports, findings_path, doc = sys.argv[1:]
    findings = {}
    for line in open(findings_path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        name, version, claims, finding = line.split("\t")
        findings[name] = (version, claims, finding)
    rows = [
        "| implementation | language | version | what it claims | judged against | cases "
        "| disagreements | classes | main finding |",
        "| --- | --- | --- | --- | --- | ---: | ---: | ---: | --- |",
    ]
    for line in open(entries, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        name, language, grammar, rule = line.split("|")[:4]
        version, claims, finding = findings.get(name, ("?", "?", "?"))
        path = os.path.join(reports, f"{name}.json")
        if os.path.exists(path):
            report = json.load(open(path, encoding="utf-8"))
            cases = f"{report.get('cases', 0):,}"
            disagreements = f"{report.get('disagreements', 0):,}"
            classes = f"{len(report.get('classes', [])):,}"
        else:
            cases = disagreements = classes = "not judged yet"
        rows.append(
            f"| [{name}](judge/{name}.md) | {language} | {version} | {claims} | `{grammar}` "
            f"`{rule}` | {cases} | {disagreements} | {classes} | {finding} |"
        )
    text = open(doc, encoding="utf-8").read()
    begin, end = "<!-- judge:overview:begin -->", "<!-- judge:overview:end -->"
    if begin not in text or end not in text:
        sys.exit(f"error: {doc} has no markers for the overview")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(doc, "w", encoding="utf-8") as f:
        f.write(f"{head}{begin}\n" + "\n".join(rows) + f"\n{end}{tail}")


if __name__ == "__main__":
    main()
