#!/usr/bin/env python3
"""Differential tester: ordo's `adjudicate` example against the Python `diplomacy` package
(DipNet, 1.1.2). `make differential` runs it; see docs/adjudicate.md for what it found.

Usage:
  diff.py --ordo PATH [--mode plain|convoy|tricky] [--n N] [--seed S] [--out DIR]
          [--no-retreats] [--filter-known]

Generates N random movement-phase positions (6-16 units, 2-4 powers, clustered so
units interact), gives them meaningful orders, adjudicates with both engines and
compares per unit: did its move succeed, is it dislodged, and (unless
--no-retreats) its retreat options.  Every disagreement is minimised (units
dropped / orders turned into holds while some disagreement persists) and saved
as a turn file in ordo's format under DIR/cases/, with both outcomes in a comment.
Positions where DipNet rejected one of our orders at set_orders time are
counted (and sampled) separately and not compared.

Modes: `plain` has no convoys; `convoy` adds one to three armies convoyed along chains of one
to four seas (own, foreign or extra fleets, with or without "via Convoy"); `tricky` also
occupies the destination with a unit that swaps back or supports an attack on a convoying
fleet (paradoxes).

--filter-known hides the disagreement classes that are DipNet's choices or bugs and frequent
enough to drown the rest (docs/adjudicate.md): a "via Convoy" or own-fleet convoy with no full
chain (DipNet falls back to land; DATC 4.A.3 prefers no fallback), extra retreat options into
occupied or contested provinces after a convoyed attack, and the redundant "via" of a move to a
province the army cannot reach over land (DipNet then ignores own-power supports).
"""
import argparse
import collections
import copy
import json
import os
import random
import subprocess
import sys

import diplomacy

ORDO = 'target/release/examples/adjudicate'  # --ordo
FILTER = False  # --filter-known: mask the known classes B, C and D (non-adjacent); see the docstring
POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']

BASE = diplomacy.Game()
BASE.clear_units()
M = BASE.map

# ---------------------------------------------------------------- map model
PROVS = sorted({l.upper()[:3] for l in M.locs if M.area_type(l) != 'SHUT'})
PTYPE = {p: M.area_type(p) for p in PROVS}
COASTS = {p: sorted(l.upper() for l in M.locs if l.upper().startswith(p + '/')) for p in PROVS}
ARMY_LOCS = [p for p in PROVS if PTYPE[p] in ('LAND', 'COAST')]
FLEET_LOCS = []
for p in PROVS:
    if PTYPE[p] == 'WATER' or (PTYPE[p] == 'COAST' and not COASTS[p]):
        FLEET_LOCS.append(p)
    FLEET_LOCS.extend(COASTS[p])
ADJ = {}
for l in ARMY_LOCS:
    ADJ[('A', l)] = [t for t in ARMY_LOCS if M.abuts('A', l, '-', t)]
for l in FLEET_LOCS:
    ADJ[('F', l)] = [t for t in FLEET_LOCS if M.abuts('F', l, '-', t)]
# province-level neighbourhood (any unit type), for clustering
PNEIGH = collections.defaultdict(set)
for (t, l), targets in ADJ.items():
    for x in targets:
        PNEIGH[l[:3]].add(x[:3])
        PNEIGH[x[:3]].add(l[:3])
WATER = [p for p in PROVS if PTYPE[p] == 'WATER']


def reach(kind, loc):
    """Provinces the unit could move to (support reach)."""
    return {t[:3] for t in ADJ[(kind, loc)]}


def ordo_loc(loc):
    if '/' in loc:
        p, c = loc.split('/')
        return '%s(%s)' % (p.capitalize(), c.lower())
    return loc.capitalize()


def from_ordo_loc(s):
    s = s.strip()
    if '(' in s:
        p, c = s[:-1].split('(')
        return '%s/%s' % (p.upper(), c.upper())
    return s.upper()


# ---------------------------------------------------------------- orders
# unit: (power, kind, loc); order: ('H',) ('M', dest, via) ('SH', prov) ('SM', frm, to) ('C', frm, to)

def find_unit(units, prov):
    for u in units:
        if u[2][:3] == prov:
            return u
    return None


def ordo_order(u, o, units):
    power, kind, loc = u
    head = '%s %s' % (kind, ordo_loc(loc))
    if o[0] == 'H':
        return head + ' H'
    if o[0] == 'M':
        return '%s - %s%s' % (head, ordo_loc(o[1]), ' via Convoy' if o[2] else '')
    if o[0] == 'SH':
        s = find_unit(units, o[1])
        return '%s S %s %s' % (head, s[1], ordo_loc(s[2]))
    if o[0] == 'SM':
        s = find_unit(units, o[1])
        return '%s S %s %s - %s' % (head, s[1], ordo_loc(s[2]), ordo_loc(o[2]))
    if o[0] == 'C':
        return '%s C A %s - %s' % (head, ordo_loc(o[1]), ordo_loc(o[2]))
    raise ValueError(o)


def dip_order(u, o, units):
    power, kind, loc = u
    head = '%s %s' % (kind, loc)
    if o[0] == 'H':
        return head + ' H'
    if o[0] == 'M':
        via = o[2]
        if FILTER and via and o[1] not in ADJ[(kind, loc)]:
            via = False   # known class D: DipNet ignores own-power supports for 'X - Y VIA'; VIA is redundant here
        return '%s - %s%s' % (head, o[1], ' VIA' if via else '')
    if o[0] == 'SH':
        s = find_unit(units, o[1])
        return '%s S %s %s' % (head, s[1], s[2])
    if o[0] == 'SM':
        s = find_unit(units, o[1])
        return '%s S %s %s - %s' % (head, s[1], s[2], o[2])
    if o[0] == 'C':
        return '%s C A %s - %s' % (head, o[1], o[2])
    raise ValueError(o)


def turn_text(pos):
    units = [u for u, _ in pos]
    out = []
    for p in POWERS:
        mine = [(u, o) for u, o in pos if u[0] == p]
        if not mine:
            continue
        out.append(p.capitalize() + ':')
        for u, o in mine:
            out.append(ordo_order(u, o, units))
    return '\n'.join(out) + '\n'


def canonical(pos):
    """Orders grouped by power, in the order ordo reports them."""
    return [(u, o) for p in POWERS for u, o in pos if u[0] == p]


# ---------------------------------------------------------------- engines
def run_ordo(pos):
    pos = canonical(pos)
    text = turn_text(pos)
    r = subprocess.run([ORDO, '-'], input=text, capture_output=True, text=True)
    if r.returncode != 0:
        return {'error': r.stderr.strip()}
    lines = r.stdout.splitlines()
    res = {}
    illegal = []
    for (u, o), line in zip(pos, lines):
        _, outcome, reason = line.split('\t')
        if reason.startswith('illegal'):
            illegal.append(u)
        res[u] = {'moved': o[0] == 'M' and outcome == 'SUCCEEDS', 'dislodged': False,
                  'retreats': None, 'outcome': outcome, 'reason': reason}
    byloc = {u[2]: u for u, _ in pos}
    for line in lines[len(pos):]:
        f = line.split('\t')
        assert f[0] == 'dislodged', line
        loc = from_ordo_loc(f[1][2:])
        u = byloc[loc]
        res[u]['dislodged'] = True
        rt = f[3][len('retreats: '):]
        res[u]['retreats'] = [] if rt.startswith('none') else sorted(from_ordo_loc(x) for x in rt.split())
    return {'units': res, 'illegal': illegal}


def run_dip(pos):
    g = copy.deepcopy(BASE)
    units = [u for u, _ in pos]
    for p in POWERS:
        us = ['%s %s' % (u[1], u[2]) for u in units if u[0] == p]
        if us:
            g.set_units(p, us)
    if g.error:
        return {'error': 'set_units: %s' % g.error}
    rejected = []
    for p in POWERS:
        mine = [(u, o) for u, o in pos if u[0] == p]
        if not mine:
            continue
        g.set_orders(p, [dip_order(u, o, units) for u, o in mine])
        accepted = {' '.join(x.split()[:2]) for x in g.get_orders(p)}
        for u, o in mine:
            if '%s %s' % (u[1], u[2]) not in accepted:
                rejected.append(u)
    errors = [str(e) for e in g.error]
    g.process()
    result = g.result_history.last_value()
    res = {}
    for u, o in pos:
        key = '%s %s' % (u[1], u[2])
        st = [str(s) for s in result.get(key, [])]
        dis = 'dislodged' in st
        rt = None
        if dis:
            rt = sorted(x.upper() for x in g.powers[u[0]].retreats.get(key, []))
        res[u] = {'moved': o[0] == 'M' and not st and u not in rejected, 'dislodged': dis, 'retreats': rt, 'status': st}
    return {'units': res, 'rejected': rejected, 'errors': errors}


def land_fallback(pos, a, b):
    """Known class B: ordo took the convoy route ("via Convoy" or an own convoying fleet) and
    found none, and DipNet fell back to the land route (the army moved or bounced there).
    Everything else in the position may follow from it."""
    return any(a['units'][u]['reason'] == 'no convoy route'
               and 'no convoy' not in b['units'][u]['status'] for u, _ in pos)


def occupied_and_contested(pos, a):
    """The provinces occupied after the turn, and those left empty by a standoff (per ordo)."""
    after, contested = set(), set()
    for u, o in pos:
        r = a['units'][u]
        if not r['dislodged']:
            after.add((o[1] if r['moved'] else u[2])[:3])
        if r['reason'] == 'standoff':
            contested.add(o[1][:3])
    return after, contested


def compare(pos, check_retreats=True):
    """Returns (kind, details): kind in 'ok', 'diff', 'dip_rejected', 'ordo_illegal', 'error'."""
    a = run_ordo(pos)
    b = run_dip(pos)
    if 'error' in a or 'error' in b:
        return 'error', (a.get('error'), b.get('error'))
    units = [u for u, _ in pos]
    only_dip = [dip_order(u, o, units) for u, o in pos if u in b['rejected'] and u not in a['illegal']]
    if only_dip:
        # DipNet dropped an order that ordo considers legal: not comparable
        return 'dip_rejected', (only_dip, b['errors'],
                                [ordo_order(u, o, units) + ' : ' + a['units'][u]['reason'] for u, o in pos if u in a['illegal']])
    # orders illegal for ordo (treated as holds) that DipNet accepted
    only_ordo = [u for u in a['illegal'] if u not in b['rejected']]
    if FILTER and land_fallback(pos, a, b):
        return 'known_B', None
    after, contested = occupied_and_contested(pos, a)
    diffs = []
    for u, o in pos:
        x, y = a['units'][u], b['units'][u]
        if FILTER and x['dislodged'] and y['dislodged'] and x['retreats'] != y['retreats']:
            # known class C: DipNet lets a unit dislodged by a convoyed army retreat to occupied
            # and contested neighbours
            if set(x['retreats']) <= set(y['retreats']) and all(
                    e[:3] in after | contested for e in set(y['retreats']) - set(x['retreats'])):
                continue
        for f in ('moved', 'dislodged') + (('retreats',) if check_retreats else ()):
            if f == 'retreats' and not (x['dislodged'] and y['dislodged']):
                continue
            if x[f] != y[f]:
                diffs.append((u, f, x[f], y[f]))
    if diffs:
        return 'diff', (diffs, a, b)
    if only_ordo:
        return 'ok_ordo_illegal_dip_legal', [ordo_order(u, o, units) + ' : ' + a['units'][u]['reason'] for u, o in pos if u in only_ordo]
    if a['illegal']:
        return 'ok_both_illegal', None
    return 'ok', None


# ---------------------------------------------------------------- generator
def gen_position(rng, convoys=False, tricky=False):
    powers = rng.sample(POWERS, rng.randint(2, 4))
    n = rng.randint(6, 16)
    occupied = {}  # prov -> unit
    units = []

    def place(kind, loc, power):
        u = (power, kind, loc)
        occupied[loc[:3]] = u
        units.append(u)
        return u

    def random_unit_at(prov, power):
        t = PTYPE[prov]
        if t == 'LAND':
            return place('A', prov, power)
        if t == 'WATER':
            return place('F', prov, power)
        if rng.random() < 0.5:
            return place('A', prov, power)
        return place('F', rng.choice(COASTS[prov]) if COASTS[prov] else prov, power)

    orders = {}
    setups = []
    # convoy setups first
    if convoys:
        for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
            coastal = [p for p in ARMY_LOCS if PTYPE[p] == 'COAST' and p not in occupied
                       and any(q in WATER for q in PNEIGH[p])]
            if not coastal:
                break
            start = rng.choice(coastal)
            ap = rng.choice(powers)
            chain = [rng.choice([q for q in PNEIGH[start] if q in WATER])]
            for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
                nxt = [q for q in PNEIGH[chain[-1]] if q in WATER and q not in chain]
                if not nxt:
                    break
                chain.append(rng.choice(nxt))
            dests = [q for q in PNEIGH[chain[-1]] if PTYPE[q] == 'COAST' and q != start]
            if not dests:
                continue
            dest = rng.choice(dests)
            if any(c in occupied and occupied[c][1] != 'F' for c in chain):
                continue
            army = place('A', start, ap)
            setups.append((army, dest, chain))
            land_adj = dest in [t for t in ADJ[('A', start)]]
            via = rng.random() < (0.85 if land_adj else 0.5)
            orders[army] = ('M', dest, via)
            for c in chain:
                f = occupied.get(c) or place('F', c, ap if rng.random() < 0.7 else rng.choice(powers))
                orders[f] = ('C', start, dest)
            # sometimes an extra, unrelated or alternative convoying fleet
            if rng.random() < 0.2:
                alt = [q for q in WATER if q not in occupied and (start in PNEIGH[q] or dest in PNEIGH[q])]
                if alt:
                    f = place('F', rng.choice(alt), rng.choice(powers))
                    orders[f] = ('C', start, dest)
    # tricky: occupy the destination, swap back or support an attack on a convoying fleet
    if tricky:
        for army, dest, chain in setups:
            start = army[2]
            du = occupied.get(dest)
            if du is None:
                pw = rng.choice([p for p in powers if p != army[0]] or powers)
                du = random_unit_at(dest, pw)
            if du in orders and orders[du][0] == 'C':
                continue
            r = rng.random()
            if r < 0.35:
                back = [t for t in ADJ[(du[1], du[2])] if t[:3] == start]
                if back:
                    orders[du] = ('M', rng.choice(back), False)
                    if du[1] == 'A' and rng.random() < 0.3:
                        # the other army is also convoyed back
                        orders[du] = ('M', start, True)
                        for c in chain:
                            if occupied.get(c) and orders.get(occupied[c], ('',))[0] == 'C':
                                pass
            elif r < 0.75:
                c = rng.choice(chain)
                if c in reach(du[1], du[2]):
                    atk_locs = [l for l in FLEET_LOCS if l[:3] != dest and l[:3] not in chain
                                and c in reach('F', l)]
                    free = [l for l in atk_locs if l[:3] not in occupied]
                    existing = [occupied[l[:3]] for l in atk_locs if l[:3] in occupied
                                and occupied[l[:3]][1] == 'F' and occupied[l[:3]] not in orders]
                    if existing and rng.random() < 0.5:
                        atk = rng.choice(existing)
                    elif free:
                        atk = place('F', rng.choice(free), rng.choice(powers))
                    else:
                        atk = None
                    if atk:
                        orders[atk] = ('M', c, False)
                        orders[du] = ('SM', atk[2][:3], c)
    # clustered units
    seed = rng.choice(list(occupied) or PROVS)
    if seed not in occupied:
        random_unit_at(seed, rng.choice(powers))
    while len(units) < n:
        if rng.random() < 0.1:
            cands = [p for p in PROVS if p not in occupied]
        else:
            cands = sorted({q for p in occupied for q in PNEIGH[p] if q not in occupied})
        if not cands:
            break
        random_unit_at(rng.choice(cands), rng.choice(powers))

    # first pass: hold / move / (support later)
    pending = []
    for u in units:
        if u in orders:
            continue
        r = rng.random()
        targets = ADJ[(u[1], u[2])]
        if r < 0.1 or not targets:
            orders[u] = ('H',)
        elif r < 0.6:
            occ = [t for t in targets if t[:3] in occupied]
            t = rng.choice(occ) if occ and rng.random() < 0.7 else rng.choice(targets)
            orders[u] = ('M', t, False)
        else:
            pending.append(u)
    # supports
    for s in pending:
        rs = reach(s[1], s[2])
        match, other = [], []
        for u in units:
            if u == s:
                continue
            o = orders.get(u)
            if o and o[0] == 'M':
                d = o[1][:3]
                if d in rs and d != s[2][:3]:
                    match.append(('SM', u[2][:3], d))
                if u[2][:3] in rs:
                    other.append(('SH', u[2][:3]))
            else:
                if u[2][:3] in rs:
                    match.append(('SH', u[2][:3]))
            for d in reach(u[1], u[2]):
                if d in rs and d != s[2][:3] and not (o and o[0] == 'M' and o[1][:3] == d):
                    other.append(('SM', u[2][:3], d))
        sm = [m for m in match if m[0] == 'SM']
        if sm and rng.random() < 0.6:
            # prefer supporting attacks on occupied provinces
            hot = [m for m in sm if m[2] in occupied]
            orders[s] = rng.choice(hot if hot and rng.random() < 0.7 else sm)
        elif match and rng.random() < 0.85:
            orders[s] = rng.choice(match)
        elif other:
            orders[s] = rng.choice(other)
        else:
            targets = ADJ[(s[1], s[2])]
            orders[s] = ('M', rng.choice(targets), False) if targets else ('H',)
    return [(u, orders[u]) for u in units]


# ---------------------------------------------------------------- minimiser
def still_diff(pos, check_retreats):
    k, _ = compare(pos, check_retreats)
    return k == 'diff'


def minimise(pos, check_retreats=True):
    pos = list(pos)
    changed = True
    while changed:
        changed = False
        # drop a unit (orders referring to it become holds)
        i = 0
        while i < len(pos):
            u = pos[i][0]
            prov = u[2][:3]
            cand = []
            for j, (v, o) in enumerate(pos):
                if j == i:
                    continue
                if o[0] in ('SH', 'SM', 'C') and o[1] == prov:
                    o = ('H',)
                cand.append((v, o))
            if len(cand) >= 1 and still_diff(cand, check_retreats):
                pos = cand
                changed = True
            else:
                i += 1
        # simplify an order to hold
        for i, (u, o) in enumerate(pos):
            if o[0] != 'H':
                cand = pos[:i] + [(u, ('H',))] + pos[i + 1:]
                if still_diff(cand, check_retreats):
                    pos = cand
                    changed = True
        # drop a "via" flag
        for i, (u, o) in enumerate(pos):
            if o[0] == 'M' and o[2]:
                cand = pos[:i] + [(u, ('M', o[1], False))] + pos[i + 1:]
                if still_diff(cand, check_retreats):
                    pos = cand
                    changed = True
    return pos


def fmt_result(pos, check_retreats=True):
    k, det = compare(pos, check_retreats)
    lines = []
    if k != 'diff':
        return k, ['# (no disagreement: %s)' % k]
    diffs, a, b = det
    units = [u for u, _ in pos]
    for u, o in canonical(pos):
        x, y = a['units'][u], b['units'][u]
        lines.append('# %-28s ordo: %s %s%s | dipnet: %s%s' % (
            ordo_order(u, o, units), x['outcome'], x['reason'],
            (' DISLODGED retreats=%s' % x['retreats']) if x['dislodged'] else '',
            y['status'] or 'ok', (' retreats=%s' % y['retreats']) if y['dislodged'] else ''))
    for u, f, xv, yv in diffs:
        lines.append('# DIFF %s %s %s %s: ordo=%s dipnet=%s' % (u[0], u[1], u[2], f, xv, yv))
    return k, lines


def signature(pos, diffs):
    kinds = sorted({o[0] + ('v' if o[0] == 'M' and o[2] else '') for _, o in pos})
    fields = sorted({'%s:o=%s,d=%s' % (f, x if f != 'retreats' else '', y if f != 'retreats' else '')
                     for _, f, x, y in diffs})
    return '%d units [%s] %s' % (len(pos), ' '.join(kinds), ' '.join(fields))


def main():
    global FILTER, ORDO
    ap = argparse.ArgumentParser()
    ap.add_argument('--mode', choices=['plain', 'convoy', 'tricky'], default='plain')
    ap.add_argument('--n', type=int, default=1000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--ordo', default=ORDO, help="ordo's `adjudicate` example")
    ap.add_argument('--out', default='target/differential')
    ap.add_argument('--no-retreats', action='store_true')
    ap.add_argument('--filter-known', action='store_true')
    ap.add_argument('--max-cases', type=int, default=400, help='stop minimising after this many diffs')
    args = ap.parse_args()
    chk = not args.no_retreats
    FILTER = args.filter_known
    ORDO = args.ordo
    rng = random.Random(args.seed)
    outdir = os.path.join(args.out, args.mode)
    os.makedirs(os.path.join(outdir, 'cases'), exist_ok=True)
    counts = collections.Counter()
    classes = collections.defaultdict(list)
    rejected = collections.Counter()
    rej_examples = {}
    oi_examples = collections.defaultdict(list)
    for i in range(args.n):
        pos = gen_position(rng, convoys=args.mode != 'plain', tricky=args.mode == 'tricky')
        k, det = compare(pos, chk)
        counts[k] += 1
        if k == 'dip_rejected':
            for r in det[0]:
                key = ' '.join(w if w in ('S', 'C', '-', 'VIA', 'H', 'A', 'F') else 'X' for w in r.split())
                rejected[key] += 1
                rej_examples.setdefault(key, (r, det[1], det[2], turn_text(pos)))
        elif k == 'ok_ordo_illegal_dip_legal':
            for r in det:
                key = r.split(' : ')[1]
                if len(oi_examples[key]) < 3:
                    oi_examples[key].append((r, turn_text(pos)))
        elif k == 'error':
            print('ERROR', det, turn_text(pos), file=sys.stderr)
        elif k == 'diff' and counts['diff'] <= args.max_cases:
            mpos = minimise(pos, chk)
            kk, det2 = compare(mpos, chk)
            sig = signature(mpos, det2[0])
            name = 'case%05d' % i
            _, lines = fmt_result(mpos, chk)
            with open(os.path.join(outdir, 'cases', name + '.txt'), 'w') as fh:
                fh.write('\n'.join(lines) + '\n' + turn_text(mpos))
            with open(os.path.join(outdir, 'cases', name + '.orig.txt'), 'w') as fh:
                fh.write(turn_text(pos))
            classes[sig].append(name)
        if (i + 1) % 500 == 0:
            print('%d: %s' % (i + 1, dict(counts)), file=sys.stderr, flush=True)
    summary = {'mode': args.mode, 'n': args.n, 'seed': args.seed, 'counts': dict(counts),
               'classes': {k: v for k, v in sorted(classes.items(), key=lambda kv: -len(kv[1]))},
               'dip_rejected': dict(rejected.most_common()),
               'dip_rejected_examples': rej_examples, 'ordo_illegal_dip_legal_examples': oi_examples}
    with open(os.path.join(outdir, 'summary.json'), 'w') as fh:
        json.dump(summary, fh, indent=1)
    print(json.dumps({'counts': dict(counts), 'n_classes': len(classes),
                      'classes': {k: len(v) for k, v in summary['classes'].items()},
                      'dip_rejected': summary['dip_rejected']}, indent=1))


if __name__ == '__main__':
    main()
