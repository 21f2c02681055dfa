#!/usr/bin/env python3
"""The README's bucket-selection tables from criterion's output of several runs.

Usage:
    cargo bench --bench select -- --warm-up-time 1 --measurement-time 3 > run_1.txt
    (as many runs as wanted, each to its own file), then
    tools/bench-tables/select.py run_*.txt

Each figure printed is the median of the runs' criterion medians (the point estimate in the
middle of criterion's `time: [low estimate high]`), and each ratio the ratio of those medians.
Below each table, every ratio's range across the runs (each run's ratio of its own medians),
for the cells near a target's edge. Standard library only.
"""

import re
import statistics
import sys

SIZES = (8, 64, 1000)
LENGTHS = (3, 5, 12, 16, 24, 32, 40)
UNITS = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
TIME = re.compile(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]")


def parse(path):
    """Benchmark id -> criterion's median estimate in ns, for one run's output."""
    medians, current = {}, None
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            head = line.split()
            if head and head[0].startswith("select/"):
                current = head[0]
            found = TIME.search(line)
            if found and current:
                medians[current] = float(found.group(1)) * UNITS[found.group(2)]
                current = None
    return medians


def time(ns):
    """As criterion prints a time: three significant digits and its unit."""
    for unit, scale in (("ns", 1.0), ("µs", 1e3), ("ms", 1e6)):
        if ns < 1000 * scale or unit == "ms":
            value = ns / scale
            digits = 2 if value < 10 else 1 if value < 100 else 0
            return f"{value:.{digits}f} {unit}"
    raise ValueError(ns)


def ratio(value):
    """Two decimals below 2, one from there."""
    return f"{value:.2f}x" if value < 2 else f"{value:.1f}x"


class Runs:
    def __init__(self, paths):
        self.runs = [parse(path) for path in paths]

    def has(self, bench):
        return all(bench in run for run in self.runs)

    def median(self, bench):
        return statistics.median(run[bench] for run in self.runs)

    def cell(self, bench):
        return time(self.median(bench)) if self.has(bench) else "—"

    def ratio(self, top, bottom):
        if not (self.has(top) and self.has(bottom)):
            return "—"
        return ratio(self.median(top) / self.median(bottom))

    def spread(self, top, bottom):
        """Each run's own ratio, least to greatest, as `a-b`."""
        if not (self.has(top) and self.has(bottom)):
            return None
        each = sorted(run[top] / run[bottom] for run in self.runs)
        return f"{each[0]:.2f}-{each[-1]:.2f}x"

    def span(self, bench):
        """The runs' medians of one benchmark, least to greatest, as `a-b`."""
        if not self.has(bench):
            return "—"
        each = sorted(run[bench] for run in self.runs)
        return f"{time(each[0]).split()[0]}-{time(each[-1])}"


def table(header, rows):
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()


def spreads(runs, title, pairs):
    print(f"Across the runs, {title}:")
    for label, top, bottom in pairs:
        found = runs.spread(top, bottom)
        if found:
            print(f"- {label}: {found}")
    print()


def main(paths):
    runs = Runs(paths)
    b = lambda workload, contender, n: f"select/{workload}/{contender}/{n}"
    workloads = ("one_bucket", "mixed", "mixed_varied", "mixed_fresh")

    print(f"{len(runs.runs)} runs; bare argmin over one repeated input of 8: "
          f"{runs.span(b('mixed', 'bare_argmin', 8))}, of 1000: "
          f"{runs.span(b('mixed', 'bare_argmin', 1000))}\n")

    rows, pairs = [], []
    for workload in workloads + ("preset", "preset_fresh"):
        for n in SIZES:
            col, rec = b(workload, "ordo_columns", n), b(workload, "ordo", n)
            arg, two = b(workload, "bare_argmin", n), b(workload, "two_pass", n)
            rows.append([workload, str(n), runs.cell(col), runs.cell(rec), runs.cell(arg),
                         runs.cell(two), runs.ratio(col, arg), runs.ratio(rec, arg),
                         runs.ratio(two, col), runs.ratio(two, rec)])
            pairs += [(f"columns ÷ argmin {workload} {n}", col, arg),
                      (f"records ÷ argmin {workload} {n}", rec, arg),
                      (f"two-pass ÷ columns {workload} {n}", two, col),
                      (f"two-pass ÷ records {workload} {n}", two, rec)]
    table(["workload", "n", "ordo columns", "ordo records", "bare argmin", "two-pass literal",
           "columns ÷ argmin", "records ÷ argmin", "two-pass ÷ columns", "two-pass ÷ records"],
          rows)
    spreads(runs, "the main table", pairs)

    rows, pairs = [], []
    for workload in workloads:
        for n in SIZES:
            levels = [b(workload, name, n) for name in
                      ("ordo_columns", "ordo_columns_avx2", "ordo_columns_portable")]
            arg, two = b(workload, "bare_argmin", n), b(workload, "two_pass", n)
            rows.append([workload, str(n)] + [runs.cell(x) for x in levels + [arg]]
                        + [runs.ratio(x, arg) for x in levels]
                        + [runs.ratio(two, levels[1]), runs.ratio(two, levels[2])])
            pairs += [(f"{name} ÷ argmin {workload} {n}", x, arg)
                      for name, x in zip(("AVX-512", "AVX2", "portable"), levels)]
            pairs += [(f"two-pass ÷ {name} {workload} {n}", two, x)
                      for name, x in zip(("AVX2", "portable"), levels[1:])]
    table(["workload", "n", "AVX-512", "AVX2", "portable", "bare argmin", "AVX-512 ÷ argmin",
           "AVX2 ÷ argmin", "portable ÷ argmin", "two-pass ÷ AVX2", "two-pass ÷ portable"],
          rows)
    spreads(runs, "each vector level", pairs)

    rows, pairs = [], []
    for workload in ("lengths", "lengths_fresh"):
        for n in LENGTHS:
            levels = [b(workload, name, n) for name in
                      ("ordo_columns", "ordo_columns_avx2", "ordo_columns_portable")]
            arg, two = b(workload, "bare_argmin", n), b(workload, "two_pass", n)
            rows.append([workload, str(n)] + [runs.cell(x) for x in levels + [arg, two]]
                        + [runs.ratio(x, arg) for x in levels]
                        + [runs.ratio(two, levels[0]), runs.ratio(two, levels[1])])
            pairs += [(f"{name} ÷ argmin {workload} {n}", x, arg)
                      for name, x in zip(("AVX-512", "AVX2", "portable"), levels)]
            pairs += [(f"two-pass ÷ portable {workload} {n}", two, levels[2])]
    table(["workload", "n", "AVX-512", "AVX2", "portable", "bare argmin", "two-pass",
           "AVX-512 ÷ argmin", "AVX2 ÷ argmin", "portable ÷ argmin", "two-pass ÷ AVX-512",
           "two-pass ÷ AVX2"], rows)
    spreads(runs, "the lengths", pairs)

    rows, pairs = [], []
    for workload in ("lengths", "lengths_fresh"):
        for n in LENGTHS:
            rec, avx2 = b(workload, "ordo", n), b(workload, "ordo_avx2", n)
            arg, two = b(workload, "bare_argmin", n), b(workload, "two_pass", n)
            rows.append([workload, str(n), runs.cell(rec), runs.cell(avx2), runs.cell(arg),
                         runs.cell(two), runs.ratio(rec, arg), runs.ratio(avx2, arg),
                         runs.ratio(two, rec), runs.ratio(two, avx2)])
            pairs += [(f"records ÷ argmin {workload} {n}", rec, arg),
                      (f"records AVX2 ÷ argmin {workload} {n}", avx2, arg)]
    table(["workload", "n", "ordo records", "records, AVX2", "bare argmin", "two-pass",
           "records ÷ argmin", "AVX2 ÷ argmin", "two-pass ÷ records", "two-pass ÷ AVX2"],
          rows)
    spreads(runs, "the lengths over records", pairs)

    rows, pairs = [], []
    for workload in workloads:
        for n in SIZES:
            floor, arg = b(workload, "argmin_records", n), b(workload, "bare_argmin", n)
            rec = b(workload, "ordo", n)
            rows.append([workload, str(n), runs.cell(floor), runs.cell(arg), runs.cell(rec),
                         runs.ratio(rec, floor), runs.ratio(floor, arg)])
            pairs += [(f"records ÷ floor {workload} {n}", rec, floor),
                      (f"floor ÷ argmin {workload} {n}", floor, arg)]
    table(["workload", "n", "argmin over records", "bare argmin", "ordo records",
           "records ÷ argmin over records", "argmin over records ÷ bare argmin"], rows)
    spreads(runs, "the floor over records", pairs)

    print("The C face on the preset:")
    for workload in ("preset", "preset_fresh"):
        for n in SIZES:
            c, prepared = b(workload, "ordo_c", n), b(workload, "ordo_c_prepared", n)
            rec, two = b(workload, "ordo", n), b(workload, "two_pass", n)
            print(f"- {workload} {n}: ordo_c {runs.cell(c)} ({runs.ratio(c, rec)} the Rust "
                  f"select; two-pass ÷ it {runs.ratio(two, c)}), prepared "
                  f"{runs.cell(prepared)} (two-pass ÷ it {runs.ratio(two, prepared)})")
    print()

    rows, pairs = [], []
    for workload in workloads:
        for n in SIZES:
            key, lead = b(workload, "ordo_by_key", n), b(workload, "ordo_by_lead", n)
            arg, two = b(workload, "bare_argmin", n), b(workload, "two_pass", n)
            rows.append([workload, str(n), runs.cell(key), runs.ratio(key, arg),
                         runs.ratio(two, key), runs.cell(lead), runs.ratio(lead, arg),
                         runs.ratio(two, lead)])
            pairs += [(f"match key ÷ argmin {workload} {n}", key, arg),
                      (f"two-pass ÷ match key {workload} {n}", two, key),
                      (f"one integer key ÷ argmin {workload} {n}", lead, arg),
                      (f"one integer key ÷ argmin over records {workload} {n}", lead,
                       b(workload, "argmin_records", n))]
    table(["workload", "n", "`match` key", "÷ bare argmin", "two-pass ÷ it", "one integer key",
           "÷ bare argmin", "two-pass ÷ it"], rows)
    spreads(runs, "the closure API", pairs)

    rows = []
    for workload in ("one_bucket", "mixed", "mixed_fresh"):
        for n in SIZES:
            rec, col = b(f"order/{workload}", "ordo", n), b(f"order/{workload}", "ordo_columns", n)
            sort = b(f"order/{workload}", "sorted_prefix", n)
            rows.append([workload, str(n), runs.cell(rec), runs.cell(col), runs.cell(sort),
                         runs.ratio(sort, rec), runs.ratio(sort, col)])
    table(["workload", "n", "`order`", "`order_columns`", "sorted prefix", "sort ÷ `order`",
           "sort ÷ `order_columns`"], rows)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
