#!/usr/bin/env python3
"""classify.py ORDO DIR...: re-runs every minimised case in DIR/cases (as diff.py writes them)
and sorts it into the known classes of disagreement (docs/adjudicate.md, letters A-F); a class
starting with "?" is not a known one and is worth a look."""
import collections
import glob
import os
import sys

import check
import diff


def classify(pos):
    k, det = diff.compare(pos)
    if k != 'diff':
        return 'no-longer-diff'
    diffs, a, b = det
    units = [u for u, _ in pos]
    order = dict(pos)
    powner = {u[2][:3]: u[0] for u in units}
    tags = set()
    after, contested = diff.occupied_and_contested(pos, a)
    if diff.land_fallback(pos, a, b):
        return 'B:convoy-route-without-land-fallback'
    # armies ordo convoyed although a convoying fleet was attacked (by a move that failed)
    convoyed_in_vain = {u[2][:3] for u, o in pos if o[0] == 'M' and a['units'][u]['moved']
                        and attacked_in_vain(pos, a, u, o)}
    for u, f, x, y in diffs:
        # DipNet disrupted the convoy (the army bounced, or its origin is not a retreat for the
        # unit it dislodged); everything else in the position may follow from it
        if (f == 'moved' and x is True and u[2][:3] in convoyed_in_vain) or (
                f == 'retreats' and set(x) - set(y)
                and {m[:3] for m in set(x) - set(y)} <= convoyed_in_vain):
            return 'E:convoy-disrupted-by-an-attack-that-fails'
    for u, f, x, y in diffs:
        o = order[u]
        if f == 'retreats':
            extra, missing = set(y) - set(x), set(x) - set(y)
            if not missing and all(e[:3] in after | contested for e in extra):
                tags.add('C:dipnet-retreat-into-occupied-or-contested')
            else:
                tags.add('?retreat extra=%s missing=%s' % (sorted(extra), sorted(missing)))
        elif f == 'moved' and o[0] == 'M':
            convoyers = convoyers_of(pos, u, o)
            if x is False and o[2]:
                # supported by the owner of the unit it attacks?
                tgt = powner.get(o[1][:3])
                sups = [v for v, ov in pos if ov[0] == 'SM' and ov[1] == u[2][:3] and ov[2] == o[1][:3]]
                if tgt and any(v[0] == tgt for v in sups):
                    tags.add('D:via-move-self-dislodge-support')
                else:
                    tags.add('?moved-via')
            elif not o[2] and not convoyers and head_to_head(pos, u, o):
                tags.add('A:head-to-head-defend-strength')
            elif x is True and y is False and cut_by_disrupted_convoy(pos, a, b, u, o):
                tags.add('F:convoy-disrupted-on-every-route-cuts-support')
            else:
                tags.add('?moved')
        elif f == 'dislodged':
            pass
        else:
            tags.add('?' + f)
    return ' + '.join(sorted(tags)) or '?dislodged-only'


def cut_by_disrupted_convoy(pos, a, b, u, o):
    """Whether DipNet cut a support of `u`'s move that ordo kept, attacked by an army that
    ordo found no convoy route for."""
    cut = {v[2][:3] for v, ov in pos if ov[0] == 'SM' and ov[1] == u[2][:3] and ov[2] == o[1][:3]
           and 'cut' in b['units'][v]['status'] and a['units'][v]['outcome'] == 'SUCCEEDS'}
    return any(ov[0] == 'M' and ov[1][:3] in cut and a['units'][v]['reason'] == 'no convoy route'
               for v, ov in pos)


def convoyers_of(pos, u, o):
    return [v for v, ov in pos if ov[0] == 'C' and ov[1] == u[2][:3] and ov[2] == o[1][:3]]


def attacked_in_vain(pos, a, u, o):
    """Whether a fleet convoying `u` is attacked by a move that fails (per ordo)."""
    fleets = {c[2][:3] for c in convoyers_of(pos, u, o) if not a['units'][c]['dislodged']}
    return any(ov[0] == 'M' and ov[1][:3] in fleets and not a['units'][v]['moved'] for v, ov in pos)


def head_to_head(pos, u, o):
    """Whether the unit at `u`'s destination moves to `u`'s province over land."""
    other = find_prov(pos, o[1])
    if other is None:
        return False
    oo = dict(pos)[other]
    return oo[0] == 'M' and oo[1][:3] == u[2][:3] and not oo[2] and not convoyers_of(pos, other, oo)


def find_prov(pos, loc):
    for u, o in pos:
        if u[2][:3] == loc[:3]:
            return u
    return None

if __name__ == '__main__':
    diff.ORDO = sys.argv[1]
    out = collections.defaultdict(list)
    for d in sys.argv[2:]:
        for f in sorted(glob.glob(os.path.join(d, 'cases', 'case*[0-9].txt'))):
            pos = check.parse(open(f).read())
            out[classify(pos)].append(f)
    for k, v in sorted(out.items(), key=lambda kv: -len(kv[1])):
        print('%4d  %s   e.g. %s' % (len(v), k, ' '.join(os.path.basename(x) for x in v[:3])))
    unknown = sum(len(v) for k, v in out.items() if not k[0] in 'ABCDEF')
    if unknown:
        sys.exit('%d disagreement(s) outside the known classes: look at them' % unknown)
    print('every disagreement is in a known class (docs/adjudicate.md)')
