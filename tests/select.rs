//! The seed's table (one test per row), the edge cases and the error paths of
//! `ordo::select`.

use core::cmp::Reverse;

use ordo::select::{
    self, Action, ActionRecord, Direction, FIELDS, Field, Key, MAX_BUCKETS, MAX_KEYS, MAX_ORDER,
    Rules, RulesError, SelectError, one_hot, order, preset, select, select_by_key,
};

fn card(bucket: u32, name: &'static str) -> ActionRecord<'static> {
    ActionRecord::new(bucket).with_name(name.as_bytes())
}

fn purchase(name: &'static str, cost: i64) -> ActionRecord<'static> {
    card(preset::PURCHASE, name).with_field(preset::COST, cost)
}

fn base(name: &'static str, outpost: bool, defense: i64, cost: i64) -> ActionRecord<'static> {
    card(preset::ATTACK_BASE, name)
        .with_flag(outpost)
        .with_field(preset::DEFENSE, defense)
        .with_field(preset::COST, cost)
}

fn chosen(actions: &[ActionRecord<'_>]) -> Option<usize> {
    select(actions, &preset::RULES)
}

// --- The seed's table, one test per row ------------------------------------------------------

#[test]
fn row0_pending_choices_come_first_by_name_then_index() {
    let actions = [
        purchase("Battlecruiser", 6),
        card(preset::PENDING, "scrap Viper"),
        card(preset::PENDING, "discard Scout"),
        card(preset::PENDING, "discard Scout"),
        card(preset::END_TURN, "end turn"),
    ];
    assert_eq!(chosen(&actions), Some(2));
}

#[test]
fn row1_purchase_picks_the_most_expensive_card_then_alphabetical() {
    let actions = [
        card(preset::PLAY_CARD, "Scout"),
        purchase("Explorer", 2),
        purchase("Cutter", 2),
        purchase("Trade Pod", 5),
        purchase("Blob Fighter", 3),
        card(preset::END_TURN, "end turn"),
    ];
    assert_eq!(chosen(&actions), Some(3), "the most expensive card");
    let tied = [
        purchase("Explorer", 2),
        purchase("Cutter", 2),
        purchase("Scout", 1),
    ];
    assert_eq!(chosen(&tied), Some(1), "equal cost: alphabetical");
}

#[test]
fn row2_base_ability_by_name() {
    let actions = [
        card(preset::PLAY_CARD, "Anything"),
        card(preset::BASE_ABILITY, "Trading Post"),
        card(preset::BASE_ABILITY, "Barter World"),
        card(preset::ATTACK_OPPONENT, "attack"),
    ];
    assert_eq!(chosen(&actions), Some(2));
}

#[test]
fn row3_play_card_by_name() {
    let actions = [
        card(preset::ATTACK_BASE, "A base"),
        card(preset::PLAY_CARD, "Viper"),
        card(preset::PLAY_CARD, "Scout"),
        card(preset::PLAY_CARD, "Scout"),
        card(preset::END_TURN, "end turn"),
    ];
    assert_eq!(chosen(&actions), Some(2));
}

#[test]
fn row4_attack_base_outposts_first() {
    let actions = [
        base("Big Base", false, 9, 8),
        base("Small Outpost", true, 3, 2),
    ];
    assert_eq!(chosen(&actions), Some(1));
}

#[test]
fn row4_attack_base_then_defense_cost_and_name_descending() {
    let by_defense = [base("A", true, 4, 9), base("B", true, 5, 1)];
    assert_eq!(chosen(&by_defense), Some(1), "defense descending");
    let by_cost = [base("A", true, 5, 3), base("B", true, 5, 4)];
    assert_eq!(chosen(&by_cost), Some(1), "cost descending");
    let by_name = [
        base("Blob Wheel", false, 5, 3),
        base("War World", false, 5, 3),
        base("Trading Post", false, 5, 3),
    ];
    assert_eq!(chosen(&by_name), Some(1), "name descending");
    let all_equal = [base("Same", false, 5, 3), base("Same", false, 5, 3)];
    assert_eq!(chosen(&all_equal), Some(0), "full tie: input order");
}

#[test]
fn row5_attack_opponent_by_index() {
    let actions = [
        card(preset::END_TURN, "end turn"),
        card(preset::ATTACK_OPPONENT, "attack with 5"),
        card(preset::ATTACK_OPPONENT, "attack with 3"),
    ];
    assert_eq!(chosen(&actions), Some(1));
}

#[test]
fn row6_end_turn_only_when_nothing_else_and_by_index() {
    let actions = [
        card(preset::END_TURN, "end turn b"),
        card(preset::END_TURN, "end turn a"),
    ];
    assert_eq!(chosen(&actions), Some(0));
    let with_attack = [
        card(preset::END_TURN, "end turn"),
        card(preset::ATTACK_OPPONENT, "attack"),
    ];
    assert_eq!(chosen(&with_attack), Some(1));
}

#[test]
fn priority_follows_the_bucket_number() {
    // One action per bucket, in reverse priority order: removing the winner each time walks
    // the buckets 0, 1, ..., 6.
    let mut actions = vec![
        card(preset::END_TURN, "end"),
        card(preset::ATTACK_OPPONENT, "attack"),
        base("Outpost", true, 4, 3),
        card(preset::PLAY_CARD, "Scout"),
        card(preset::BASE_ABILITY, "Barter World"),
        purchase("Cutter", 2),
        card(preset::PENDING, "discard"),
    ];
    let mut seen = Vec::new();
    while let Some(index) = chosen(&actions) {
        seen.push(actions.remove(index).bucket);
    }
    assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6]);
}

#[test]
fn preset_table_matches_the_seed() {
    use Field::*;
    let cost = Int(preset::COST as u8);
    let defense = Int(preset::DEFENSE as u8);
    assert_eq!(preset::RULES.len(), 7);
    assert_eq!(
        preset::RULES.keys(preset::PENDING),
        [Key::asc(Name), Key::asc(Position)]
    );
    assert_eq!(
        preset::RULES.keys(preset::PURCHASE),
        [Key::desc(cost), Key::asc(Name)]
    );
    assert_eq!(preset::RULES.keys(preset::BASE_ABILITY), [Key::asc(Name)]);
    assert_eq!(preset::RULES.keys(preset::PLAY_CARD), [Key::asc(Name)]);
    assert_eq!(
        preset::RULES.keys(preset::ATTACK_BASE),
        [
            Key::desc(Flag),
            Key::desc(defense),
            Key::desc(cost),
            Key::desc(Name)
        ]
    );
    assert_eq!(
        preset::RULES.keys(preset::ATTACK_OPPONENT),
        [Key::asc(Position)]
    );
    assert_eq!(preset::RULES.keys(preset::END_TURN), [Key::asc(Position)]);
    assert_eq!(preset::RULES.keys(7), []);
}

// --- Edge cases ------------------------------------------------------------------------------

#[test]
fn no_actions() {
    let none: [ActionRecord<'_>; 0] = [];
    assert_eq!(select(&none, &preset::RULES), None);
    let mut out = [7usize; 4];
    assert_eq!(order(&none, &preset::RULES, &mut out), Ok(0));
    assert_eq!(out, [7; 4]);
    let mut probabilities = [0.5f64; 2];
    assert_eq!(one_hot(&none, &preset::RULES, &mut probabilities), Ok(None));
    assert_eq!(probabilities, [0.5; 2]);
    assert_eq!(select_by_key(&none, |a| a.bucket, |_, a| a.name), None);
}

#[test]
fn one_action_is_chosen() {
    let actions = [card(9, "lonely")];
    assert_eq!(chosen(&actions), Some(0));
}

#[test]
fn one_bucket_uses_only_its_key() {
    let actions = [
        purchase("Viper", 1),
        purchase("Mech World", 5),
        purchase("Explorer", 2),
    ];
    assert_eq!(chosen(&actions), Some(1));
    let mut out = [0usize; 3];
    assert_eq!(order(&actions, &preset::RULES, &mut out), Ok(3));
    assert_eq!(out, [1, 2, 0]);
}

#[test]
fn all_ties_keep_input_order() {
    let actions = [purchase("Scout", 1); 5];
    assert_eq!(chosen(&actions), Some(0));
    let mut out = [0usize; 5];
    assert_eq!(order(&actions, &preset::RULES, &mut out), Ok(5));
    assert_eq!(out, [0, 1, 2, 3, 4]);
}

#[test]
fn a_name_sorts_before_the_names_it_prefixes() {
    let actions = [card(3, "Scout II"), card(3, "Scout"), card(3, "Scout I")];
    assert_eq!(chosen(&actions), Some(1));
    // Past the eight bytes the leading comparison sees, and with an embedded NUL.
    let long = [
        card(3, "Battle Pod"),
        card(3, "Battle Blob"),
        card(3, "Battle"),
    ];
    assert_eq!(chosen(&long), Some(2));
    let nul = [
        ActionRecord::new(3).with_name(b"ab\0"),
        ActionRecord::new(3).with_name(b"ab"),
    ];
    assert_eq!(chosen(&nul), Some(1));
}

#[test]
fn descending_names_prefer_the_longer_and_the_later() {
    let actions = [
        base("Scout", false, 1, 1),
        base("Scout II", false, 1, 1),
        base("Scout I", false, 1, 1),
    ];
    assert_eq!(chosen(&actions), Some(1));
    let past_eight = [
        base("Battle Blob", false, 1, 1),
        base("Battle Pod", false, 1, 1),
    ];
    assert_eq!(chosen(&past_eight), Some(1));
}

#[test]
fn names_compare_as_unsigned_bytes() {
    let actions = [
        ActionRecord::new(3).with_name(&[0xff]),
        ActionRecord::new(3).with_name(&[0x7f]),
    ];
    assert_eq!(chosen(&actions), Some(1));
    // UTF-8 byte order is code point order, as in the seed's Python string comparison.
    let accented = [card(3, "Éclair"), card(3, "Zed")];
    assert_eq!(chosen(&accented), Some(1));
}

#[test]
fn buckets_without_a_rule_fall_back_to_input_order() {
    let table: &[&[Key]] = &[&[Key::desc(Field::Int(0))], &[]];
    let rules = Rules::new(table).unwrap();
    let bucket1 = [
        ActionRecord::new(1).with_field(0, 1),
        ActionRecord::new(1).with_field(0, 9),
    ];
    assert_eq!(select(&bucket1, &rules), Some(0), "an empty rule");
    let far = [
        ActionRecord::new(u32::MAX).with_field(0, 1),
        ActionRecord::new(u32::MAX).with_field(0, 9),
        ActionRecord::new(40).with_name(b"z"),
        ActionRecord::new(40).with_name(b"a"),
    ];
    assert_eq!(select(&far, &rules), Some(2), "past the table");
    assert_eq!(select(&far, &Rules::input_order()), Some(2));
}

#[test]
fn integer_extremes_order_correctly_both_ways() {
    let table: &[&[Key]] = &[&[Key::asc(Field::Int(3))], &[Key::desc(Field::Int(3))]];
    let rules = Rules::new(table).unwrap();
    let values = [0, i64::MAX, -1, i64::MIN, 1];
    let ascending: Vec<_> = values
        .iter()
        .map(|&v| ActionRecord::new(0).with_field(3, v))
        .collect();
    assert_eq!(select(&ascending, &rules), Some(3));
    let descending: Vec<_> = values
        .iter()
        .map(|&v| ActionRecord::new(1).with_field(3, v))
        .collect();
    assert_eq!(select(&descending, &rules), Some(1));
    let mut out = [0usize; 5];
    assert_eq!(order(&descending, &rules, &mut out), Ok(5));
    assert_eq!(out, [1, 4, 0, 2, 3]);
}

#[test]
fn flag_and_position_keys() {
    let table: &[&[Key]] = &[
        &[Key::asc(Field::Flag)],
        &[Key::desc(Field::Position)],
        &[Key::desc(Field::Flag), Key::asc(Field::Int(0))],
    ];
    let rules = Rules::new(table).unwrap();
    let flags = [
        ActionRecord::new(0).with_flag(true),
        ActionRecord::new(0),
        ActionRecord::new(0),
    ];
    assert_eq!(select(&flags, &rules), Some(1));
    let last = [
        ActionRecord::new(1),
        ActionRecord::new(1),
        ActionRecord::new(1),
    ];
    assert_eq!(select(&last, &rules), Some(2));
    let flagged_then_small = [
        ActionRecord::new(2).with_field(0, -5),
        ActionRecord::new(2).with_flag(true).with_field(0, 3),
        ActionRecord::new(2).with_flag(true).with_field(0, 2),
    ];
    assert_eq!(select(&flagged_then_small, &rules), Some(2));
}

#[test]
fn order_lists_the_total_order_and_caps_it() {
    let actions = [
        card(preset::END_TURN, "end"),
        purchase("Cutter", 2),
        card(preset::PLAY_CARD, "Viper"),
        purchase("Battle Pod", 2),
        card(preset::PLAY_CARD, "Scout"),
        card(preset::PENDING, "discard"),
    ];
    let mut all = [usize::MAX; 8];
    assert_eq!(order(&actions, &preset::RULES, &mut all), Ok(6));
    assert_eq!(all, [5, 3, 1, 4, 2, 0, usize::MAX, usize::MAX]);
    let mut first_three = [0usize; 3];
    assert_eq!(order(&actions, &preset::RULES, &mut first_three), Ok(3));
    assert_eq!(first_three, [5, 3, 1]);
    let mut nothing: [usize; 0] = [];
    assert_eq!(order(&actions, &preset::RULES, &mut nothing), Ok(0));
}

#[test]
fn order_refuses_a_cap_above_the_bound_and_writes_nothing() {
    let actions = [card(0, "a"), card(0, "b")];
    let mut out = [42usize; MAX_ORDER + 1];
    assert_eq!(
        order(&actions, &preset::RULES, &mut out),
        Err(SelectError::CapTooLarge)
    );
    assert!(out.iter().all(|&slot| slot == 42));
    let mut at_bound = [42usize; MAX_ORDER];
    assert_eq!(order(&actions, &preset::RULES, &mut at_bound), Ok(2));
}

#[test]
fn one_hot_puts_all_mass_on_the_choice() {
    let actions = [
        card(preset::END_TURN, "end"),
        purchase("Cutter", 2),
        purchase("Trade Pod", 5),
    ];
    let mut out = [9.0f64; 4];
    assert_eq!(one_hot(&actions, &preset::RULES, &mut out), Ok(Some(2)));
    assert_eq!(out, [0.0, 0.0, 1.0, 9.0]);
    let mut short = [9.0f64; 2];
    assert_eq!(
        one_hot(&actions, &preset::RULES, &mut short),
        Err(SelectError::BufferTooSmall)
    );
    assert_eq!(short, [9.0, 9.0]);
}

#[test]
fn rules_are_validated() {
    let at = |error, bucket, key| Err(RulesError { error, bucket, key });
    let unknown: &[&[Key]] = &[&[Key::asc(Field::Int(FIELDS as u8))]];
    assert_eq!(Rules::new(unknown), at(SelectError::UnknownField, 0, 0));
    let last_field: &[&[Key]] = &[&[Key::asc(Field::Int(FIELDS as u8 - 1))]];
    assert!(Rules::new(last_field).is_ok());
    let many_keys = [Key::asc(Field::Name); MAX_KEYS + 1];
    let too_many_keys: &[&[Key]] = &[&many_keys];
    assert_eq!(
        Rules::new(too_many_keys),
        at(SelectError::TooManyKeys, 0, 0)
    );
    assert!(Rules::new(&[&many_keys[..MAX_KEYS]]).is_ok());
    let empty: &[Key] = &[];
    let buckets = [empty; MAX_BUCKETS + 1];
    assert_eq!(Rules::new(&buckets), at(SelectError::TooManyBuckets, 0, 0));
    assert!(Rules::new(&buckets[..MAX_BUCKETS]).is_ok());
    assert!(!SelectError::UnknownField.to_string().is_empty());
}

#[test]
fn a_refused_table_names_its_first_problem_and_where() {
    let at = |error, bucket, key| Err(RulesError { error, bucket, key });
    let bad = Key::asc(Field::Int(9));
    let good = Key::desc(Field::Int(1));
    let many = [good; MAX_KEYS + 1];
    // Bucket 1's key 2 comes before bucket 2's key 0, and a bucket before the next.
    let table: &[&[Key]] = &[&[good], &[good, good, bad, bad], &[bad]];
    assert_eq!(Rules::new(table), at(SelectError::UnknownField, 1, 2));
    // A bucket's number of keys is checked before its keys.
    let table: &[&[Key]] = &[&[good], &many, &[bad]];
    assert_eq!(Rules::new(table), at(SelectError::TooManyKeys, 1, 0));
    let mut with_bad_key = many;
    with_bad_key[0] = bad;
    let table: &[&[Key]] = &[&[good], &with_bad_key];
    assert_eq!(Rules::new(table), at(SelectError::TooManyKeys, 1, 0));
    // The number of buckets is checked before any bucket.
    let buckets = [&with_bad_key[..]; MAX_BUCKETS + 1];
    assert_eq!(Rules::new(&buckets), at(SelectError::TooManyBuckets, 0, 0));
    // The error alone, as statuses report it, and its message with the place.
    let problem = Rules::new(&[&[good], &[good, bad]]).unwrap_err();
    assert_eq!(SelectError::from(problem), SelectError::UnknownField);
    assert_eq!(
        problem.to_string(),
        "bucket 1, key 1: a key names an integer field that does not exist"
    );
    let too_many = Rules::new(&[&[good], &many]).unwrap_err();
    assert_eq!(
        too_many.to_string(),
        "bucket 1: a rule has more than MAX_KEYS keys"
    );
    assert_eq!(
        Rules::new(&buckets).unwrap_err().to_string(),
        "the rule table has more than MAX_BUCKETS buckets"
    );
    let source = core::error::Error::source(&problem).map(ToString::to_string);
    assert_eq!(source, Some(SelectError::UnknownField.to_string()));
}

#[test]
fn select_by_key_is_the_seed_select_over_caller_types() {
    // The seed's `_select(actions, priority, key_for)` with its own key functions.
    struct Legal {
        category: u8,
        name: &'static str,
        cost: i64,
    }
    let actions = [
        Legal {
            category: 6,
            name: "end",
            cost: 0,
        },
        Legal {
            category: 1,
            name: "Scout",
            cost: 3,
        },
        Legal {
            category: 1,
            name: "Cutter",
            cost: 5,
        },
        Legal {
            category: 1,
            name: "Blob",
            cost: 5,
        },
    ];
    let chosen = select_by_key(
        &actions,
        |a| a.category,
        |&category, a| match category {
            1 => (Reverse(a.cost), a.name),
            _ => (Reverse(0), ""),
        },
    );
    assert_eq!(chosen, Some(3));
}

#[test]
fn a_caller_type_implements_action() {
    struct Move {
        category: u32,
        score: i64,
    }
    impl Action for Move {
        fn bucket(&self) -> u32 {
            self.category
        }
        fn int(&self, _index: usize) -> i64 {
            self.score
        }
    }
    let table: &[&[Key]] = &[&[Key::desc(Field::Int(0))]];
    let rules = Rules::new(table).unwrap();
    let moves = [
        Move {
            category: 0,
            score: 3,
        },
        Move {
            category: 0,
            score: 8,
        },
        Move {
            category: 1,
            score: 99,
        },
    ];
    assert_eq!(select(&moves, &rules), Some(1));
    let by_reference: Vec<&Move> = moves.iter().collect();
    assert_eq!(select(&by_reference, &rules), Some(1));
    assert_eq!(
        Key::desc(Field::Int(0)).direction,
        Direction::Descending,
        "Key::desc"
    );
    let _ = select::preset::TABLE;

    // A rule reading the name and the flag a type does not carry: the defaults (an empty name,
    // no flag) tie every action, so the position decides, directly and through references.
    let table: &[&[Key]] = &[&[
        Key::desc(Field::Flag),
        Key::asc(Field::Name),
        Key::desc(Field::Position),
    ]];
    let rules = Rules::new(table).unwrap();
    assert_eq!(select(&moves[..2], &rules), Some(1));
    assert_eq!(select(&by_reference[..2], &rules), Some(1));
    let named: Vec<ActionRecord<'_>> = [("b", false), ("a", false), ("c", true)]
        .iter()
        .map(|&(name, flag)| card(0, name).with_flag(flag))
        .collect();
    let named_by_reference: Vec<&ActionRecord<'_>> = named.iter().collect();
    assert_eq!(
        select(&named_by_reference, &rules),
        Some(2),
        "the flag leads"
    );
    assert_eq!(
        select(&named_by_reference[..2], &rules),
        Some(1),
        "then the name"
    );
}

#[test]
fn rules_count_their_buckets() {
    let rules = Rules::new(preset::TABLE).unwrap();
    assert_eq!((rules.len(), rules.is_empty()), (7, false));
    let none = Rules::input_order();
    assert_eq!((none.len(), none.is_empty()), (0, true));
    assert!(Rules::new(&[]).unwrap().is_empty());
}

#[test]
fn a_record_field_past_fields_is_left_unset() {
    let record = ActionRecord::new(3).with_field(1, 7).with_field(FIELDS, 9);
    assert_eq!(record.fields, [0, 7, 0, 0]);
    assert_eq!(record.bucket, 3);
}

#[test]
fn every_error_has_its_own_message() {
    let errors = [
        SelectError::UnknownField,
        SelectError::TooManyBuckets,
        SelectError::TooManyKeys,
        SelectError::CapTooLarge,
        SelectError::BufferTooSmall,
        SelectError::MissingColumn,
        SelectError::ColumnLength,
    ];
    let messages: std::collections::BTreeSet<String> =
        errors.iter().map(ToString::to_string).collect();
    assert_eq!(messages.len(), errors.len());
    assert!(messages.iter().all(|m| !m.is_empty()));
    assert_eq!(
        SelectError::CapTooLarge.to_string(),
        "cap exceeds MAX_ORDER"
    );
}

// --- Columns (`select_columns`) --------------------------------------------------------------

mod columns {
    use ordo::select::{
        ActionRecord, Columns, FIELDS, Field, Key, MAX_ORDER, Rules, SelectError, one_hot_columns,
        order_columns, preset, select, select_columns,
    };

    const DAMAGE_THEN_COST: &[&[Key]] = &[
        &[Key::desc(Field::Int(0)), Key::asc(Field::Int(1))],
        &[Key::asc(Field::Int(1))],
        &[Key::desc(Field::Position)],
    ];
    const RULES: Rules<'static> = match Rules::new(DAMAGE_THEN_COST) {
        Ok(rules) => rules,
        Err(_) => panic!("valid"),
    };

    fn choose(buckets: &[u32], damage: &[i64], cost: &[i64]) -> Result<Option<usize>, SelectError> {
        let columns = Columns::new(buckets)
            .with_field(0, damage)?
            .with_field(1, cost)?;
        select_columns(&columns, &RULES)
    }

    /// The same choice over records, for comparison.
    fn choose_records(buckets: &[u32], damage: &[i64], cost: &[i64]) -> Option<usize> {
        let records: Vec<ActionRecord<'static>> = (0..buckets.len())
            .map(|i| {
                ActionRecord::new(buckets[i])
                    .with_field(0, damage[i])
                    .with_field(1, cost[i])
            })
            .collect();
        select(&records, &RULES)
    }

    #[test]
    fn no_actions_is_none() {
        assert_eq!(choose(&[], &[], &[]), Ok(None));
    }

    #[test]
    fn the_lowest_bucket_then_its_key_then_the_first() {
        // Bucket 0 by damage descending, ties by cost ascending, then input order.
        let buckets = [1, 0, 0, 0, 0];
        let damage = [9, 3, 7, 7, 7];
        let cost = [0, 0, 4, 2, 2];
        assert_eq!(choose(&buckets, &damage, &cost), Ok(Some(3)));
        assert_eq!(choose_records(&buckets, &damage, &cost), Some(3));
    }

    /// For inputs of each length, and each position `at` in them, checks that the input
    /// `marked(n, at)` gives (buckets, damage) chooses `at`: whether `at` falls at the start,
    /// the middle or the end of a block of eight, or in the tail.
    fn chosen_wherever_it_stands(
        lengths: &[usize],
        marked: impl Fn(usize, usize) -> (Vec<u32>, Vec<i64>),
    ) {
        for &n in lengths {
            for at in 0..n {
                let (buckets, damage) = marked(n, at);
                let cost = vec![0i64; n];
                assert_eq!(
                    choose(&buckets, &damage, &cost),
                    Ok(Some(at)),
                    "n {n}, at {at}"
                );
            }
        }
    }

    #[test]
    fn a_lower_bucket_anywhere_in_a_block_or_the_tail_restarts_the_scan() {
        chosen_wherever_it_stands(&[1, 7, 8, 9, 16, 17, 40], |n, at| {
            let mut buckets = vec![1u32; n];
            buckets[at] = 0;
            (buckets, (0..n as i64).collect())
        });
    }

    #[test]
    fn the_best_member_anywhere_in_a_block_or_the_tail_wins() {
        chosen_wherever_it_stands(&[1, 8, 9, 24, 31], |n, at| {
            let mut damage = vec![1i64; n];
            damage[at] = 2;
            (vec![0u32; n], damage)
        });
    }

    #[test]
    fn mixed_blocks_ignore_worse_buckets_even_with_better_values() {
        // Bucket 1 (cost ascending) holds the lowest bucket; bucket 2 actions have cost
        // i64::MIN but must not count.
        let buckets: Vec<u32> = (0..20).map(|i| if i % 3 == 0 { 1 } else { 2 }).collect();
        let cost: Vec<i64> = (0..20)
            .map(|i| if i % 3 == 0 { 50 - i } else { i64::MIN })
            .collect();
        let damage = vec![0i64; 20];
        assert_eq!(choose(&buckets, &damage, &cost), Ok(Some(18)));
        assert_eq!(choose_records(&buckets, &damage, &cost), Some(18));
    }

    #[test]
    fn integer_extremes_order_correctly_both_ways() {
        let buckets = [0u32; 10];
        let damage = [0, i64::MIN, i64::MAX, -1, 1, i64::MAX, 0, 0, 0, 0];
        let cost = [i64::MAX, 0, i64::MIN, 0, 0, i64::MIN, 0, 0, 0, 0];
        // Damage descending: the two i64::MAX tie, cost ascending ties too: the first.
        assert_eq!(choose(&buckets, &damage, &cost), Ok(Some(2)));
        let ascending_cost = [1u32; 10];
        assert_eq!(choose(&ascending_cost, &damage, &cost), Ok(Some(2)));
    }

    #[test]
    fn every_value_at_the_top_of_the_range_keeps_the_first() {
        // Lead values all map to u64::MAX, the mask of worse buckets, and a worse bucket
        // comes first: at every length (at most eight, exactly eight, more).
        let buckets = [3, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2];
        let damage = [0; 12];
        let cost = [i64::MAX; 12];
        for n in 2..=buckets.len() {
            let chosen = choose(&buckets[..n], &damage[..n], &cost[..n]);
            assert_eq!(chosen, Ok(Some(1)), "n {n}");
            let chosen = choose_records(&buckets[..n], &damage[..n], &cost[..n]);
            assert_eq!(chosen, Some(1), "records, n {n}");
        }
    }

    #[test]
    fn position_descending_takes_the_last_member() {
        let buckets = [2, 3, 2, 9, 2, 3];
        assert_eq!(choose(&buckets, &[0; 6], &[0; 6]), Ok(Some(4)));
    }

    #[test]
    fn buckets_without_a_rule_fall_back_to_input_order() {
        let buckets = [7, 5, 5];
        assert_eq!(choose(&buckets, &[0, 1, 2], &[2, 1, 0]), Ok(Some(1)));
    }

    #[test]
    fn a_rule_reading_a_missing_column_a_name_or_a_flag_is_refused() {
        let buckets = [0u32, 0];
        let values = [1i64, 2];
        let only_damage = Columns::new(&buckets).with_field(0, &values).unwrap();
        // RULES read field 1 too, even though no action is in bucket 1.
        assert_eq!(
            select_columns(&only_damage, &RULES),
            Err(SelectError::MissingColumn)
        );
        let all = (0..FIELDS).fold(Columns::new(&buckets), |columns, f| {
            columns.with_field(f, &values).unwrap()
        });
        assert_eq!(
            select_columns(&all, &preset::RULES),
            Err(SelectError::MissingColumn),
            "the preset reads names and a flag"
        );
        // A name alone, or a flag alone, is refused too, with every integer column present.
        for field in [Field::Name, Field::Flag] {
            let table: &[&[Key]] = &[&[Key::asc(Field::Int(0))], &[Key::desc(field)]];
            let rules = Rules::new(table).unwrap();
            assert_eq!(
                select_columns(&all, &rules),
                Err(SelectError::MissingColumn),
                "{field:?}"
            );
        }
        // Even with no actions the rules are checked.
        assert_eq!(
            select_columns(&Columns::new(&[]), &RULES),
            Err(SelectError::MissingColumn)
        );
        assert_eq!(
            select_columns(&Columns::new(&[]), &Rules::input_order()),
            Ok(None)
        );
    }

    #[test]
    fn order_and_one_hot_over_columns_refuse_and_write_nothing() {
        let buckets = [1u32, 0, 0];
        let damage = [9i64, 4, 4];
        let cost = [0i64, 3, 1];
        let columns = Columns::new(&buckets)
            .with_field(0, &damage)
            .unwrap()
            .with_field(1, &cost)
            .unwrap();
        // Bucket 0 by damage, ties by cost; then bucket 1.
        let mut plan = [7usize; 4];
        assert_eq!(order_columns(&columns, &RULES, &mut plan), Ok(3));
        assert_eq!(plan, [2, 1, 0, 7]);
        let mut hot = [0.5f64; 4];
        assert_eq!(one_hot_columns(&columns, &RULES, &mut hot), Ok(Some(2)));
        assert_eq!(hot, [0.0, 0.0, 1.0, 0.5]);
        assert_eq!(
            one_hot_columns(&Columns::new(&[]), &RULES, &mut []),
            Err(SelectError::MissingColumn)
        );

        let only_damage = Columns::new(&buckets).with_field(0, &damage).unwrap();
        let mut plan = [7usize; 2];
        assert_eq!(
            order_columns(&only_damage, &RULES, &mut plan),
            Err(SelectError::MissingColumn)
        );
        let mut too_long = [7usize; MAX_ORDER + 1];
        assert_eq!(
            order_columns(&columns, &RULES, &mut too_long),
            Err(SelectError::CapTooLarge)
        );
        let mut hot = [0.5f64; 3];
        assert_eq!(
            one_hot_columns(&only_damage, &RULES, &mut hot),
            Err(SelectError::MissingColumn)
        );
        assert_eq!(
            one_hot_columns(&columns, &RULES, &mut hot[..2]),
            Err(SelectError::BufferTooSmall)
        );
        // The columns are checked before the buffers, as in C.
        assert_eq!(
            one_hot_columns(&only_damage, &RULES, &mut hot[..2]),
            Err(SelectError::MissingColumn)
        );
        let mut short = [7usize; MAX_ORDER + 1];
        assert_eq!(
            order_columns(&only_damage, &RULES, &mut short),
            Err(SelectError::MissingColumn)
        );
        assert_eq!(plan, [7; 2]);
        assert!(too_long.iter().all(|&slot| slot == 7));
        assert_eq!(hot, [0.5; 3]);
    }

    #[test]
    fn columns_count_their_actions() {
        let empty = Columns::new(&[]);
        assert_eq!((empty.len(), empty.is_empty()), (0, true));
        let buckets = [2, 0, 1];
        let three = Columns::new(&buckets).with_field(1, &[4, 5, 6]).unwrap();
        assert_eq!((three.len(), three.is_empty()), (3, false));
        assert_eq!(three.buckets(), buckets);
        assert_eq!(
            (three.field(0), three.field(1)),
            (None, Some(&[4, 5, 6][..]))
        );
        assert_eq!(three.field(FIELDS), None);
    }

    #[test]
    fn columns_refuse_an_unknown_field_and_a_length_mismatch() {
        let buckets = [0u32, 1];
        assert_eq!(
            Columns::new(&buckets).with_field(FIELDS, &[1, 2]),
            Err(SelectError::UnknownField)
        );
        assert_eq!(
            Columns::new(&buckets).with_field(0, &[1]),
            Err(SelectError::ColumnLength)
        );
        let columns = Columns::new(&buckets).with_field(2, &[5, 6]).unwrap();
        assert_eq!(columns.len(), 2);
        assert!(!columns.is_empty());
        assert_eq!(columns.buckets(), &buckets);
        assert_eq!(columns.field(2), Some(&[5i64, 6][..]));
        assert_eq!(columns.field(0), None);
        assert_eq!(columns.field(FIELDS), None);
    }
}

/// A caller's `Action` whose answers change on every read (interior mutability): no promise
/// holds for which action is chosen, but `select`, `order` and `one_hot` still name actions of
/// the input, at every length and with each vector level the CPU has.
#[test]
fn an_action_that_answers_differently_on_every_read_is_still_named_in_range() {
    use core::cell::Cell;

    struct Fickle(Cell<u32>);

    impl Fickle {
        fn next(&self) -> u32 {
            let read = self.0.get();
            self.0
                .set(read.wrapping_mul(747_796_405).wrapping_add(2_891_336_453));
            read >> 16
        }
    }

    impl Action for Fickle {
        fn bucket(&self) -> u32 {
            self.next() % 3
        }
        fn int(&self, _index: usize) -> i64 {
            i64::from(self.next() % 5)
        }
    }

    const TABLE: &[&[Key]] = &[&[Key::asc(Field::Int(0))], &[Key::desc(Field::Int(1))], &[]];
    let rules = Rules::new(TABLE).expect("a valid table");
    let levels = [
        select::Simd::Avx512,
        select::Simd::Avx2,
        select::Simd::Portable,
    ];
    for level in levels {
        select::limit_simd(level);
        for n in 1..=72 {
            for seed in 0..64u32 {
                let actions: Vec<Fickle> = (0..n as u32)
                    .map(|at| Fickle(Cell::new(seed.wrapping_mul(0x9e37_79b9) ^ at << 20)))
                    .collect();
                let chosen = select(&actions, &rules).expect("some action");
                assert!(chosen < n, "{level:?}, {n} actions: {chosen}");
                let mut plan = [usize::MAX; 8];
                let written = order(&actions, &rules, &mut plan).expect("a cap within bounds");
                assert!(
                    plan[..written].iter().all(|&at| at < n),
                    "{level:?}: {plan:?}"
                );
                let mut probabilities = vec![0.0; n];
                let chosen = one_hot(&actions, &rules, &mut probabilities).expect("a fit buffer");
                assert!(chosen.is_some_and(|at| at < n), "{level:?}: {chosen:?}");
            }
        }
    }
    select::limit_simd(select::Simd::Avx512);
}
