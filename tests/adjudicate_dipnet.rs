//! Movement-phase positions on which DipNet (the adjudicator of the Python `diplomacy`
//! package, 1.1.2) and ordo disagree, found by the differential run of `tools/differential`
//! (`make differential`; see `docs/adjudicate.md`). In each, ordo gives what DATC v3.1 gives
//! under its preferred rules, and the test pins that answer with the rule that decides it (and,
//! where DipNet follows another option of DATC chapter 4, that ordo gives DipNet's answer under
//! it). The retreat-phase ones are in `tests/datc_retreat.rs`.

mod datc_support;
use datc_support::{check, check_with};

/// DATC 5.B.7 (defend strength) and 6.E.12: in a head-to-head battle, a support of the defender's
/// move counts towards its defence whoever gives it, while a support from the power of the unit
/// attacked does not count towards the attack (5.B.1). Aegean attacks with 2 (Tyrrhenian; not
/// Albania, which is Turkish like the Ionian fleet) against the Ionian's defence of 2 (Greece's
/// support counts, Austrian though it is): both moves fail. DipNet compares the two attack
/// strengths and dislodges the Ionian fleet.
#[test]
fn a_support_from_the_attacked_power_counts_for_the_defence_in_a_head_to_head_battle() {
    check(
        "
        Austria:
        F Aegean Sea - Ionian Sea               => fails, not dislodged
        F Greece Supports F Ionian Sea - Aegean Sea    => succeeds
        Germany:
        F Tyrrhenian Sea Supports F Aegean Sea - Ionian Sea
        Turkey:
        F Ionian Sea - Aegean Sea               => fails, not dislodged
        F Albania Supports F Aegean Sea - Ionian Sea   => succeeds
        ",
    );
}

/// DATC 4.A.3 (preferred since v3: no land fallback) and 6.G.20: an army whose own power's fleet
/// is ordered to convoy it to a neighbouring province goes by convoy, and with no chain of
/// fleets to Wales it does not move. DipNet falls back to the land route, as ordo does under
/// DATC v2's preference (`AdjacentConvoy::LandFallback`).
#[test]
fn an_army_its_own_fleet_convoys_does_not_fall_back_to_the_land_route() {
    let text = |expected| {
        format!(
            "
            Austria:
            A Yorkshire - Wales                  => {expected}
            F North Sea Hold
            F English Channel Convoys A Yorkshire - Wales
            "
        )
    };
    check(&text("fails"));
    check_with(&text("succeeds"), "convoy-fallback");
}

/// DATC 6.D.12 and 5.B.1: a power's support of a foreign attack on its own unit does not count,
/// also when the attacker is convoyed and its order says "via Convoy". DipNet counts it
/// (it looks for the attacked unit in the province named "VIA") and dislodges Liverpool.
#[test]
fn a_support_of_a_convoyed_attack_on_the_supporters_own_unit_does_not_count() {
    check(
        "
        Austria:
        A Liverpool Hold                         => succeeds, not dislodged
        A Yorkshire Supports A Wales - Liverpool
        Italy:
        A Wales - Liverpool via Convoy           => fails
        F Irish Sea Convoys A Wales - Liverpool  => succeeds
        ",
    );
}

/// DATC 6.D.12 and 5.B.3: an attack on a convoying fleet supported only by the fleet's own power
/// has strength 1 and fails, so the fleet is not dislodged and the convoy goes ahead (6.F.4).
/// DipNet reports the convoy disrupted and the army's move as having no convoy.
#[test]
fn a_convoying_fleet_attacked_with_its_own_powers_support_only_still_convoys() {
    check(
        "
        Austria:
        A Greece - Naples                        => succeeds
        F Ionian Sea Convoys A Greece - Naples   => succeeds, not dislodged
        F Eastern Mediterranean Supports F Tyrrhenian Sea - Ionian Sea
        Russia:
        F Tyrrhenian Sea - Ionian Sea            => fails
        ",
    );
}

/// The same when the attack on the convoying fleet fails because its support is cut (DATC
/// 6.D.3; here by an army convoyed elsewhere): the Tyrrhenian fleet stands, so the army from
/// Rome goes by convoy (its own power's fleet convoys it, DATC 4.A.3) and the two armies swap
/// (6.G.1: no head-to-head battle when one goes by convoy). DipNet disrupts the convoy and
/// bounces both armies.
#[test]
fn a_convoy_whose_attacker_loses_its_support_to_a_cut_still_swaps_two_armies() {
    check(
        "
        France:
        F Ionian Sea Convoys A Naples - Tunis
        F Gulf of Lyon - Tyrrhenian Sea         => fails
        Germany:
        F Tunis Supports F Gulf of Lyon - Tyrrhenian Sea    => fails
        A Tuscany - Rome                        => succeeds
        Turkey:
        A Naples - Tunis                        => fails
        F Tyrrhenian Sea Convoys A Rome - Tuscany    => succeeds, not dislodged
        A Rome - Tuscany                        => succeeds
        ",
    );
}

/// DATC 4.A.1 (preferred: a convoy with several routes is disrupted only when all of them are)
/// and 6.F.6 (a disrupted convoy does not cut support). Both routes from Albania to Smyrna pass
/// the Ionian Sea, whose fleet is dislodged, so the army does not move and Smyrna's support of
/// the attack on Armenia holds. DipNet keeps the second route through the Ionian Sea (it drops
/// routes from a list while iterating over it), lets the army cut the support, and the attack
/// on Armenia bounces.
#[test]
fn a_convoy_disrupted_on_every_route_does_not_cut_support() {
    check(
        "
        France:
        A Smyrna Supports F Black Sea - Armenia  => succeeds
        F Tunis - Ionian Sea                     => succeeds
        F Black Sea - Armenia                    => succeeds
        F Apulia Supports F Tunis - Ionian Sea
        Russia:
        F Aegean Sea Convoys A Albania - Smyrna
        F Armenia Hold                           => dislodged
        Turkey:
        A Albania - Smyrna                       => fails
        F Ionian Sea Convoys A Albania - Smyrna  => dislodged
        F Eastern Mediterranean Convoys A Albania - Smyrna
        ",
    );
}
