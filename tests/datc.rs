//! DATC v3.1 movement-phase test cases 6.A.1 to 6.G.20 (all 129 except the build case 6.B.14,
//! which is in `datc_adjust.rs` with the adjustment phase; the retreat cases are in
//! `datc_retreat.rs`),
//! one `#[test]` per case, transcribed from `../shared/datc-v3.1.txt` in the turn-file format of
//! `datc-format.md` (orders verbatim, `=>` expectations only where DATC states or directly implies
//! a result; everything else is left unmarked on purpose).
//!
//! `check` adjudicates with the DATC's preferred rules (Szykman paradox rule, multi-route convoys
//! disrupted only when every route is, 2023 convoy-to-adjacent rule without land fallback, attack
//! via convoy comes from the army's province, dislodged unit keeps its effect when not in a
//! head-to-head battle, impossible coast is illegal, wrong coast of the ordered unit ignored,
//! irrelevant coasts ignored). `check_with(text, name)` adjudicates with one alternative of DATC
//! chapter 4, named as follows (only alternatives whose outcome a case spells out are tested):
//!
//! - `"rules-1971"`: the 1971 rulebook as DATC reads it for the convoy issues: 4.A.1 choice a
//!   (a multi-route convoy is disrupted when ANY of its routes is disrupted), the 1971 paradox rule
//!   of 4.A.2 ("if a convoyed army attacks a fleet which is supporting a fleet which is attacking
//!   one of the convoy fleets, that support is not cut"), and the 1971 reading of 4.A.3 (no intent
//!   needed: the convoy route to an adjacent province is used only when the unit at the destination
//!   moves in the opposite direction and the convoy is not disrupted; otherwise the land route).
//!   Used by 6.F.9-6.F.12, 6.F.17, 6.F.19, 6.F.21 and the 1971 outcomes of section 6.G.
//! - `"any-route"`, `"paradox-1971"`, `"adjacent-1971"`: each of those three 1971 choices alone,
//!   with DATC's preferred choices otherwise, wherever `"rules-1971"` is used (`check_1971`);
//!   6.F.19 is where the 1971 paradox rule differs from the 2000 one.
//! - `"paradox-1982"`: 4.A.2, the 1982 rule: "if a convoyed army attacks a fleet which is
//!   supporting an action in a body of water and that body of water contains a convoying fleet,
//!   that support is not cut" (used where DATC states the 1982 outcome: 6.F.17-6.F.24).
//! - `"paradox-2000"`: 4.A.2, the 2000/2023 rule without a backup: "a convoyed army does not cut
//!   the support of a unit supporting an attack against one of the fleets necessary for the army to
//!   convoy" (used where DATC states its outcome: 6.F.17, 6.F.19, 6.F.20, 6.F.21).
//! - Names joined by `+` combine their choices (e.g. `"convoy-fallback+attack-via-convoy-cuts"`).
//! - `"all-hold"`: 4.A.2, "All Hold" as the paradox rule: every move of the paradox fails (6.F.14,
//!   the case 4.A.2 names).
//! - `"dptg"`: 4.A.3, the DPTG rule: an army is convoyed to an adjacent province only when its
//!   order says "via convoy" (a convoying fleet of the same power does not show intent).
//! - `"convoy-fallback"`: 4.A.3, the 2000/2023 rule with the DATC v2 preference: when the convoy
//!   route to an adjacent province is chosen ("via convoy" or an own convoying fleet) but there is
//!   no undisrupted convoy path, the army falls back to the land route (6.G.8, 6.G.20).
//! - `"attack-via-convoy-cuts"`: 4.A.4 choice b: an army convoyed to the province of a unit that
//!   supports an attack on the army's own province is deemed to come from the water and cuts that
//!   support (6.G.13).
//! - `"dislodged-never-prevents"`: 4.A.7 choice a (literal rulebook): a dislodged unit never has
//!   an effect on the province its attacker came from, even when the attacker came by convoy and
//!   there was no head-to-head battle (6.G.10, 6.G.14, 6.G.15).
//! - `"ignore-impossible-coast"`: 4.B.3 choice a: a move to a coast the fleet cannot reach is
//!   read as a move to the coast it can reach (6.B.3).
//! - `"wrong-unit-coast-fails"`: 4.B.5 choice a: an order naming the wrong coast of the ordered
//!   fleet fails (6.B.10).
//! - `"irrelevant-coast-fails"`: 4.B.6 choice a: a coast in an army's move order makes it fail
//!   (6.B.12).
//!
//! Transcription notes:
//! - 6.C.8 and 6.C.9 write the power header `Austria` without its colon; the colon is added.
//! - 6.F.25 spells Ruhr `Rhur` and omits unit types in several orders (DATC 4.C.1: still valid);
//!   these orders are kept verbatim.
//! - Units that the prose places ("France has a fleet on the south coast of Spain") are bare unit
//!   lines before the orders; in 6.B.10 and 6.B.11 the order line then names the same fleet with
//!   another coast.
//! - Retreat-phase consequences (6.F.7) cannot be expressed here; the case asserts the movement
//!   results only.

mod datc_support;
use datc_support::{check, check_1971, check_with};

// ---------------------------------------------------------------------------------------------
// 6.A. Basic checks
// ---------------------------------------------------------------------------------------------

/// 6.A.1. TEST CASE, MOVING TO AN AREA THAT IS NOT A NEIGHBOUR
/// An illegal move (without convoy) fails.
#[test]
fn datc_6_a_01() {
    check(
        "
        England:
        F North Sea - Picardy  => illegal
        ",
    );
}

/// 6.A.2. TEST CASE, MOVE ARMY TO SEA
/// An army cannot move to open sea.
#[test]
fn datc_6_a_02() {
    check(
        "
        England:
        A Liverpool - Irish Sea  => illegal
        ",
    );
}

/// 6.A.3. TEST CASE, MOVE FLEET TO LAND
/// A fleet cannot move to land.
#[test]
fn datc_6_a_03() {
    check(
        "
        Germany:
        F Kiel - Munich  => illegal
        ",
    );
}

/// 6.A.4. TEST CASE, MOVE TO OWN SECTOR
/// Moving to the same sector is an illegal move; the program must not crash.
#[test]
fn datc_6_a_04() {
    check(
        "
        Germany:
        F Kiel - Kiel  => illegal
        ",
    );
}

/// 6.A.5. TEST CASE, MOVE TO OWN SECTOR WITH CONVOY
/// The move of the army in Yorkshire is illegal, which makes Liverpool's support illegal too;
/// London dislodges Yorkshire.
#[test]
fn datc_6_a_05() {
    check(
        "
        England:
        F North Sea Convoys A Yorkshire - Yorkshire
        A Yorkshire - Yorkshire                       => illegal, dislodged
        A Liverpool Supports A Yorkshire - Yorkshire  => illegal
        Germany:
        F London - Yorkshire                          => succeeds
        A Wales Supports F London - Yorkshire         => succeeds
        ",
    );
}

/// 6.A.6. TEST CASE, ORDERING A UNIT OF ANOTHER COUNTRY
/// Germany's order to the English fleet in London fails.
#[test]
fn datc_6_a_06() {
    check(
        "
        England:
        F London
        Germany:
        F London - North Sea  => fails
        ",
    );
}

/// 6.A.7. TEST CASE, ONLY ARMIES CAN BE CONVOYED
/// A fleet cannot be convoyed: the move from London to Belgium fails.
#[test]
fn datc_6_a_07() {
    check(
        "
        England:
        F London - Belgium  => illegal
        F North Sea Convoys A London - Belgium
        ",
    );
}

/// 6.A.8. TEST CASE, SUPPORT TO HOLD YOURSELF IS NOT POSSIBLE
/// A unit cannot support itself; the unit in Trieste is dislodged.
#[test]
fn datc_6_a_08() {
    check(
        "
        Italy:
        A Venice - Trieste                     => succeeds
        A Tyrolia Supports A Venice - Trieste  => succeeds
        Austria:
        F Trieste Supports F Trieste           => illegal, dislodged
        ",
    );
}

/// 6.A.9. TEST CASE, FLEETS MUST FOLLOW COAST IF NOT ON SEA
/// An army can go from Rome to Venice, a fleet cannot.
#[test]
fn datc_6_a_09() {
    check(
        "
        Italy:
        F Rome - Venice  => illegal
        ",
    );
}

/// 6.A.10. TEST CASE, SUPPORT ON UNREACHABLE DESTINATION NOT POSSIBLE
/// Rome's support is illegal (a fleet cannot reach Venice); Venice is not dislodged.
#[test]
fn datc_6_a_10() {
    check(
        "
        Austria:
        A Venice Hold                      => not dislodged
        Italy:
        F Rome Supports A Apulia - Venice  => illegal
        A Apulia - Venice                  => fails
        ",
    );
}

/// 6.A.11. TEST CASE, SIMPLE BOUNCE
/// The two armies bounce.
#[test]
fn datc_6_a_11() {
    check(
        "
        Austria:
        A Vienna - Tyrolia  => fails
        Italy:
        A Venice - Tyrolia  => fails
        ",
    );
}

/// 6.A.12. TEST CASE, BOUNCE OF THREE UNITS
/// The three armies bounce.
#[test]
fn datc_6_a_12() {
    check(
        "
        Austria:
        A Vienna - Tyrolia  => fails
        Germany:
        A Munich - Tyrolia  => fails
        Italy:
        A Venice - Tyrolia  => fails
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// 6.B. Coastal issues
// ---------------------------------------------------------------------------------------------

/// 6.B.1. TEST CASE, MOVING WITH UNSPECIFIED COAST WHEN COAST IS NECESSARY
/// Both coasts of Spain are reachable from Portugal: the move fails (illegal, 4.B.1, 6.D.30).
#[test]
fn datc_6_b_01() {
    check(
        "
        France:
        F Portugal - Spain  => illegal
        ",
    );
}

/// 6.B.2. TEST CASE, MOVING WITH UNSPECIFIED COAST WHEN COAST IS NOT NECESSARY
/// Only the north coast is reachable: the move is attempted there (4.B.2) and Spain is empty.
#[test]
fn datc_6_b_02() {
    check(
        "
        France:
        F Gascony - Spain  => succeeds
        ",
    );
}

/// 6.B.3. TEST CASE, MOVING WITH WRONG COAST WHEN COAST IS NOT NECESSARY
/// The order is illegal and the fleet holds (4.B.3 b); a lenient reading (4.B.3 a) attempts the
/// move to the north coast, which is empty.
#[test]
fn datc_6_b_03() {
    check(
        "
        France:
        F Gascony - Spain(sc)  => illegal
        ",
    );
    check_with(
        "
        France:
        F Gascony - Spain(sc)  => succeeds
        ",
        "ignore-impossible-coast",
    );
}

/// 6.B.4. TEST CASE, SUPPORT TO UNREACHABLE COAST ALLOWED
/// Marseilles can support a move to the north coast of Spain: Gascony succeeds, Italy fails.
#[test]
fn datc_6_b_04() {
    check(
        "
        France:
        F Gascony - Spain(nc)                        => succeeds
        F Marseilles Supports F Gascony - Spain(nc)  => succeeds
        Italy:
        F Western Mediterranean - Spain(sc)          => fails
        ",
    );
}

/// 6.B.5. TEST CASE, SUPPORT FROM UNREACHABLE COAST NOT ALLOWED
/// The Gulf of Lyon cannot be reached from Spain's north coast: the support is illegal and the
/// fleet in the Gulf of Lyon is not dislodged.
#[test]
fn datc_6_b_05() {
    check(
        "
        France:
        F Marseilles - Gulf of Lyon                       => fails
        F Spain(nc) Supports F Marseilles - Gulf of Lyon  => illegal
        Italy:
        F Gulf of Lyon Hold                               => not dislodged
        ",
    );
}

/// 6.B.6. TEST CASE, SUPPORT CAN BE CUT WITH OTHER COAST
/// The Italian fleet cuts the support in Spain from the other coast; the French fleet in the
/// Mid-Atlantic Ocean is dislodged.
#[test]
fn datc_6_b_06() {
    check(
        "
        England:
        F Irish Sea Supports F North Atlantic Ocean - Mid-Atlantic Ocean  => succeeds
        F North Atlantic Ocean - Mid-Atlantic Ocean                       => succeeds
        France:
        F Spain(nc) Supports F Mid-Atlantic Ocean                         => fails
        F Mid-Atlantic Ocean Hold                                         => dislodged
        Italy:
        F Gulf of Lyon - Spain(sc)                                        => fails
        ",
    );
}

/// 6.B.7. TEST CASE, SUPPORTING OWN UNIT WITH UNSPECIFIED COAST
/// Preferred (4.B.4): the support without coast succeeds and the Italian fleet bounces.
#[test]
fn datc_6_b_07() {
    check(
        "
        France:
        F Portugal Supports F Mid-Atlantic Ocean - Spain             => succeeds
        F Mid-Atlantic Ocean - Spain(nc)                             => fails
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)  => succeeds
        F Western Mediterranean - Spain(sc)                          => fails
        ",
    );
}

/// 6.B.8. TEST CASE, SUPPORTING WITH UNSPECIFIED COAST WHEN ONLY ONE COAST IS POSSIBLE
/// Portugal's support succeeds; the Italian fleet bounces with the French fleet from Gascony.
#[test]
fn datc_6_b_08() {
    check(
        "
        France:
        F Portugal Supports F Gascony - Spain                        => succeeds
        F Gascony - Spain(nc)                                        => fails
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)  => succeeds
        F Western Mediterranean - Spain(sc)                          => fails
        ",
    );
}

/// 6.B.9. TEST CASE, SUPPORTING WITH WRONG COAST
/// The coast in the support must match: Portugal's support is invalid and the Italian fleet
/// moves.
#[test]
fn datc_6_b_09() {
    check(
        "
        France:
        F Portugal Supports F Mid-Atlantic Ocean - Spain(nc)         => fails
        F Mid-Atlantic Ocean - Spain(sc)                             => fails
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)  => succeeds
        F Western Mediterranean - Spain(sc)                          => succeeds
        ",
    );
}

/// 6.B.10. TEST CASE, UNIT ORDERED WITH WRONG COAST
/// France has a fleet on the south coast of Spain and orders it from the north coast. Preferred
/// (4.B.5 b): the coast is ignored and the move is attempted (the Gulf of Lyon is empty); with
/// only perfect orders (4.B.5 a) the move fails.
#[test]
fn datc_6_b_10() {
    check(
        "
        France:
        F Spain(sc)
        F Spain(nc) - Gulf of Lyon  => succeeds
        ",
    );
    check_with(
        "
        France:
        F Spain(sc)
        F Spain(nc) - Gulf of Lyon  => fails
        ",
        "wrong-unit-coast-fails",
    );
}

/// 6.B.11. TEST CASE, COAST CANNOT BE ORDERED TO CHANGE
/// France has a fleet on the north coast of Spain; ordering it from the south coast fails.
#[test]
fn datc_6_b_11() {
    check(
        "
        France:
        F Spain(nc)
        F Spain(sc) - Gulf of Lyon  => fails
        ",
    );
}

/// 6.B.12. TEST CASE, ARMY MOVEMENT WITH COASTAL SPECIFICATION
/// Preferred (4.B.6 b): the coast is ignored and the move is attempted (Spain is empty); with only
/// perfect orders (4.B.6 a) the move fails.
#[test]
fn datc_6_b_12() {
    check(
        "
        France:
        A Gascony - Spain(nc)  => succeeds
        ",
    );
    check_with(
        "
        France:
        A Gascony - Spain(nc)  => fails
        ",
        "irrelevant-coast-fails",
    );
}

/// 6.B.13. TEST CASE, COASTAL CRAWL NOT ALLOWED
/// Leaving from one coast while the other fleet moves to the other coast is still a head-to-head
/// battle: both moves fail.
#[test]
fn datc_6_b_13() {
    check(
        "
        Turkey:
        F Bulgaria(sc) - Constantinople  => fails
        F Constantinople - Bulgaria(ec)  => fails
        ",
    );
}

// 6.B.14 (building with unspecified coast) is an adjustment-phase case: not transcribed.

/// 6.B.15. TEST CASE, SUPPORTING FOREIGN UNIT WITH UNSPECIFIED COAST
/// Preferred (4.B.4): the support succeeds and the Italian fleet bounces.
#[test]
fn datc_6_b_15() {
    check(
        "
        France:
        F Portugal Supports F Mid-Atlantic Ocean - Spain             => succeeds
        England:
        F Mid-Atlantic Ocean - Spain(nc)                             => fails
        Italy:
        F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)  => succeeds
        F Western Mediterranean - Spain(sc)                          => fails
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// 6.C. Circular movement
// ---------------------------------------------------------------------------------------------

/// 6.C.1. TEST CASE, THREE ARMY CIRCULAR MOVEMENT
/// All three units move.
#[test]
fn datc_6_c_01() {
    check(
        "
        Turkey:
        F Ankara - Constantinople  => succeeds
        A Constantinople - Smyrna  => succeeds
        A Smyrna - Ankara          => succeeds
        ",
    );
}

/// 6.C.2. TEST CASE, THREE ARMY CIRCULAR MOVEMENT WITH SUPPORT
/// The three units move, even when one gets support.
#[test]
fn datc_6_c_02() {
    check(
        "
        Turkey:
        F Ankara - Constantinople                      => succeeds
        A Constantinople - Smyrna                      => succeeds
        A Smyrna - Ankara                              => succeeds
        A Bulgaria Supports F Ankara - Constantinople  => succeeds
        ",
    );
}

/// 6.C.3. TEST CASE, A DISRUPTED THREE ARMY CIRCULAR MOVEMENT
/// One unit bounces, so every unit keeps its place.
#[test]
fn datc_6_c_03() {
    check(
        "
        Turkey:
        F Ankara - Constantinople    => fails
        A Constantinople - Smyrna    => fails
        A Smyrna - Ankara            => fails
        A Bulgaria - Constantinople  => fails
        ",
    );
}

/// 6.C.4. TEST CASE, A CIRCULAR MOVEMENT WITH ATTACKED CONVOY
/// The Ionian Sea is attacked but not dislodged: the circular movement succeeds.
#[test]
fn datc_6_c_04() {
    check(
        "
        Austria:
        A Trieste - Serbia                           => succeeds
        A Serbia - Bulgaria                          => succeeds
        Turkey:
        A Bulgaria - Trieste                         => succeeds
        F Aegean Sea Convoys A Bulgaria - Trieste    => succeeds
        F Ionian Sea Convoys A Bulgaria - Trieste    => succeeds, not dislodged
        F Adriatic Sea Convoys A Bulgaria - Trieste  => succeeds
        Italy:
        F Naples - Ionian Sea                        => fails
        ",
    );
}

/// 6.C.5. TEST CASE, A DISRUPTED CIRCULAR MOVEMENT DUE TO DISLODGED CONVOY
/// The convoying fleet in the Ionian Sea is dislodged: no Austrian or Turkish army moves.
#[test]
fn datc_6_c_05() {
    check(
        "
        Austria:
        A Trieste - Serbia                         => fails
        A Serbia - Bulgaria                        => fails
        Turkey:
        A Bulgaria - Trieste                       => fails
        F Aegean Sea Convoys A Bulgaria - Trieste
        F Ionian Sea Convoys A Bulgaria - Trieste  => fails, dislodged
        F Adriatic Sea Convoys A Bulgaria - Trieste
        Italy:
        F Naples - Ionian Sea                      => succeeds
        F Tunis Supports F Naples - Ionian Sea     => succeeds
        ",
    );
}

/// 6.C.6. TEST CASE, TWO ARMIES WITH TWO CONVOYS
/// Two armies swap by two convoys: both convoys succeed.
#[test]
fn datc_6_c_06() {
    check(
        "
        England:
        F North Sea Convoys A London - Belgium        => succeeds
        A London - Belgium                            => succeeds
        France:
        F English Channel Convoys A Belgium - London  => succeeds
        A Belgium - London                            => succeeds
        ",
    );
}

/// 6.C.7. TEST CASE, DISRUPTED UNIT SWAP
/// One unit of the swap bounces: none of the units moves.
#[test]
fn datc_6_c_07() {
    check(
        "
        England:
        F North Sea Convoys A London - Belgium
        A London - Belgium    => fails
        France:
        F English Channel Convoys A Belgium - London
        A Belgium - London    => fails
        A Burgundy - Belgium  => fails
        ",
    );
}

/// 6.C.8. TEST CASE, NO SELF DISLODGEMENT IN DISRUPTED CIRCULAR MOVEMENT
/// None of the units moves.
#[test]
fn datc_6_c_08() {
    check(
        "
        Turkey:
        F Constantinople - Black Sea  => fails, not dislodged
        A Bulgaria - Constantinople   => fails
        A Smyrna Supports A Bulgaria - Constantinople
        Russia:
        F Black Sea - Bulgaria(ec)    => fails
        Austria:
        A Serbia - Bulgaria           => fails
        ",
    );
}

/// 6.C.9. TEST CASE, NO HELP IN DISLODGEMENT OF OWN UNIT IN DISRUPTED CIRCULAR MOVEMENT
/// None of the units moves.
#[test]
fn datc_6_c_09() {
    check(
        "
        Turkey:
        F Constantinople - Black Sea  => fails, not dislodged
        A Smyrna Supports A Bulgaria - Constantinople
        Russia:
        F Black Sea - Bulgaria(ec)    => fails
        Austria:
        A Serbia - Bulgaria           => fails
        A Bulgaria - Constantinople   => fails
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// 6.D. Supports and dislodges
// ---------------------------------------------------------------------------------------------

/// 6.D.1. TEST CASE, SUPPORTED HOLD CAN PREVENT DISLODGEMENT
/// Tyrolia's support keeps Venice; Trieste does not move.
#[test]
fn datc_6_d_01() {
    check(
        "
        Austria:
        F Adriatic Sea Supports A Trieste - Venice  => succeeds
        A Trieste - Venice                          => fails
        Italy:
        A Venice Hold                               => not dislodged
        A Tyrolia Supports A Venice                 => succeeds
        ",
    );
}

/// 6.D.2. TEST CASE, A MOVE CUTS SUPPORT ON HOLD
/// Vienna cuts Tyrolia's support; Venice is dislodged by Trieste.
#[test]
fn datc_6_d_02() {
    check(
        "
        Austria:
        F Adriatic Sea Supports A Trieste - Venice  => succeeds
        A Trieste - Venice                          => succeeds
        A Vienna - Tyrolia                          => fails
        Italy:
        A Venice Hold                               => dislodged
        A Tyrolia Supports A Venice                 => fails
        ",
    );
}

/// 6.D.3. TEST CASE, A MOVE CUTS SUPPORT ON MOVE
/// The Adriatic Sea's support is cut; Venice is not dislodged and Trieste stays.
#[test]
fn datc_6_d_03() {
    check(
        "
        Austria:
        F Adriatic Sea Supports A Trieste - Venice  => fails
        A Trieste - Venice                          => fails
        Italy:
        A Venice Hold                               => not dislodged
        F Ionian Sea - Adriatic Sea                 => fails
        ",
    );
}

/// 6.D.4. TEST CASE, SUPPORT TO HOLD ON UNIT SUPPORTING A HOLD ALLOWED
/// Berlin (supporting a hold) receives hold support from Kiel: Prussia to Berlin fails.
#[test]
fn datc_6_d_04() {
    check(
        "
        Germany:
        A Berlin Supports F Kiel                  => fails, not dislodged
        F Kiel Supports A Berlin                  => succeeds
        Russia:
        F Baltic Sea Supports A Prussia - Berlin  => succeeds
        A Prussia - Berlin                        => fails
        ",
    );
}

/// 6.D.5. TEST CASE, SUPPORT TO HOLD ON UNIT SUPPORTING A MOVE ALLOWED
/// Berlin (supporting a move) receives hold support: Prussia to Berlin fails.
#[test]
fn datc_6_d_05() {
    check(
        "
        Germany:
        A Berlin Supports A Munich - Silesia      => fails, not dislodged
        F Kiel Supports A Berlin                  => succeeds
        A Munich - Silesia                        => succeeds
        Russia:
        F Baltic Sea Supports A Prussia - Berlin  => succeeds
        A Prussia - Berlin                        => fails
        ",
    );
}

/// 6.D.6. TEST CASE, SUPPORT TO HOLD ON CONVOYING UNIT ALLOWED
/// Livonia to the Baltic Sea fails; the convoy from Berlin to Sweden succeeds.
#[test]
fn datc_6_d_06() {
    check(
        "
        Germany:
        A Berlin - Sweden                                  => succeeds
        F Baltic Sea Convoys A Berlin - Sweden             => succeeds, not dislodged
        F Prussia Supports F Baltic Sea                    => succeeds
        Russia:
        F Livonia - Baltic Sea                             => fails
        F Gulf of Bothnia Supports F Livonia - Baltic Sea  => succeeds
        ",
    );
}

/// 6.D.7. TEST CASE, SUPPORT TO HOLD ON MOVING UNIT NOT ALLOWED
/// Prussia's support fails; the Baltic fleet bounces on Finland and is dislodged by Livonia.
#[test]
fn datc_6_d_07() {
    check(
        "
        Germany:
        F Baltic Sea - Sweden                              => fails, dislodged
        F Prussia Supports F Baltic Sea                    => fails
        Russia:
        F Livonia - Baltic Sea                             => succeeds
        F Gulf of Bothnia Supports F Livonia - Baltic Sea  => succeeds
        A Finland - Sweden                                 => fails
        ",
    );
}

/// 6.D.8. TEST CASE, FAILED CONVOY CANNOT RECEIVE HOLD SUPPORT
/// Greece to Naples is not illegal (a convoy was possible), so Bulgaria's hold support fails and
/// Greece is dislodged by Albania.
#[test]
fn datc_6_d_08() {
    check(
        "
        Austria:
        F Ionian Sea Hold
        A Serbia Supports A Albania - Greece  => succeeds
        A Albania - Greece                    => succeeds
        Turkey:
        A Greece - Naples                     => fails, dislodged
        A Bulgaria Supports A Greece          => fails
        ",
    );
}

/// 6.D.9. TEST CASE, SUPPORT TO MOVE ON HOLDING UNIT NOT ALLOWED
/// Albania's support fails; Trieste is dislodged by Venice.
#[test]
fn datc_6_d_09() {
    check(
        "
        Italy:
        A Venice - Trieste                     => succeeds
        A Tyrolia Supports A Venice - Trieste  => succeeds
        Austria:
        A Albania Supports A Trieste - Serbia  => fails
        A Trieste Hold                         => dislodged
        ",
    );
}

/// 6.D.10. TEST CASE, SELF DISLODGMENT PROHIBITED
/// The move to Berlin fails.
#[test]
fn datc_6_d_10() {
    check(
        "
        Germany:
        A Berlin Hold    => not dislodged
        F Kiel - Berlin  => fails
        A Munich Supports F Kiel - Berlin
        ",
    );
}

/// 6.D.11. TEST CASE, NO SELF DISLODGMENT OF RETURNING UNIT
/// Berlin bounces but is not dislodged by its own unit.
#[test]
fn datc_6_d_11() {
    check(
        "
        Germany:
        A Berlin - Prussia  => fails, not dislodged
        F Kiel - Berlin     => fails
        A Munich Supports F Kiel - Berlin
        Russia:
        A Warsaw - Prussia  => fails
        ",
    );
}

/// 6.D.12. TEST CASE, SUPPORTING A FOREIGN UNIT TO DISLODGE OWN UNIT PROHIBITED
/// No dislodgement of the fleet in Trieste.
#[test]
fn datc_6_d_12() {
    check(
        "
        Austria:
        F Trieste Hold      => not dislodged
        A Vienna Supports A Venice - Trieste
        Italy:
        A Venice - Trieste  => fails
        ",
    );
}

/// 6.D.13. TEST CASE, SUPPORTING A FOREIGN UNIT TO DISLODGE A RETURNING OWN UNIT PROHIBITED
/// No dislodgement of the fleet in Trieste.
#[test]
fn datc_6_d_13() {
    check(
        "
        Austria:
        F Trieste - Adriatic Sea  => fails, not dislodged
        A Vienna Supports A Venice - Trieste
        Italy:
        A Venice - Trieste        => fails
        F Apulia - Adriatic Sea   => fails
        ",
    );
}

/// 6.D.14. TEST CASE, SUPPORTING A FOREIGN UNIT IS NOT ENOUGH TO PREVENT DISLODGEMENT
/// The fleet in Trieste is dislodged.
#[test]
fn datc_6_d_14() {
    check(
        "
        Austria:
        F Trieste Hold                              => dislodged
        A Vienna Supports A Venice - Trieste
        Italy:
        A Venice - Trieste                          => succeeds
        A Tyrolia Supports A Venice - Trieste       => succeeds
        F Adriatic Sea Supports A Venice - Trieste  => succeeds
        ",
    );
}

/// 6.D.15. TEST CASE, DEFENDER CANNOT CUT SUPPORT FOR ATTACK ON ITSELF
/// Constantinople's support is not cut; Ankara is dislodged by the Black Sea.
#[test]
fn datc_6_d_15() {
    check(
        "
        Russia:
        F Constantinople Supports F Black Sea - Ankara  => succeeds
        F Black Sea - Ankara                            => succeeds
        Turkey:
        F Ankara - Constantinople                       => fails, dislodged
        ",
    );
}

/// 6.D.16. TEST CASE, CONVOYING A UNIT DISLODGING A UNIT OF SAME POWER IS ALLOWED
/// The English army in London is dislodged by the French army convoyed from Belgium.
#[test]
fn datc_6_d_16() {
    check(
        "
        England:
        A London Hold                                  => dislodged
        F North Sea Convoys A Belgium - London         => succeeds
        France:
        F English Channel Supports A Belgium - London  => succeeds
        A Belgium - London                             => succeeds
        ",
    );
}

/// 6.D.17. TEST CASE, DISLODGEMENT CUTS SUPPORTS
/// Constantinople is dislodged, which cuts its support; the Black Sea bounces with Armenia.
#[test]
fn datc_6_d_17() {
    check(
        "
        Russia:
        F Constantinople Supports F Black Sea - Ankara  => fails, dislodged
        F Black Sea - Ankara                            => fails
        Turkey:
        F Ankara - Constantinople                       => succeeds
        A Smyrna Supports F Ankara - Constantinople     => succeeds
        A Armenia - Ankara                              => fails
        ",
    );
}

/// 6.D.18. TEST CASE, A SURVIVING UNIT WILL SUSTAIN SUPPORT
/// Bulgaria's hold support keeps Constantinople; the Black Sea dislodges Ankara.
#[test]
fn datc_6_d_18() {
    check(
        "
        Russia:
        F Constantinople Supports F Black Sea - Ankara  => succeeds, not dislodged
        F Black Sea - Ankara                            => succeeds
        A Bulgaria Supports F Constantinople            => succeeds
        Turkey:
        F Ankara - Constantinople                       => fails, dislodged
        A Smyrna Supports F Ankara - Constantinople     => succeeds
        A Armenia - Ankara                              => fails
        ",
    );
}

/// 6.D.19. TEST CASE, EVEN WHEN SURVIVING IS IN ALTERNATIVE WAY
/// One support of the attack on Constantinople is Russian: Constantinople survives, its support
/// sustains and Ankara is dislodged.
#[test]
fn datc_6_d_19() {
    check(
        "
        Russia:
        F Constantinople Supports F Black Sea - Ankara  => succeeds, not dislodged
        F Black Sea - Ankara                            => succeeds
        A Smyrna Supports F Ankara - Constantinople
        Turkey:
        F Ankara - Constantinople                       => fails, dislodged
        ",
    );
}

/// 6.D.20. TEST CASE, UNIT CANNOT CUT SUPPORT OF ITS OWN COUNTRY
/// Yorkshire does not cut London's support; the English Channel is dislodged.
#[test]
fn datc_6_d_20() {
    check(
        "
        England:
        F London Supports F North Sea - English Channel  => succeeds
        F North Sea - English Channel                    => succeeds
        A Yorkshire - London                             => fails
        France:
        F English Channel Hold                           => dislodged
        ",
    );
}

/// 6.D.21. TEST CASE, DISLODGING DOES NOT CANCEL A SUPPORT CUT
/// The dislodged German army still cuts the Italian support: Trieste is not dislodged.
#[test]
fn datc_6_d_21() {
    check(
        "
        Austria:
        F Trieste Hold                         => not dislodged
        Italy:
        A Venice - Trieste                     => fails
        A Tyrolia Supports A Venice - Trieste  => fails
        Germany:
        A Munich - Tyrolia                     => fails, dislodged
        Russia:
        A Silesia - Munich                     => succeeds
        A Berlin Supports A Silesia - Munich   => succeeds
        ",
    );
}

/// 6.D.22. TEST CASE, IMPOSSIBLE FLEET MOVE CANNOT BE SUPPORTED
/// Kiel to Munich is illegal, making Burgundy's support illegal; Munich dislodges Kiel.
#[test]
fn datc_6_d_22() {
    check(
        "
        Germany:
        F Kiel - Munich                      => illegal, dislodged
        A Burgundy Supports F Kiel - Munich  => illegal
        Russia:
        A Munich - Kiel                      => succeeds
        A Berlin Supports A Munich - Kiel    => succeeds
        ",
    );
}

/// 6.D.23. TEST CASE, IMPOSSIBLE COAST MOVE CANNOT BE SUPPORTED
/// Spain(nc) to the Gulf of Lyon is illegal; Marseilles' support fails; Spain is dislodged.
#[test]
fn datc_6_d_23() {
    check(
        "
        Italy:
        F Gulf of Lyon - Spain(sc)                                   => succeeds
        F Western Mediterranean Supports F Gulf of Lyon - Spain(sc)  => succeeds
        France:
        F Spain(nc) - Gulf of Lyon                                   => illegal, dislodged
        F Marseilles Supports F Spain(nc) - Gulf of Lyon             => fails
        ",
    );
}

/// 6.D.24. TEST CASE, IMPOSSIBLE ARMY MOVE CANNOT BE SUPPORTED
/// Marseilles to the Gulf of Lyon is illegal; Spain's support fails; no beleaguered garrison, the
/// Gulf of Lyon is dislodged by the Western Mediterranean.
#[test]
fn datc_6_d_24() {
    check(
        "
        France:
        A Marseilles - Gulf of Lyon                                       => illegal
        F Spain(sc) Supports A Marseilles - Gulf of Lyon                  => fails
        Italy:
        F Gulf of Lyon Hold                                               => dislodged
        Turkey:
        F Tyrrhenian Sea Supports F Western Mediterranean - Gulf of Lyon  => succeeds
        F Western Mediterranean - Gulf of Lyon                            => succeeds
        ",
    );
}

/// 6.D.25. TEST CASE, FAILING HOLD SUPPORT CAN BE SUPPORTED
/// Berlin's unmatched support fails, but Kiel's support of Berlin holds: Berlin is not dislodged.
#[test]
fn datc_6_d_25() {
    check(
        "
        Germany:
        A Berlin Supports A Prussia               => fails, not dislodged
        F Kiel Supports A Berlin                  => succeeds
        Russia:
        F Baltic Sea Supports A Prussia - Berlin  => succeeds
        A Prussia - Berlin                        => fails
        ",
    );
}

/// 6.D.26. TEST CASE, FAILING MOVE SUPPORT CAN BE SUPPORTED
/// Again, Berlin is not dislodged.
#[test]
fn datc_6_d_26() {
    check(
        "
        Germany:
        A Berlin Supports A Prussia - Silesia     => fails, not dislodged
        F Kiel Supports A Berlin                  => succeeds
        Russia:
        F Baltic Sea Supports A Prussia - Berlin  => succeeds
        A Prussia - Berlin                        => fails
        ",
    );
}

/// 6.D.27. TEST CASE, FAILING CONVOY CAN BE SUPPORTED
/// The unmatched convoy fails, but Prussia's support keeps the Baltic Sea.
#[test]
fn datc_6_d_27() {
    check(
        "
        England:
        F Sweden - Baltic Sea                     => fails
        F Denmark Supports F Sweden - Baltic Sea  => succeeds
        Germany:
        A Berlin Hold
        Russia:
        F Baltic Sea Convoys A Berlin - Livonia   => fails, not dislodged
        F Prussia Supports F Baltic Sea           => succeeds
        ",
    );
}

/// 6.D.28. TEST CASE, IMPOSSIBLE MOVE AND SUPPORT
/// The illegal move is ignored: Rumania holds, receives support and is not dislodged.
#[test]
fn datc_6_d_28() {
    check(
        "
        Austria:
        A Budapest Supports F Rumania              => succeeds
        Russia:
        F Rumania - Holland                        => illegal, not dislodged
        Turkey:
        F Black Sea - Rumania                      => fails
        A Bulgaria Supports F Black Sea - Rumania  => succeeds
        ",
    );
}

/// 6.D.29. TEST CASE, MOVE TO IMPOSSIBLE COAST AND SUPPORT
/// The move to an impossible coast is illegal: Rumania holds, receives support and is not
/// dislodged.
#[test]
fn datc_6_d_29() {
    check(
        "
        Austria:
        A Budapest Supports F Rumania              => succeeds
        Russia:
        F Rumania - Bulgaria(sc)                   => illegal, not dislodged
        Turkey:
        F Black Sea - Rumania                      => fails
        A Bulgaria Supports F Black Sea - Rumania  => succeeds
        ",
    );
}

/// 6.D.30. TEST CASE, MOVE WITHOUT COAST AND SUPPORT
/// The move without a needed coast is illegal: Constantinople holds, receives support and is not
/// dislodged.
#[test]
fn datc_6_d_30() {
    check(
        "
        Italy:
        F Aegean Sea Supports F Constantinople            => succeeds
        Russia:
        F Constantinople - Bulgaria                       => illegal, not dislodged
        Turkey:
        F Black Sea - Constantinople                      => fails
        A Bulgaria Supports F Black Sea - Constantinople  => succeeds
        ",
    );
}

/// 6.D.31. TEST CASE, A TRICKY IMPOSSIBLE SUPPORT
/// The only convoy would be through the Black Sea, which cannot convoy and support at once: the
/// support is illegal.
#[test]
fn datc_6_d_31() {
    check(
        "
        Austria:
        A Rumania - Armenia                       => fails
        Turkey:
        F Black Sea Supports A Rumania - Armenia  => illegal
        ",
    );
}

/// 6.D.32. TEST CASE, A MISSING FLEET
/// Yorkshire to Holland is illegal (no fleet in the North Sea): London's support succeeds and
/// Yorkshire is not dislodged.
#[test]
fn datc_6_d_32() {
    check(
        "
        England:
        F Edinburgh Supports A Liverpool - Yorkshire  => succeeds
        A Liverpool - Yorkshire                       => fails
        France:
        F London Supports A Yorkshire                 => succeeds
        Germany:
        A Yorkshire - Holland                         => illegal, not dislodged
        ",
    );
}

/// 6.D.33. TEST CASE, UNWANTED SUPPORT ALLOWED
/// The Russian support lets Serbia advance to Budapest; Turkey captures Serbia.
#[test]
fn datc_6_d_33() {
    check(
        "
        Austria:
        A Serbia - Budapest                     => succeeds
        A Vienna - Budapest                     => fails
        Russia:
        A Galicia Supports A Serbia - Budapest  => succeeds
        Turkey:
        A Bulgaria - Serbia                     => succeeds
        ",
    );
}

/// 6.D.34. TEST CASE, SUPPORT TARGETING OWN AREA NOT ALLOWED
/// The Italian support into its own province is illegal; the German move from Berlin succeeds.
#[test]
fn datc_6_d_34() {
    check(
        "
        Germany:
        A Berlin - Prussia                        => succeeds
        A Silesia Supports A Berlin - Prussia     => succeeds
        F Baltic Sea Supports A Berlin - Prussia  => succeeds
        Italy:
        A Prussia Supports Livonia - Prussia      => illegal, dislodged
        Russia:
        A Warsaw Supports A Livonia - Prussia     => succeeds
        A Livonia - Prussia                       => fails
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// 6.E. Head-to-head battles and beleaguered garrison
// ---------------------------------------------------------------------------------------------

/// 6.E.1. TEST CASE, DISLODGED UNIT HAS NO EFFECT ON ATTACKER'S AREA
/// The fleet in Kiel follows into Berlin.
#[test]
fn datc_6_e_01() {
    check(
        "
        Germany:
        A Berlin - Prussia                     => succeeds
        F Kiel - Berlin                        => succeeds
        A Silesia Supports A Berlin - Prussia  => succeeds
        Russia:
        A Prussia - Berlin                     => fails, dislodged
        ",
    );
}

/// 6.E.2. TEST CASE, NO SELF DISLODGEMENT IN HEAD-TO-HEAD BATTLE
/// No unit moves.
#[test]
fn datc_6_e_02() {
    check(
        "
        Germany:
        A Berlin - Kiel  => fails
        F Kiel - Berlin  => fails, not dislodged
        A Munich Supports A Berlin - Kiel
        ",
    );
}

/// 6.E.3. TEST CASE, NO HELP IN DISLODGING OWN UNIT
/// No unit moves.
#[test]
fn datc_6_e_03() {
    check(
        "
        Germany:
        A Berlin - Kiel  => fails, not dislodged
        A Munich Supports F Kiel - Berlin
        England:
        F Kiel - Berlin  => fails
        ",
    );
}

/// 6.E.4. TEST CASE, NON-DISLODGED LOSER STILL HAS EFFECT
/// The French fleet in the North Sea is not dislodged (beleaguered garrison), so Ruhr does not
/// move to Holland.
#[test]
fn datc_6_e_04() {
    check(
        "
        Germany:
        F Holland - North Sea                             => fails, not dislodged
        F Helgoland Bight Supports F Holland - North Sea  => succeeds
        F Skagerrak Supports F Holland - North Sea        => succeeds
        France:
        F North Sea - Holland                             => fails, not dislodged
        F Belgium Supports F North Sea - Holland          => succeeds
        England:
        F Edinburgh Supports F Norwegian Sea - North Sea  => succeeds
        F Yorkshire Supports F Norwegian Sea - North Sea  => succeeds
        F Norwegian Sea - North Sea                       => fails
        Austria:
        A Kiel Supports A Ruhr - Holland                  => succeeds
        A Ruhr - Holland                                  => fails
        ",
    );
}

/// 6.E.5. TEST CASE, LOSER DISLODGED BY ANOTHER ARMY STILL HAS EFFECT
/// The French fleet is dislodged, but not by Holland, so it still stops Ruhr; Holland is not
/// dislodged.
#[test]
fn datc_6_e_05() {
    check(
        "
        Germany:
        F Holland - North Sea                             => fails, not dislodged
        F Helgoland Bight Supports F Holland - North Sea  => succeeds
        F Skagerrak Supports F Holland - North Sea        => succeeds
        France:
        F North Sea - Holland                             => fails, dislodged
        F Belgium Supports F North Sea - Holland          => succeeds
        England:
        F Edinburgh Supports F Norwegian Sea - North Sea  => succeeds
        F Yorkshire Supports F Norwegian Sea - North Sea  => succeeds
        F Norwegian Sea - North Sea                       => succeeds
        F London Supports F Norwegian Sea - North Sea     => succeeds
        Austria:
        A Kiel Supports A Ruhr - Holland                  => succeeds
        A Ruhr - Holland                                  => fails
        ",
    );
}

/// 6.E.6. TEST CASE, NOT DISLODGE BECAUSE OF OWN SUPPORT STILL HAS EFFECT
/// The French fleet is not dislodged (one support of the German move is French), so Ruhr does
/// not move to Holland.
#[test]
fn datc_6_e_06() {
    check(
        "
        Germany:
        F Holland - North Sea                             => fails, not dislodged
        F Helgoland Bight Supports F Holland - North Sea  => succeeds
        France:
        F North Sea - Holland                             => fails, not dislodged
        F Belgium Supports F North Sea - Holland          => succeeds
        F English Channel Supports F Holland - North Sea
        Austria:
        A Kiel Supports A Ruhr - Holland                  => succeeds
        A Ruhr - Holland                                  => fails
        ",
    );
}

/// 6.E.7. TEST CASE, NO SELF DISLODGEMENT WITH BELEAGUERED GARRISON
/// The fleet in the North Sea is not dislodged.
#[test]
fn datc_6_e_07() {
    check(
        "
        England:
        F North Sea Hold                                  => not dislodged
        F Yorkshire Supports F Norway - North Sea
        Germany:
        F Holland Supports F Helgoland Bight - North Sea  => succeeds
        F Helgoland Bight - North Sea                     => fails
        Russia:
        F Skagerrak Supports F Norway - North Sea         => succeeds
        F Norway - North Sea                              => fails
        ",
    );
}

/// 6.E.8. TEST CASE, NO SELF DISLODGEMENT WITH BELEAGUERED GARRISON AND HEAD-TO-HEAD BATTLE
/// None of the fleets moves.
#[test]
fn datc_6_e_08() {
    check(
        "
        England:
        F North Sea - Norway                              => fails, not dislodged
        F Yorkshire Supports F Norway - North Sea
        Germany:
        F Holland Supports F Helgoland Bight - North Sea  => succeeds
        F Helgoland Bight - North Sea                     => fails
        Russia:
        F Skagerrak Supports F Norway - North Sea         => succeeds
        F Norway - North Sea                              => fails
        ",
    );
}

/// 6.E.9. TEST CASE, ALMOST SELF DISLODGEMENT WITH BELEAGUERED GARRISON
/// Both the fleet in the North Sea and the fleet in Norway move.
#[test]
fn datc_6_e_09() {
    check(
        "
        England:
        F North Sea - Norwegian Sea                       => succeeds
        F Yorkshire Supports F Norway - North Sea         => succeeds
        Germany:
        F Holland Supports F Helgoland Bight - North Sea  => succeeds
        F Helgoland Bight - North Sea                     => fails
        Russia:
        F Skagerrak Supports F Norway - North Sea         => succeeds
        F Norway - North Sea                              => succeeds
        ",
    );
}

/// 6.E.10. TEST CASE, ALMOST CIRCULAR MOVEMENT WITH NO SELF DISLODGEMENT WITH BELEAGUERED
/// GARRISON
/// No fleet moves.
#[test]
fn datc_6_e_10() {
    check(
        "
        England:
        F North Sea - Denmark                             => fails, not dislodged
        F Yorkshire Supports F Norway - North Sea
        Germany:
        F Holland Supports F Helgoland Bight - North Sea  => succeeds
        F Helgoland Bight - North Sea                     => fails
        F Denmark - Helgoland Bight                       => fails
        Russia:
        F Skagerrak Supports F Norway - North Sea         => succeeds
        F Norway - North Sea                              => fails
        ",
    );
}

/// 6.E.11. TEST CASE, NO SELF DISLODGEMENT WITH BELEAGUERED GARRISON, UNIT SWAP WITH ADJACENT
/// CONVOYING AND TWO COASTS
/// The unit swap succeeds (and there is no beleaguered garrison any more).
#[test]
fn datc_6_e_11() {
    check(
        "
        France:
        A Spain - Portugal via convoy                            => succeeds
        F Mid-Atlantic Ocean Convoys A Spain - Portugal          => succeeds
        F Gulf of Lyon Supports F Portugal - Spain(nc)
        Germany:
        A Marseilles Supports A Gascony - Spain                  => succeeds
        A Gascony - Spain                                        => fails
        Italy:
        F Portugal - Spain(nc)                                   => succeeds
        F Western Mediterranean Supports F Portugal - Spain(nc)  => succeeds
        ",
    );
}

/// 6.E.12. TEST CASE, SUPPORT ON ATTACK ON OWN UNIT CAN BE USED FOR OTHER MEANS
/// Serbia's support of the Italian army stops Galicia: no army moves.
#[test]
fn datc_6_e_12() {
    check(
        "
        Austria:
        A Budapest - Rumania                     => fails, not dislodged
        A Serbia Supports A Vienna - Budapest    => succeeds
        Italy:
        A Vienna - Budapest                      => fails
        Russia:
        A Galicia - Budapest                     => fails
        A Rumania Supports A Galicia - Budapest  => succeeds
        ",
    );
}

/// 6.E.13. TEST CASE, THREE WAY BELEAGUERED GARRISON
/// None of the fleets moves; the German fleet in the North Sea is not dislodged.
#[test]
fn datc_6_e_13() {
    check(
        "
        England:
        F Edinburgh Supports F Yorkshire - North Sea      => succeeds
        F Yorkshire - North Sea                           => fails
        France:
        F Belgium - North Sea                             => fails
        F English Channel Supports F Belgium - North Sea  => succeeds
        Germany:
        F North Sea Hold                                  => not dislodged
        Russia:
        F Norwegian Sea - North Sea                       => fails
        F Norway Supports F Norwegian Sea - North Sea     => succeeds
        ",
    );
}

/// 6.E.14. TEST CASE, ILLEGAL HEAD-TO-HEAD BATTLE CAN STILL DEFEND
/// The Russian move is illegal but still keeps the English army out of Edinburgh.
#[test]
fn datc_6_e_14() {
    check(
        "
        England:
        A Liverpool - Edinburgh  => fails
        Russia:
        F Edinburgh - Liverpool  => illegal, not dislodged
        ",
    );
}

/// 6.E.15. TEST CASE, THE FRIENDLY HEAD-TO-HEAD BATTLE
/// Each side of the head-to-head battle keeps the other from being dislodged: no move succeeds.
#[test]
fn datc_6_e_15() {
    check(
        "
        England:
        F Holland Supports A Ruhr - Kiel            => succeeds
        A Ruhr - Kiel                               => fails
        France:
        A Kiel - Berlin                             => fails, not dislodged
        A Munich Supports A Kiel - Berlin           => succeeds
        A Silesia Supports A Kiel - Berlin          => succeeds
        Germany:
        A Berlin - Kiel                             => fails, not dislodged
        F Denmark Supports A Berlin - Kiel          => succeeds
        F Helgoland Bight Supports A Berlin - Kiel  => succeeds
        Russia:
        F Baltic Sea Supports A Prussia - Berlin    => succeeds
        A Prussia - Berlin                          => fails
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// 6.F. Convoys
// ---------------------------------------------------------------------------------------------

/// 6.F.1. TEST CASE, NO CONVOY IN COASTAL AREAS
/// The convoy in Constantinople is not possible: Greece does not reach Sevastopol.
#[test]
fn datc_6_f_01() {
    check(
        "
        Turkey:
        A Greece - Sevastopol                           => fails
        F Aegean Sea Convoys A Greece - Sevastopol
        F Constantinople Convoys A Greece - Sevastopol  => illegal
        F Black Sea Convoys A Greece - Sevastopol
        ",
    );
}

/// 6.F.2. TEST CASE, AN ARMY BEING CONVOYED CAN BOUNCE AS NORMAL
/// London and Paris bounce in Brest.
#[test]
fn datc_6_f_02() {
    check(
        "
        England:
        F English Channel Convoys A London - Brest
        A London - Brest  => fails
        France:
        A Paris - Brest   => fails
        ",
    );
}

/// 6.F.3. TEST CASE, AN ARMY BEING CONVOYED CAN RECEIVE SUPPORT
/// The supported convoyed army beats Paris and ends in Brest.
#[test]
fn datc_6_f_03() {
    check(
        "
        England:
        F English Channel Convoys A London - Brest      => succeeds
        A London - Brest                                => succeeds
        F Mid-Atlantic Ocean Supports A London - Brest  => succeeds
        France:
        A Paris - Brest                                 => fails
        ",
    );
}

/// 6.F.4. TEST CASE, AN ATTACKED CONVOY IS NOT DISRUPTED
/// The army in London is convoyed to Holland.
#[test]
fn datc_6_f_04() {
    check(
        "
        England:
        F North Sea Convoys A London - Holland  => succeeds, not dislodged
        A London - Holland                      => succeeds
        Germany:
        F Skagerrak - North Sea                 => fails
        ",
    );
}

/// 6.F.5. TEST CASE, A BELEAGUERED CONVOY IS NOT DISRUPTED
/// The army in London is convoyed to Holland.
#[test]
fn datc_6_f_05() {
    check(
        "
        England:
        F North Sea Convoys A London - Holland            => succeeds, not dislodged
        A London - Holland                                => succeeds
        France:
        F English Channel - North Sea                     => fails
        F Belgium Supports F English Channel - North Sea  => succeeds
        Germany:
        F Skagerrak - North Sea                           => fails
        F Denmark Supports F Skagerrak - North Sea        => succeeds
        ",
    );
}

/// 6.F.6. TEST CASE, DISLODGED CONVOY DOES NOT CUT SUPPORT
/// The convoy is cancelled; Holland's support of Belgium sustains and Belgium is not dislodged.
#[test]
fn datc_6_f_06() {
    check(
        "
        England:
        F North Sea Convoys A London - Holland              => fails, dislodged
        A London - Holland                                  => fails
        Germany:
        A Holland Supports A Belgium                        => succeeds
        A Belgium Supports A Holland                        => fails, not dislodged
        F Helgoland Bight Supports F Skagerrak - North Sea  => succeeds
        F Skagerrak - North Sea                             => succeeds
        France:
        A Picardy - Belgium                                 => fails
        A Burgundy Supports A Picardy - Belgium             => succeeds
        ",
    );
}

/// 6.F.7. TEST CASE, DISLODGED CONVOY DOES NOT CAUSE CONTESTED AREA
/// The dislodged English fleet can retreat to Holland (a retreat-phase consequence: only the
/// movement results are asserted here).
#[test]
fn datc_6_f_07() {
    check(
        "
        England:
        F North Sea Convoys A London - Holland              => fails, dislodged
        A London - Holland                                  => fails
        Germany:
        F Helgoland Bight Supports F Skagerrak - North Sea  => succeeds
        F Skagerrak - North Sea                             => succeeds
        ",
    );
}

/// 6.F.8. TEST CASE, DISLODGED CONVOY DOES NOT CAUSE A BOUNCE
/// Belgium is not bounced and moves to Holland.
#[test]
fn datc_6_f_08() {
    check(
        "
        England:
        F North Sea Convoys A London - Holland              => fails, dislodged
        A London - Holland                                  => fails
        Germany:
        F Helgoland Bight Supports F Skagerrak - North Sea  => succeeds
        F Skagerrak - North Sea                             => succeeds
        A Belgium - Holland                                 => succeeds
        ",
    );
}

/// 6.F.9. TEST CASE, DISLODGE OF MULTI-ROUTE CONVOY
/// The English Channel is dislodged; preferred (4.A.1 b): the army still goes via the North Sea.
/// With the 1971 rules the convoy is disrupted and the army stays in London.
#[test]
fn datc_6_f_09() {
    check(
        "
        England:
        F English Channel Convoys A London - Belgium             => fails, dislodged
        F North Sea Convoys A London - Belgium                   => succeeds
        A London - Belgium                                       => succeeds
        France:
        F Brest Supports F Mid-Atlantic Ocean - English Channel  => succeeds
        F Mid-Atlantic Ocean - English Channel                   => succeeds
        ",
    );
    check_1971(
        "
        England:
        F English Channel Convoys A London - Belgium             => fails, dislodged
        F North Sea Convoys A London - Belgium
        A London - Belgium                                       => fails
        France:
        F Brest Supports F Mid-Atlantic Ocean - English Channel  => succeeds
        F Mid-Atlantic Ocean - English Channel                   => succeeds
        ",
        "any-route",
    );
}

/// 6.F.10. TEST CASE, DISLODGE OF MULTI-ROUTE CONVOY WITH FOREIGN FLEET
/// As 6.F.9 with a German fleet in the English Channel: preferred, the army ends in Belgium;
/// 1971 rules, it stays in London.
#[test]
fn datc_6_f_10() {
    check(
        "
        England:
        F North Sea Convoys A London - Belgium                   => succeeds
        A London - Belgium                                       => succeeds
        Germany:
        F English Channel Convoys A London - Belgium             => fails, dislodged
        France:
        F Brest Supports F Mid-Atlantic Ocean - English Channel  => succeeds
        F Mid-Atlantic Ocean - English Channel                   => succeeds
        ",
    );
    check_1971(
        "
        England:
        F North Sea Convoys A London - Belgium
        A London - Belgium                                       => fails
        Germany:
        F English Channel Convoys A London - Belgium             => fails, dislodged
        France:
        F Brest Supports F Mid-Atlantic Ocean - English Channel  => succeeds
        F Mid-Atlantic Ocean - English Channel                   => succeeds
        ",
        "any-route",
    );
}

/// 6.F.11. TEST CASE, DISLODGE OF MULTI-ROUTE CONVOY WITH ONLY FOREIGN FLEETS
/// Preferred: the army ends in Belgium; 1971 rules: it stays in London.
#[test]
fn datc_6_f_11() {
    check(
        "
        England:
        A London - Belgium                                       => succeeds
        Germany:
        F English Channel Convoys A London - Belgium             => fails, dislodged
        Russia:
        F North Sea Convoys A London - Belgium                   => succeeds
        France:
        F Brest Supports F Mid-Atlantic Ocean - English Channel  => succeeds
        F Mid-Atlantic Ocean - English Channel                   => succeeds
        ",
    );
    check_1971(
        "
        England:
        A London - Belgium                                       => fails
        Germany:
        F English Channel Convoys A London - Belgium             => fails, dislodged
        Russia:
        F North Sea Convoys A London - Belgium
        France:
        F Brest Supports F Mid-Atlantic Ocean - English Channel  => succeeds
        F Mid-Atlantic Ocean - English Channel                   => succeeds
        ",
        "any-route",
    );
}

/// 6.F.12. TEST CASE, DISLODGED CONVOYING FLEET NOT ON ROUTE
/// The dislodged fleet in the Irish Sea is on no route: the convoy succeeds, even under the 1971
/// rule that one disrupted route disrupts the convoy.
#[test]
fn datc_6_f_12() {
    let text = "
        England:
        F English Channel Convoys A London - Belgium                      => succeeds
        A London - Belgium                                                => succeeds
        F Irish Sea Convoys A London - Belgium                            => fails, dislodged
        France:
        F North Atlantic Ocean Supports F Mid-Atlantic Ocean - Irish Sea  => succeeds
        F Mid-Atlantic Ocean - Irish Sea                                  => succeeds
        ";
    check(text);
    check_1971(text, "any-route");
}

/// 6.F.13. TEST CASE, THE UNWANTED ALTERNATIVE
/// The army in London is convoyed (via the French fleet); Denmark dislodges the North Sea.
#[test]
fn datc_6_f_13() {
    check(
        "
        England:
        A London - Belgium                            => succeeds
        F North Sea Convoys A London - Belgium        => fails, dislodged
        France:
        F English Channel Convoys A London - Belgium  => succeeds
        Germany:
        F Holland Supports F Denmark - North Sea      => succeeds
        F Denmark - North Sea                         => succeeds
        ",
    );
}

/// 6.F.14. TEST CASE, SIMPLE CONVOY PARADOX
/// All rulebooks and the Szykman rule: London's support is not cut; the English Channel is
/// dislodged.
#[test]
fn datc_6_f_14() {
    check(
        "
        England:
        F London Supports F Wales - English Channel  => succeeds
        F Wales - English Channel                    => succeeds
        France:
        A Brest - London                             => fails
        F English Channel Convoys A Brest - London   => fails, dislodged
        ",
    );
    // 4.A.2 names this case as the one where "All Hold" as a primary rule "gives a different
    // adjudication": every move of the paradox fails, Wales's too.
    check_with(
        "
        England:
        F London Supports F Wales - English Channel  => succeeds
        F Wales - English Channel                    => fails
        France:
        A Brest - London                             => fails
        F English Channel Convoys A Brest - London   => fails, not dislodged
        ",
        "all-hold",
    );
}

/// 6.F.15. TEST CASE, SIMPLE CONVOY PARADOX WITH ADDITIONAL CONVOY
/// The paradox does not interfere with the Italian convoy: Wales and North Africa both move.
#[test]
fn datc_6_f_15() {
    check(
        "
        England:
        F London Supports F Wales - English Channel          => succeeds
        F Wales - English Channel                            => succeeds
        France:
        A Brest - London                                     => fails
        F English Channel Convoys A Brest - London           => fails, dislodged
        Italy:
        F Irish Sea Convoys A North Africa - Wales           => succeeds
        F Mid-Atlantic Ocean Convoys A North Africa - Wales  => succeeds
        A North Africa - Wales                               => succeeds
        ",
    );
}

/// 6.F.16. TEST CASE, PANDIN'S PARADOX
/// London's support is not cut; the English Channel is not dislodged and no unit moves.
#[test]
fn datc_6_f_16() {
    check(
        "
        England:
        F London Supports F Wales - English Channel       => succeeds
        F Wales - English Channel                         => fails
        France:
        A Brest - London                                  => fails
        F English Channel Convoys A Brest - London        => not dislodged
        Germany:
        F North Sea Supports F Belgium - English Channel  => succeeds
        F Belgium - English Channel                       => fails
        ",
    );
}

/// 6.F.17. TEST CASE, PANDIN'S EXTENDED PARADOX
/// Szykman (preferred): the convoy fails and neither London nor the English Channel is
/// dislodged. The 1971/1982/2000/2023 rules: London's support is not cut, the English Channel is
/// not dislodged, the convoy succeeds and dislodges London.
#[test]
fn datc_6_f_17() {
    check(
        "
        England:
        F London Supports F Wales - English Channel       => succeeds, not dislodged
        F Wales - English Channel                         => fails
        France:
        A Brest - London                                  => fails
        F English Channel Convoys A Brest - London        => not dislodged
        F Yorkshire Supports A Brest - London
        Germany:
        F North Sea Supports F Belgium - English Channel  => succeeds
        F Belgium - English Channel                       => fails
        ",
    );
    let rulebooks = "
        England:
        F London Supports F Wales - English Channel       => dislodged
        F Wales - English Channel                         => fails
        France:
        A Brest - London                                  => succeeds
        F English Channel Convoys A Brest - London        => not dislodged
        F Yorkshire Supports A Brest - London
        Germany:
        F North Sea Supports F Belgium - English Channel  => succeeds
        F Belgium - English Channel                       => fails
        ";
    check_1971(rulebooks, "paradox-1971");
    check_with(rulebooks, "paradox-1982");
    check_with(rulebooks, "paradox-2000");
}

/// 6.F.18. TEST CASE, BETRAYAL PARADOX
/// Szykman (preferred): the convoy fails, the army in London does not move, Belgium's support is
/// not cut and the North Sea is not dislodged. 1982 rule: Belgium's support is not cut, the North
/// Sea is not dislodged and the army from London dislodges Belgium. (1971/2000/2023: no answer.)
#[test]
fn datc_6_f_18() {
    check(
        "
        England:
        F North Sea Convoys A London - Belgium              => not dislodged
        A London - Belgium                                  => fails
        F English Channel Supports A London - Belgium
        France:
        F Belgium Supports F North Sea                      => succeeds, not dislodged
        Germany:
        F Helgoland Bight Supports F Skagerrak - North Sea  => succeeds
        F Skagerrak - North Sea                             => fails
        ",
    );
    check_with(
        "
        England:
        F North Sea Convoys A London - Belgium              => not dislodged
        A London - Belgium                                  => succeeds
        F English Channel Supports A London - Belgium       => succeeds
        France:
        F Belgium Supports F North Sea                      => dislodged
        Germany:
        F Helgoland Bight Supports F Skagerrak - North Sea  => succeeds
        F Skagerrak - North Sea                             => fails
        ",
        "paradox-1982",
    );
}

/// 6.F.19. TEST CASE, MULTI-ROUTE CONVOY DISRUPTION PARADOX
/// Szykman (preferred) and the 2000/2023 rule: the Tyrrhenian Sea is not necessary, Naples'
/// support is cut and the Tyrrhenian Sea is not dislodged. 1971 and 1982 rules: the support is not
/// cut and Rome dislodges the Tyrrhenian Sea.
#[test]
fn datc_6_f_19() {
    let preferred = "
        France:
        A Tunis - Naples                           => fails
        F Tyrrhenian Sea Convoys A Tunis - Naples  => not dislodged
        F Ionian Sea Convoys A Tunis - Naples
        Italy:
        F Naples Supports F Rome - Tyrrhenian Sea  => fails
        F Rome - Tyrrhenian Sea                    => fails
        ";
    check(preferred);
    check_with(preferred, "paradox-2000");
    let uncut = "
        France:
        A Tunis - Naples                           => fails
        F Tyrrhenian Sea Convoys A Tunis - Naples  => dislodged
        F Ionian Sea Convoys A Tunis - Naples
        Italy:
        F Naples Supports F Rome - Tyrrhenian Sea  => succeeds
        F Rome - Tyrrhenian Sea                    => succeeds
        ";
    // The 1971 paradox rule, alone too: the Tyrrhenian Sea is one of the convoy fleets (the
    // 2000 rule asks whether it is needed, and it is not).
    check_1971(uncut, "paradox-1971");
    check_with(uncut, "paradox-1982");
}

/// 6.F.20. TEST CASE, UNWANTED MULTI-ROUTE CONVOY PARADOX
/// Szykman (preferred) and 2000/2023: Naples' support is cut and the Ionian Sea is dislodged by
/// the Eastern Mediterranean. 1982 rule: the support is not cut and the Ionian Sea is not
/// dislodged. (1971: no answer.)
#[test]
fn datc_6_f_20() {
    let preferred = "
        France:
        A Tunis - Naples                                            => fails
        F Tyrrhenian Sea Convoys A Tunis - Naples
        Italy:
        F Naples Supports F Ionian Sea                              => fails
        F Ionian Sea Convoys A Tunis - Naples                       => dislodged
        Turkey:
        F Aegean Sea Supports F Eastern Mediterranean - Ionian Sea  => succeeds
        F Eastern Mediterranean - Ionian Sea                        => succeeds
        ";
    check(preferred);
    check_with(preferred, "paradox-2000");
    check_with(
        "
        France:
        A Tunis - Naples                                            => fails
        F Tyrrhenian Sea Convoys A Tunis - Naples
        Italy:
        F Naples Supports F Ionian Sea                              => succeeds
        F Ionian Sea Convoys A Tunis - Naples                       => not dislodged
        Turkey:
        F Aegean Sea Supports F Eastern Mediterranean - Ionian Sea  => succeeds
        F Eastern Mediterranean - Ionian Sea                        => fails
        ",
        "paradox-1982",
    );
}

/// 6.F.21. TEST CASE, DAD'S ARMY CONVOY
/// All rules but the 1982 paradox rule: Clyde's support is cut and the Mid-Atlantic Ocean
/// dislodges the North Atlantic Ocean. 1982 rule: the support is not cut and the North Atlantic
/// Ocean is not dislodged. (The fate of Norway's army and Clyde's fleet is not stated by DATC.)
#[test]
fn datc_6_f_21() {
    let preferred = "
        Russia:
        A Edinburgh Supports A Norway - Clyde
        F Norwegian Sea Convoys A Norway - Clyde
        A Norway - Clyde
        France:
        F Irish Sea Supports F Mid-Atlantic Ocean - North Atlantic Ocean  => succeeds
        F Mid-Atlantic Ocean - North Atlantic Ocean                       => succeeds
        England:
        A Liverpool - Clyde via convoy                                    => fails
        F North Atlantic Ocean Convoys A Liverpool - Clyde                => dislodged
        F Clyde Supports F North Atlantic Ocean                           => fails
        ";
    check(preferred);
    check_1971(preferred, "paradox-1971");
    check_with(preferred, "paradox-2000");
    check_with(
        "
        Russia:
        A Edinburgh Supports A Norway - Clyde
        F Norwegian Sea Convoys A Norway - Clyde
        A Norway - Clyde
        France:
        F Irish Sea Supports F Mid-Atlantic Ocean - North Atlantic Ocean  => succeeds
        F Mid-Atlantic Ocean - North Atlantic Ocean                       => fails
        England:
        A Liverpool - Clyde via convoy
        F North Atlantic Ocean Convoys A Liverpool - Clyde                => not dislodged
        F Clyde Supports F North Atlantic Ocean                           => succeeds
        ",
        "paradox-1982",
    );
}

/// 6.F.22. TEST CASE, SECOND ORDER PARADOX WITH TWO RESOLUTIONS
/// Szykman (preferred) and 1982: the supports are not cut, the convoyed armies fail, Picardy
/// dislodges the English Channel and Edinburgh dislodges the North Sea. (1971/2000/2023: no
/// answer.)
#[test]
fn datc_6_f_22() {
    let text = "
        England:
        F Edinburgh - North Sea                         => succeeds
        F London Supports F Edinburgh - North Sea       => succeeds
        France:
        A Brest - London                                => fails
        F English Channel Convoys A Brest - London      => dislodged
        Germany:
        F Belgium Supports F Picardy - English Channel  => succeeds
        F Picardy - English Channel                     => succeeds
        Russia:
        A Norway - Belgium                              => fails
        F North Sea Convoys A Norway - Belgium          => dislodged
        ";
    check(text);
    check_with(text, "paradox-1982");
}

/// 6.F.23. TEST CASE, SECOND ORDER PARADOX WITH TWO EXCLUSIVE CONVOYS
/// Szykman (preferred) and 1982: the convoyed armies fail, the supports are not cut and no unit
/// moves. (1971/2000/2023: no answer.)
#[test]
fn datc_6_f_23() {
    let text = "
        England:
        F Edinburgh - North Sea                                      => fails
        F Yorkshire Supports F Edinburgh - North Sea                 => succeeds
        France:
        A Brest - London                                             => fails
        F English Channel Convoys A Brest - London                   => not dislodged
        Germany:
        F Belgium Supports F English Channel                         => succeeds
        F London Supports F North Sea                                => succeeds
        Italy:
        F Mid-Atlantic Ocean - English Channel                       => fails
        F Irish Sea Supports F Mid-Atlantic Ocean - English Channel  => succeeds
        Russia:
        A Norway - Belgium                                           => fails
        F North Sea Convoys A Norway - Belgium                       => not dislodged
        ";
    check(text);
    check_with(text, "paradox-1982");
}

/// 6.F.24. TEST CASE, SECOND ORDER PARADOX WITH NO RESOLUTION
/// Szykman (preferred) and 1982: the supports are not cut and the convoyed armies fail; the
/// English Channel survives and the North Sea is dislodged. (1971/2000/2023: no answer.)
#[test]
fn datc_6_f_24() {
    let text = "
        England:
        F Edinburgh - North Sea                                      => succeeds
        F London Supports F Edinburgh - North Sea                    => succeeds
        F Irish Sea - English Channel                                => fails
        F Mid-Atlantic Ocean Supports F Irish Sea - English Channel  => succeeds
        France:
        A Brest - London                                             => fails
        F English Channel Convoys A Brest - London                   => not dislodged
        F Belgium Supports F English Channel                         => succeeds
        Russia:
        A Norway - Belgium                                           => fails
        F North Sea Convoys A Norway - Belgium                       => dislodged
        ";
    check(text);
    check_with(text, "paradox-1982");
}

/// 6.F.25. TEST CASE, CUT SUPPORT LAST
/// Sweden and the Norwegian Sea fail to disrupt the convoys; Denmark reaches Norway and cuts its
/// support; Yorkshire reaches Holland and cuts its support; Ruhr fails to dislodge Belgium.
/// (Orders verbatim, including DATC's spelling `Rhur` and the omitted unit types.)
#[test]
fn datc_6_f_25() {
    check(
        "
        Germany:
        A Rhur - Belgium                                => fails
        A Holland Supports Rhur - Belgium               => fails, dislodged
        A Denmark - Norway                              => succeeds
        F Skagerrak Convoys Denmark - Norway            => succeeds, not dislodged
        A Finland Supports Denmark - Norway             => succeeds
        England:
        A Yorkshire - Holland                           => succeeds
        F North Sea Convoys Yorkshire - Holland         => succeeds, not dislodged
        F Helgoland Bight Supports Yorkshire - Holland  => succeeds
        A Belgium Hold                                  => not dislodged
        Russia:
        F Norwegian Sea - North Sea                     => fails
        F Norway Supports Norwegian Sea - North Sea     => fails, dislodged
        F Sweden - Skagerrak                            => fails
        ",
    );
}

// ---------------------------------------------------------------------------------------------
// 6.G. Convoying to adjacent provinces
// ---------------------------------------------------------------------------------------------

/// 6.G.1. TEST CASE, TWO UNITS CAN SWAP PROVINCES BY CONVOY
/// Preferred: an own convoying fleet shows intent and the units swap. DPTG: a head-to-head battle.
#[test]
fn datc_6_g_01() {
    check(
        "
        England:
        A Norway - Sweden                      => succeeds
        F Skagerrak Convoys A Norway - Sweden  => succeeds
        Russia:
        A Sweden - Norway                      => succeeds
        ",
    );
    check_with(
        "
        England:
        A Norway - Sweden  => fails
        F Skagerrak Convoys A Norway - Sweden
        Russia:
        A Sweden - Norway  => fails
        ",
        "dptg",
    );
}

/// 6.G.2. TEST CASE, KIDNAPPING AN ARMY
/// Preferred: kidnapping is prevented and both units fail to move. 1971: the army is kidnapped and
/// the units swap.
#[test]
fn datc_6_g_02() {
    check(
        "
        England:
        A Norway - Sweden  => fails
        Russia:
        F Sweden - Norway  => fails
        Germany:
        F Skagerrak Convoys A Norway - Sweden
        ",
    );
    check_1971(
        "
        England:
        A Norway - Sweden  => succeeds
        Russia:
        F Sweden - Norway  => succeeds
        Germany:
        F Skagerrak Convoys A Norway - Sweden
        ",
        "adjacent-1971",
    );
}

/// 6.G.3. TEST CASE, AN UNWANTED DISRUPTED CONVOY TO ADJACENT PROVINCE
/// Picardy moves to Belgium by land (preferred, and the same under 1971).
#[test]
fn datc_6_g_03() {
    let text = "
        France:
        F Brest - English Channel                                => succeeds
        A Picardy - Belgium                                      => succeeds
        A Burgundy Supports A Picardy - Belgium                  => succeeds
        F Mid-Atlantic Ocean Supports F Brest - English Channel  => succeeds
        England:
        F English Channel Convoys A Picardy - Belgium            => dislodged
        ";
    check(text);
    check_1971(text, "adjacent-1971");
}

/// 6.G.4. TEST CASE, AN UNWANTED DISRUPTED CONVOY TO ADJACENT PROVINCE AND OPPOSITE MOVE
/// Kidnapping is prevented and the French army moves (preferred, 1971 and DPTG alike).
#[test]
fn datc_6_g_04() {
    let text = "
        France:
        F Brest - English Channel                                => succeeds
        A Picardy - Belgium                                      => succeeds
        A Burgundy Supports A Picardy - Belgium                  => succeeds
        F Mid-Atlantic Ocean Supports F Brest - English Channel  => succeeds
        England:
        F English Channel Convoys A Picardy - Belgium            => dislodged
        A Belgium - Picardy                                      => fails, dislodged
        ";
    check(text);
    check_1971(text, "adjacent-1971");
    check_with(text, "dptg");
}

/// 6.G.5. TEST CASE, SWAPPING WITH MULTIPLE FLEETS WITH ONE OWN FLEET
/// Preferred: one own fleet shows intent and the units swap. DPTG: a head-to-head battle.
#[test]
fn datc_6_g_05() {
    check(
        "
        Italy:
        A Rome - Apulia                           => succeeds
        F Tyrrhenian Sea Convoys A Apulia - Rome  => succeeds
        Turkey:
        A Apulia - Rome                           => succeeds
        F Ionian Sea Convoys A Apulia - Rome      => succeeds
        ",
    );
    check_with(
        "
        Italy:
        A Rome - Apulia  => fails
        F Tyrrhenian Sea Convoys A Apulia - Rome
        Turkey:
        A Apulia - Rome  => fails
        F Ionian Sea Convoys A Apulia - Rome
        ",
        "dptg",
    );
}

/// 6.G.6. TEST CASE, SWAPPING WITH UNINTENDED INTENT
/// Preferred and 1971: England intends to convoy and the armies swap (via the Russian fleets).
/// DPTG: a head-to-head battle, neither army moves.
#[test]
fn datc_6_g_06() {
    let swap = "
        England:
        A Liverpool - Edinburgh                                 => succeeds
        F English Channel Convoys A Liverpool - Edinburgh
        Germany:
        A Edinburgh - Liverpool                                 => succeeds
        France:
        F Irish Sea Hold
        F North Sea Hold
        Russia:
        F Norwegian Sea Convoys A Liverpool - Edinburgh         => succeeds
        F North Atlantic Ocean Convoys A Liverpool - Edinburgh  => succeeds
        ";
    check(swap);
    check_1971(swap, "adjacent-1971");
    check_with(
        "
        England:
        A Liverpool - Edinburgh  => fails
        F English Channel Convoys A Liverpool - Edinburgh
        Germany:
        A Edinburgh - Liverpool  => fails
        France:
        F Irish Sea Hold
        F North Sea Hold
        Russia:
        F Norwegian Sea Convoys A Liverpool - Edinburgh
        F North Atlantic Ocean Convoys A Liverpool - Edinburgh
        ",
        "dptg",
    );
}

/// 6.G.7. TEST CASE, SWAPPING WITH ILLEGAL INTENT
/// Preferred: the impossible convoy from the Gulf of Bothnia is ignored, there is no intent and
/// neither unit moves (DPTG alike). 1971: the units swap.
#[test]
fn datc_6_g_07() {
    let text = "
        England:
        F Skagerrak Convoys A Sweden - Norway
        F Norway - Sweden                            => fails
        Russia:
        A Sweden - Norway                            => fails
        F Gulf of Bothnia Convoys A Sweden - Norway  => illegal
        ";
    check(text);
    check_with(
        "
        England:
        F Skagerrak Convoys A Sweden - Norway
        F Norway - Sweden  => fails
        Russia:
        A Sweden - Norway  => fails
        F Gulf of Bothnia Convoys A Sweden - Norway
        ",
        "dptg",
    );
    check_1971(
        "
        England:
        F Skagerrak Convoys A Sweden - Norway
        F Norway - Sweden  => succeeds
        Russia:
        A Sweden - Norway  => succeeds
        F Gulf of Bothnia Convoys A Sweden - Norway
        ",
        "adjacent-1971",
    );
}

/// 6.G.8. TEST CASE, EXPLICIT CONVOY THAT ISN'T THERE
/// Preferred (no fallback): the army ordered via convoy does not move. With the land route as
/// fallback it would move to the vacated Holland.
#[test]
fn datc_6_g_08() {
    check(
        "
        France:
        A Belgium - Holland via convoy  => fails
        England:
        F North Sea - Helgoland Bight   => succeeds
        A Holland - Kiel                => succeeds
        ",
    );
    check_with(
        "
        France:
        A Belgium - Holland via convoy  => succeeds
        England:
        F North Sea - Helgoland Bight   => succeeds
        A Holland - Kiel                => succeeds
        ",
        "convoy-fallback",
    );
}

/// 6.G.9. TEST CASE, SWAPPED OR DISLODGED?
/// Preferred: the move of Norway is via convoy and the armies swap. DPTG: Sweden is dislodged by
/// the army from Norway.
#[test]
fn datc_6_g_09() {
    check(
        "
        England:
        A Norway - Sweden                      => succeeds
        F Skagerrak Convoys A Norway - Sweden  => succeeds
        F Finland Supports A Norway - Sweden   => succeeds
        Russia:
        A Sweden - Norway                      => succeeds, not dislodged
        ",
    );
    check_with(
        "
        England:
        A Norway - Sweden                     => succeeds
        F Skagerrak Convoys A Norway - Sweden
        F Finland Supports A Norway - Sweden  => succeeds
        Russia:
        A Sweden - Norway                     => fails, dislodged
        ",
        "dptg",
    );
}

/// 6.G.10. TEST CASE, SWAPPED OR AN HEAD-TO-HEAD BATTLE?
/// Norway dislodges Sweden via convoy; Sweden does not reach Norway. Preferred (4.A.7 b): the
/// dislodged Swedish army still bounces the Norwegian Sea. Literal rule (4.A.7 a): the Norwegian
/// Sea moves to Norway.
#[test]
fn datc_6_g_10() {
    check(
        "
        England:
        A Norway - Sweden via convoy                   => succeeds
        F Denmark Supports A Norway - Sweden           => succeeds
        F Finland Supports A Norway - Sweden           => succeeds
        Germany:
        F Skagerrak Convoys A Norway - Sweden          => succeeds
        Russia:
        A Sweden - Norway                              => fails, dislodged
        F Barents Sea Supports A Sweden - Norway       => succeeds
        France:
        F Norwegian Sea - Norway                       => fails
        F North Sea Supports F Norwegian Sea - Norway  => succeeds
        ",
    );
    check_with(
        "
        England:
        A Norway - Sweden via convoy                   => succeeds
        F Denmark Supports A Norway - Sweden           => succeeds
        F Finland Supports A Norway - Sweden           => succeeds
        Germany:
        F Skagerrak Convoys A Norway - Sweden          => succeeds
        Russia:
        A Sweden - Norway                              => fails, dislodged
        F Barents Sea Supports A Sweden - Norway       => succeeds
        France:
        F Norwegian Sea - Norway                       => succeeds
        F North Sea Supports F Norwegian Sea - Norway  => succeeds
        ",
        "dislodged-never-prevents",
    );
}

/// 6.G.11. TEST CASE, A CONVOY TO AN ADJACENT PROVINCE WITH A PARADOX
/// Preferred (no fallback): the simplest convoy paradox; the North Sea dislodges Skagerrak and
/// Sweden does not advance. 1971: Sweden moves by land and dislodges Norway; Skagerrak is not
/// dislodged.
#[test]
fn datc_6_g_11() {
    check(
        "
        England:
        F Norway Supports F North Sea - Skagerrak  => succeeds, not dislodged
        F North Sea - Skagerrak                    => succeeds
        Russia:
        A Sweden - Norway                          => fails
        F Skagerrak Convoys A Sweden - Norway      => dislodged
        F Barents Sea Supports A Sweden - Norway
        ",
    );
    let over_land = "
        England:
        F Norway Supports F North Sea - Skagerrak  => dislodged
        F North Sea - Skagerrak                    => fails
        Russia:
        A Sweden - Norway                          => succeeds
        F Skagerrak Convoys A Sweden - Norway      => not dislodged
        F Barents Sea Supports A Sweden - Norway   => succeeds
        ";
    check_1971(over_land, "adjacent-1971");
    // The DATC v2 fallback takes the land route here too; a static paradox rule, which spares
    // supports only from armies that go by convoy, does not change that.
    check_with(over_land, "convoy-fallback");
    check_with(over_land, "convoy-fallback+paradox-1971");
    check_with(over_land, "convoy-fallback+paradox-1982");
    check_with(over_land, "convoy-fallback+paradox-2000");
}

/// 6.G.12. TEST CASE, SWAPPING TWO UNITS WITH TWO CONVOYS
/// The armies in Liverpool and Edinburgh swap.
#[test]
fn datc_6_g_12() {
    check(
        "
        England:
        A Liverpool - Edinburgh via convoy                      => succeeds
        F North Atlantic Ocean Convoys A Liverpool - Edinburgh  => succeeds
        F Norwegian Sea Convoys A Liverpool - Edinburgh         => succeeds
        Germany:
        A Edinburgh - Liverpool via convoy                      => succeeds
        F North Sea Convoys A Edinburgh - Liverpool             => succeeds
        F English Channel Convoys A Edinburgh - Liverpool       => succeeds
        F Irish Sea Convoys A Edinburgh - Liverpool             => succeeds
        ",
    );
}

/// 6.G.13. TEST CASE, SUPPORT CUT ON ATTACK ON ITSELF VIA CONVOY
/// Preferred (4.A.4 a, and likewise 1971 where the move goes over land): Venice's support is not
/// cut and Albania dislodges Trieste. If the convoyed attack comes from the Adriatic Sea (4.A.4 b)
/// the support is cut and Trieste is not dislodged.
#[test]
fn datc_6_g_13() {
    let text = "
        Austria:
        F Adriatic Sea Convoys A Trieste - Venice
        A Trieste - Venice via convoy          => fails, dislodged
        Italy:
        A Venice Supports F Albania - Trieste  => succeeds
        F Albania - Trieste                    => succeeds
        ";
    check(text);
    check_1971(text, "adjacent-1971");
    let cut = "
        Austria:
        F Adriatic Sea Convoys A Trieste - Venice
        A Trieste - Venice via convoy          => fails, not dislodged
        Italy:
        A Venice Supports F Albania - Trieste  => fails
        F Albania - Trieste                    => fails
        ";
    check_with(cut, "attack-via-convoy-cuts");
    // With the DATC v2 fallback too: nothing attacks the Adriatic, so the army does go by
    // convoy, and its attack comes from the body of water.
    check_with(cut, "convoy-fallback+attack-via-convoy-cuts");
}

/// 6.G.14. TEST CASE, BOUNCE BY CONVOY TO ADJACENT PROVINCE
/// Sweden is bounced by the Norwegian Sea; Norway dislodges Sweden. Preferred (4.A.7 b): the
/// Norwegian Sea bounces and stays; literal (4.A.7 a): it advances to Norway.
#[test]
fn datc_6_g_14() {
    check(
        "
        England:
        A Norway - Sweden                              => succeeds
        F Denmark Supports A Norway - Sweden           => succeeds
        F Finland Supports A Norway - Sweden           => succeeds
        France:
        F Norwegian Sea - Norway                       => fails
        F North Sea Supports F Norwegian Sea - Norway  => succeeds
        Germany:
        F Skagerrak Convoys A Sweden - Norway
        Russia:
        A Sweden - Norway via convoy                   => fails, dislodged
        F Barents Sea Supports A Sweden - Norway       => succeeds
        ",
    );
    check_with(
        "
        England:
        A Norway - Sweden                              => succeeds
        F Denmark Supports A Norway - Sweden           => succeeds
        F Finland Supports A Norway - Sweden           => succeeds
        France:
        F Norwegian Sea - Norway                       => succeeds
        F North Sea Supports F Norwegian Sea - Norway  => succeeds
        Germany:
        F Skagerrak Convoys A Sweden - Norway
        Russia:
        A Sweden - Norway via convoy                   => fails, dislodged
        F Barents Sea Supports A Sweden - Norway       => succeeds
        ",
        "dislodged-never-prevents",
    );
}

/// 6.G.15. TEST CASE, BOUNCE AND DISLODGE WITH DOUBLE CONVOY
/// Belgium is bounced by Yorkshire; London moves to Belgium and dislodges it. Preferred (4.A.7 b):
/// Yorkshire bounces and stays; literal (4.A.7 a): Yorkshire advances to London.
#[test]
fn datc_6_g_15() {
    check(
        "
        England:
        F North Sea Convoys A London - Belgium  => succeeds
        A Holland Supports A London - Belgium   => succeeds
        A Yorkshire - London                    => fails
        A London - Belgium via convoy           => succeeds
        France:
        F English Channel Convoys A Belgium - London
        A Belgium - London via convoy           => fails, dislodged
        ",
    );
    check_with(
        "
        England:
        F North Sea Convoys A London - Belgium  => succeeds
        A Holland Supports A London - Belgium   => succeeds
        A Yorkshire - London                    => succeeds
        A London - Belgium via convoy           => succeeds
        France:
        F English Channel Convoys A Belgium - London
        A Belgium - London via convoy           => fails, dislodged
        ",
        "dislodged-never-prevents",
    );
}

/// 6.G.16. TEST CASE, THE TWO UNIT IN ONE AREA BUG, MOVING BY CONVOY
/// Norway moves to Sweden and Sweden ends in Norway (stronger than the North Sea, which stays).
#[test]
fn datc_6_g_16() {
    check(
        "
        England:
        A Norway - Sweden                           => succeeds
        A Denmark Supports A Norway - Sweden        => succeeds
        F Baltic Sea Supports A Norway - Sweden     => succeeds
        F North Sea - Norway                        => fails
        Russia:
        A Sweden - Norway via convoy                => succeeds
        F Skagerrak Convoys A Sweden - Norway       => succeeds
        F Norwegian Sea Supports A Sweden - Norway  => succeeds
        ",
    );
}

/// 6.G.17. TEST CASE, THE TWO UNIT IN ONE AREA BUG, MOVING OVER LAND
/// Sweden and Norway swap; the North Sea bounces.
#[test]
fn datc_6_g_17() {
    check(
        "
        England:
        A Norway - Sweden via convoy                => succeeds
        A Denmark Supports A Norway - Sweden        => succeeds
        F Baltic Sea Supports A Norway - Sweden     => succeeds
        F Skagerrak Convoys A Norway - Sweden       => succeeds
        F North Sea - Norway                        => fails
        Russia:
        A Sweden - Norway                           => succeeds
        F Norwegian Sea Supports A Sweden - Norway  => succeeds
        ",
    );
}

/// 6.G.18. TEST CASE, THE TWO UNIT IN ONE AREA BUG, WITH DOUBLE CONVOY
/// Belgium and London swap; Yorkshire fails to move to London.
#[test]
fn datc_6_g_18() {
    check(
        "
        England:
        F North Sea Convoys A London - Belgium        => succeeds
        A Holland Supports A London - Belgium         => succeeds
        A Yorkshire - London                          => fails
        A London - Belgium                            => succeeds
        A Ruhr Supports A London - Belgium            => succeeds
        France:
        F English Channel Convoys A Belgium - London  => succeeds
        A Belgium - London                            => succeeds
        A Wales Supports A Belgium - London           => succeeds
        ",
    );
}

/// 6.G.19. TEST CASE, SWAPPING WITH INTENT OF UNNECESSARY CONVOY
/// Preferred: the Western Mediterranean is necessary for no route, so its convoy is illegal;
/// the foreign fleet cannot express intent and neither unit moves (DPTG alike). 1971: the units
/// swap.
#[test]
fn datc_6_g_19() {
    check(
        "
        France:
        A Marseilles - Spain                                  => fails
        F Western Mediterranean Convoys A Marseilles - Spain  => illegal
        Italy:
        F Gulf of Lyon Convoys A Marseilles - Spain
        A Spain - Marseilles                                  => fails
        ",
    );
    check_with(
        "
        France:
        A Marseilles - Spain  => fails
        F Western Mediterranean Convoys A Marseilles - Spain
        Italy:
        F Gulf of Lyon Convoys A Marseilles - Spain
        A Spain - Marseilles  => fails
        ",
        "dptg",
    );
    check_1971(
        "
        France:
        A Marseilles - Spain  => succeeds
        F Western Mediterranean Convoys A Marseilles - Spain
        Italy:
        F Gulf of Lyon Convoys A Marseilles - Spain
        A Spain - Marseilles  => succeeds
        ",
        "adjacent-1971",
    );
}

/// 6.G.20. TEST CASE, EXPLICIT CONVOY TO ADJACENT PROVINCE DISRUPTED
/// Preferred (no fallback): the move of Picardy via the disrupted convoy fails. With the land
/// route as fallback it succeeds.
#[test]
fn datc_6_g_20() {
    check(
        "
        France:
        F Brest - English Channel                                => succeeds
        A Picardy - Belgium via Convoy                           => fails
        A Burgundy Supports A Picardy - Belgium
        F Mid-Atlantic Ocean Supports F Brest - English Channel  => succeeds
        England:
        F English Channel Convoys A Picardy - Belgium            => dislodged
        ",
    );
    check_with(
        "
        France:
        F Brest - English Channel                                => succeeds
        A Picardy - Belgium via Convoy                           => succeeds
        A Burgundy Supports A Picardy - Belgium                  => succeeds
        F Mid-Atlantic Ocean Supports F Brest - English Channel  => succeeds
        England:
        F English Channel Convoys A Picardy - Belgium            => dislodged
        ",
        "convoy-fallback",
    );
}
