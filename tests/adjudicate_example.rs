//! The example people run, `examples/adjudicate.rs`: its report on the
//! seed's diagrams 4 to 8 (the files of `examples/turns/`), exactly as
//! printed, plus a unit with no retreat, a foreign-unit order and a turn-file error. The example
//! file is included as a module, so its `report` is tested as compiled.

#[path = "../examples/adjudicate.rs"]
mod example;

fn report(file: &str) -> String {
    let text = std::fs::read_to_string(format!(
        "{}/examples/turns/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the turn file exists");
    example::report(&text).expect("the turn file adjudicates")
}

#[test]
fn diagram_4_standoff() {
    assert_eq!(
        report("diagram4.txt"),
        "A Ber - Sil\tFAILS\tstandoff\nA War - Sil\tFAILS\tstandoff\n"
    );
}

#[test]
fn diagram_5_chain_of_failed_moves() {
    assert_eq!(
        report("diagram5.txt"),
        "A Pru H\tSUCCEEDS\theld\nA Ber - Pru\tFAILS\tbounced\nA Kie - Ber\tFAILS\tbounced\n"
    );
}

#[test]
fn diagram_6_no_swap() {
    assert_eq!(
        report("diagram6.txt"),
        "F Ber - Pru\tFAILS\tbounced\nA Pru - Ber\tFAILS\tbounced\n"
    );
}

#[test]
fn diagram_7_rotation() {
    assert_eq!(
        report("diagram7.txt"),
        "A Hol - Bel\tSUCCEEDS\tmoved\nF Bel - Nth\tSUCCEEDS\tmoved\nF Nth - Hol\tSUCCEEDS\tmoved\n"
    );
}

#[test]
fn diagram_8_supported_attack_is_the_default() {
    let expected = "A Mar - Bur\tSUCCEEDS\tmoved\nA Gas S A Mar - Bur\tSUCCEEDS\tsupport given\n\
                    A Bur H\tFAILS\tdislodged\n\
                    dislodged\tA Bur\tby Mar\tretreats: Bel Mun Par Pic Ruh\n";
    assert_eq!(report("diagram8.txt"), expected);
    // With no argument the example adjudicates the same diagram.
    let default = example::report(include_str!("../examples/turns/diagram8.txt")).unwrap();
    assert_eq!(default, expected);
}

#[test]
fn a_dislodged_unit_with_nowhere_to_go_is_reported_disbanded() {
    // Bla is the attacker's origin, Con and Arm are occupied: the fleet has no retreat.
    let text = "Turkey:\nF Ank H\nA Con H\nRussia:\nF Bla - Ank\nA Arm S F Bla - Ank\n";
    let report = example::report(text).unwrap();
    assert!(
        report.ends_with("dislodged\tF Ank\tby Bla\tretreats: none (disbanded)\n"),
        "{report}"
    );
}

#[test]
fn orders_are_echoed_as_written_and_foreign_orders_are_illegal() {
    let text =
        "England:\nF London   # a bare unit\nGermany:\n  f london -> north sea  # not Germany's\n";
    assert_eq!(
        example::report(text).unwrap(),
        "f london -> north sea\tFAILS\tillegal: the unit belongs to another power\n"
    );
}

#[test]
fn a_bad_line_is_named() {
    let error = example::report("France:\nA Par - Bur\nA Xyz - Bur\n").unwrap_err();
    assert_eq!(error, "line 3: unknown location at byte 2");
    assert_eq!(
        example::report("A Par H\n").unwrap_err(),
        "line 1: no power header (like `France:`) before this line"
    );
}
