"""Merges lcov files line by line (a line counts as covered when any file has it run) and prints
the lines covered per source file of the library, leaving out each file's unit tests (its
closing `#[cfg(test)] mod tests`); writes the uncovered lines to a file.

usage: coverage_merge.py ROOT MISSING FILE.info...
"""
import sys

root, missing_path, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
hits = {}  # file -> line -> covered
for path in paths:
    source = None
    with open(path) as info:
        for line in info:
            if line.startswith("SF:"):
                source = line[3:].strip().removeprefix(root)
                hits.setdefault(source, {})
            elif line.startswith("DA:") and source is not None:
                number, count = line[3:].split(",")[:2]
                lines = hits[source]
                lines[int(number)] = lines.get(int(number), False) or int(count) > 0


def tests_start(source):
    """The number of the line opening the file's `#[cfg(test)] mod tests`, or None."""
    try:
        lines = open(root + source).read().split("\n")
    except OSError:
        return None
    for number, (line, following) in enumerate(zip(lines, lines[1:]), start=1):
        if line.strip() == "#[cfg(test)]" and following.startswith("mod tests"):
            return number
    return None


for source, lines in hits.items():
    start = tests_start(source)
    if start is not None:
        for number in [n for n in lines if n >= start]:
            del lines[number]

total = covered = 0
print(f"{'file':<32} {'lines':>6} {'missed':>7} {'cover':>8}")
with open(missing_path, "w") as missing:
    for source in sorted(hits):
        lines = hits[source]
        missed = sorted(n for n, ran in lines.items() if not ran)
        total += len(lines)
        covered += len(lines) - len(missed)
        if lines:
            share = 100 * (len(lines) - len(missed)) / len(lines)
            print(f"{source:<32} {len(lines):>6} {len(missed):>7} {share:>7.2f}%")
        for number in missed:
            missing.write(f"{source}:{number}\n")
print(f"{'TOTAL':<32} {total:>6} {total - covered:>7} {100 * covered / total:>7.2f}%")
