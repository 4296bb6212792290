#!/usr/bin/env python3
"""Writes the heat map of the judged implementations: an SVG, rows the implementations, columns the
rules of the ABNF, each cell the number of classes of disagreements that `iri judge` found in that
rule (verdict mode), coloured by that number.

Usage: heatmap.py ENTRIES REPORT_DIR OUT.svg
  ENTRIES: one implementation a line, `name|language|grammar|rule` (judge/run-all.sh's table);
  REPORT_DIR: holds NAME.json, the JSON report of `iri judge --format json` (verdict mode), or the
  part of it that judge/run-all.sh keeps. An implementation without a report is left out.

Python 3 standard library only. Tolerant of the report's shape: a class names its rule in "rule"
(a string) or the rules it was seen in in "rules" (a list; the class then counts in each of them).
The rules of RFC 3987 are shown with their RFC 3986 counterparts (`ipath-absolute` as
`path-absolute`, `IRI` as `URI`), so that URI and IRI parsers share columns; rules that have no
counterpart keep their name. The columns are the rules with the most classes, the others summed
in the last column.
"""

import json
import math
import os
import sys
from xml.sax.saxutils import escape

# The columns shown before the rest is summed as "other rules".
MAX_COLUMNS = 32
# RFC 3987's names whose RFC 3986 counterpart is not the name without its leading "i".
RENAMED = {
    "IRI": "URI",
    "IRI-reference": "URI-reference",
    "absolute-IRI": "absolute-URI",
    "irelative-ref": "relative-ref",
    "irelative-part": "relative-part",
}
# RFC 3986's rule names (the counterparts of RFC 3987's "i" rules).
URI_RULES = {
    "hier-part", "authority", "userinfo", "host", "reg-name", "path", "path-abempty",
    "path-absolute", "path-noscheme", "path-rootless", "path-empty", "segment", "segment-nz",
    "segment-nz-nc", "pchar", "query", "fragment", "unreserved",
}


def column(rule):
    if rule in RENAMED:
        return RENAMED[rule]
    if rule.startswith("i") and rule[1:] in URI_RULES:
        return rule[1:]
    return rule


def class_rules(c):
    rules = c.get("rules")
    if isinstance(rules, list) and rules:
        return [str(r) for r in rules]
    rule = c.get("rule")
    return [str(rule)] if rule else ["?"]


def load(entries, reports):
    rows = []
    for line in open(entries, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        name, language = line.split("|")[:2]
        path = os.path.join(reports, f"{name}.json")
        if not os.path.exists(path):
            continue
        report = json.load(open(path, encoding="utf-8"))
        cells = {}
        for c in report.get("classes", []):
            for rule in set(map(column, class_rules(c))):
                cells[rule] = cells.get(rule, 0) + 1
        rows.append((name, language, len(report.get("classes", [])), cells))
    return rows


def colour(n, top):
    """White for 0, then from pale yellow to dark red on a logarithmic scale up to top."""
    if n == 0:
        return "#ffffff"
    t = math.log1p(n) / math.log1p(max(top, 1))
    stops = [(255, 245, 190), (253, 174, 97), (215, 48, 39), (120, 0, 30)]
    x = t * (len(stops) - 1)
    i = min(int(x), len(stops) - 2)
    f = x - i
    r, g, b = (round(a + (z - a) * f) for a, z in zip(stops[i], stops[i + 1]))
    return f"#{r:02x}{g:02x}{b:02x}"


def svg(rows):
    totals = {}
    for _, _, _, cells in rows:
        for rule, n in cells.items():
            totals[rule] = totals.get(rule, 0) + n
    ordered = sorted(totals, key=lambda r: (-totals[r], r))
    shown, rest = ordered[:MAX_COLUMNS], set(ordered[MAX_COLUMNS:])
    columns = shown + (["other rules"] if rest else [])

    def value(cells, col):
        if col == "other rules":
            return sum(n for r, n in cells.items() if r in rest)
        return cells.get(col, 0)

    top = max([value(cells, col) for _, _, _, cells in rows for col in columns] + [1])
    cell, label_w, head_h, total_w = 30, 300, 150, 64
    width = label_w + cell * len(columns) + total_w + 20
    height = head_h + cell * len(rows) + 70
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif" '
        f'font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="10" y="22" font-size="15" font-weight="bold">Classes of disagreements per '
        f"implementation and ABNF rule (iri judge, verdict mode)</text>",
    ]
    for j, col in enumerate(columns):
        x = label_w + j * cell + cell / 2
        y = head_h - 6
        out.append(
            f'<text x="{x:.0f}" y="{y}" transform="rotate(-55 {x:.0f} {y})">{escape(col)}</text>'
        )
    tx = label_w + cell * len(columns) + 8
    out.append(f'<text x="{tx}" y="{head_h - 6}" font-weight="bold">classes</text>')
    for i, (name, language, count, cells) in enumerate(rows):
        y = head_h + i * cell
        if i % 2:
            out.append(
                f'<rect x="0" y="{y}" width="{label_w}" height="{cell}" fill="#f3f3f3"/>'
            )
        out.append(
            f'<text x="{label_w - 8}" y="{y + cell / 2 + 4:.0f}" text-anchor="end">'
            f'{escape(name)} <tspan fill="#777">({escape(language)})</tspan></text>'
        )
        for j, col in enumerate(columns):
            n = value(cells, col)
            x = label_w + j * cell
            fill = colour(n, top)
            out.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
                f'stroke="#d0d0d0"><title>{escape(name)}, {escape(col)}: {n}</title></rect>'
            )
            if n:
                ink = "#ffffff" if math.log1p(n) / math.log1p(top) > 0.55 else "#000000"
                size = 11 if n < 100 else 9
                out.append(
                    f'<text x="{x + cell / 2:.0f}" y="{y + cell / 2 + 4:.0f}" text-anchor="middle" '
                    f'font-size="{size}" fill="{ink}">{n}</text>'
                )
        out.append(
            f'<text x="{tx + 30}" y="{y + cell / 2 + 4:.0f}" text-anchor="end">{count}</text>'
        )
    y = head_h + len(rows) * cell + 22
    out.append(
        f'<text x="10" y="{y}" fill="#444">A cell: the classes found in that rule (a class seen in '
        f"several rules counts in each). RFC 3987 rules are shown as their RFC 3986 counterparts "
        f"(ipath-absolute as path-absolute).</text>"
    )
    out.append(
        f'<text x="10" y="{y + 18}" fill="#444">Each implementation is judged against the grammar '
        f"and rule it claims (docs/conformance.md); blank: no class.</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: heatmap.py ENTRIES REPORT_DIR OUT.svg")
    rows = load(sys.argv[1], sys.argv[2])
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        f.write(svg(rows))


if __name__ == "__main__":
    main()
