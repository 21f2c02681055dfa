#!/usr/bin/env python3
"""check.py FILE|- [ORDO]: runs one turn file (ordo's format, as diff.py writes its cases)
through both adjudicators and prints both outcomes."""
import sys

import diff

def parse(text):
    pos, power = [], None
    for line in text.splitlines():
        line = line.split('#')[0].strip()
        if not line:
            continue
        if line.endswith(':'):
            power = line[:-1].upper(); continue
        w = line.replace(' via Convoy', ' VIA').split()
        kind, loc = w[0], diff.from_ordo_loc(w[1])
        rest = w[2:]
        if not rest or rest == ['H']:
            o = ('H',)
        elif rest[0] == '-':
            o = ('M', diff.from_ordo_loc(rest[1]), 'VIA' in rest)
        elif rest[0] == 'S':
            if '-' in rest:
                o = ('SM', diff.from_ordo_loc(rest[2])[:3], diff.from_ordo_loc(rest[4])[:3])
            else:
                o = ('SH', diff.from_ordo_loc(rest[2])[:3])
        elif rest[0] == 'C':
            o = ('C', diff.from_ordo_loc(rest[2])[:3], diff.from_ordo_loc(rest[4])[:3])
        pos.append(((power, kind, loc), o))
    return pos

if __name__ == '__main__':
    if len(sys.argv) > 2:
        diff.ORDO = sys.argv[2]
    text = sys.stdin.read() if sys.argv[1] == '-' else open(sys.argv[1]).read()
    pos = parse(text)
    k, lines = diff.fmt_result(pos)
    print(k); print('\n'.join(lines))
    if k != 'diff':
        print(diff.compare(pos))
