//! The tour's select section: the seed's "V2 — Ordered List" policy through the preset.

use ordo::select::{ActionRecord, MAX_ORDER, one_hot, order, preset, select};

const BUCKETS: [&str; 7] = [
    "pending choice",
    "purchase",
    "base ability",
    "play card",
    "attack base",
    "attack opponent",
    "end turn",
];

fn purchase(name: &'static str, cost: i64) -> ActionRecord<'static> {
    ActionRecord::new(preset::PURCHASE)
        .with_name(name.as_bytes())
        .with_field(preset::COST, cost)
}

fn base(name: &'static str, outpost: bool, defense: i64, cost: i64) -> ActionRecord<'static> {
    ActionRecord::new(preset::ATTACK_BASE)
        .with_name(name.as_bytes())
        .with_flag(outpost)
        .with_field(preset::DEFENSE, defense)
        .with_field(preset::COST, cost)
}

fn describe(action: &ActionRecord<'_>) -> String {
    format!(
        "{:<15} {:<14} cost {} defense {}{}",
        BUCKETS.get(action.bucket as usize).unwrap_or(&"?"),
        String::from_utf8_lossy(action.name),
        action.fields[preset::COST],
        action.fields[preset::DEFENSE],
        if action.flag { " (outpost)" } else { "" }
    )
}

fn decide(title: &str, actions: &[ActionRecord<'_>]) {
    println!("  {title}");
    for (index, action) in actions.iter().enumerate() {
        println!("    [{index}] {}", describe(action));
    }
    let mut probabilities = vec![0.0; actions.len()];
    let chosen = one_hot(actions, &preset::RULES, &mut probabilities).expect("buffer fits");
    match chosen {
        Some(index) => println!("    -> chooses [{index}], one-hot {probabilities:?}"),
        None => println!("    -> no action"),
    }
}

/// Prints this routine's worked examples.
pub fn show() {
    println!("== select: category priority, then per-category tie-breaks (seed V2 Ordered List)");
    println!(
        "  preset: 0 pending (name, index) | 1 purchase (cost DESC, name) | 2 base ability (name)"
    );
    println!(
        "          3 play card (name) | 4 attack base (outposts first, defense DESC, cost DESC,"
    );
    println!("          name DESC) | 5 attack opponent (index) | 6 end turn (index)");

    let turn = [
        ActionRecord::new(preset::END_TURN).with_name(b"end turn"),
        ActionRecord::new(preset::ATTACK_OPPONENT).with_name(b"attack"),
        ActionRecord::new(preset::PLAY_CARD).with_name(b"Viper"),
        purchase("Cutter", 2),
        purchase("Trade Pod", 5),
        purchase("Battle Pod", 2),
    ];
    decide("a purchase picks the most expensive card:", &turn);

    let bases = [
        base("War World", false, 4, 5),
        base("Trading Post", true, 4, 3),
        base("Space Station", true, 4, 4),
    ];
    decide("attack base: outposts first, then defense, cost:", &bases);

    let pending = [
        purchase("Cutter", 2),
        ActionRecord::new(preset::PENDING).with_name(b"scrap Viper"),
        ActionRecord::new(preset::PENDING).with_name(b"discard Scout"),
    ];
    decide("a pending choice comes before everything:", &pending);

    let mut plan = [0usize; MAX_ORDER];
    let written = order(&turn, &preset::RULES, &mut plan).expect("cap within MAX_ORDER");
    println!("  the full order of the first turn: {:?}", &plan[..written]);
    assert_eq!(select(&turn, &preset::RULES), Some(4));
    println!();
}
