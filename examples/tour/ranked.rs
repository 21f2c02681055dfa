//! The tour's ranked-ordering section: the seed's example, a deck-builder's
//! order and a grid tactics game's order, beside the plain cut at ten.

use ordo::ranked::{Ranked, ranked_order};

/// Prints this routine's worked examples.
pub fn show() {
    println!("== Ranked ordering (seed 000)");
    let plays = vec![
        Ranked::new("strike a", 0, (5, 0), Some('a')),
        Ranked::new("draw", 1, (0, 0), None),
        Ranked::new("burn a", 0, (4, 0), Some('a')),
        Ranked::new("strike b", 0, (3, 0), Some('b')),
    ];
    let order = ranked_order(plays.clone(), Some("end turn"), 10);
    println!("seed, cap 10: {}", order.join(", "));
    let order = ranked_order(plays, Some("end turn"), 3);
    println!("seed, cap 3:  {}", order.join(", "));

    deck_builder();
    grid_tactics();
    println!();
}

/// Damage plays best first, one per target first, then draws, then the rest;
/// the end of the turn is always kept.
fn deck_builder() {
    const DAMAGE: u32 = 0;
    const DRAW: u32 = 1;
    const OTHER: u32 = 2;
    // (card, group, value, target)
    let hand = [
        ("Fireball -> goblin", DAMAGE, 6, Some("goblin")),
        ("Shield", OTHER, 0, None),
        ("Fireball -> ogre", DAMAGE, 6, Some("ogre")),
        ("Scout (draw 2)", DRAW, 2, None),
        ("Dagger -> goblin", DAMAGE, 2, Some("goblin")),
        ("Lightning -> goblin", DAMAGE, 5, Some("goblin")),
        ("Insight (draw 1)", DRAW, 1, None),
        ("Bandage", OTHER, 0, None),
    ];
    let commands = hand
        .iter()
        .map(|&(card, group, value, target)| Ranked::new(card, group, value, target));
    let order = ranked_order(commands, Some("End turn"), 6);
    println!("\ndeck-builder, cap 6:");
    for (i, card) in order.iter().enumerate() {
        println!("  {}. {card}", i + 1);
    }
}

/// Every piece's attacks keyed by the piece, so each piece gets a try within
/// the cap; then steps towards the goal; then the end of the turn.
fn grid_tactics() {
    const ATTACK: u32 = 0;
    const STEP: u32 = 1;
    let mut legal = Vec::new();
    // The engine lists the knight's attacks in every flavour first...
    for (target, damage) in [("orc", 7), ("troll", 6), ("bat", 3), ("rat", 2)] {
        for flavour in ["slash", "thrust", "bash"] {
            legal.push((
                format!("knight {flavour} {target}"),
                ATTACK,
                damage,
                Some("knight"),
            ));
        }
    }
    // ...then the archer's and the mage's, then every step.
    legal.push(("archer shoot orc".to_string(), ATTACK, 5, Some("archer")));
    legal.push(("archer shoot bat".to_string(), ATTACK, 4, Some("archer")));
    legal.push(("mage burn troll".to_string(), ATTACK, 9, Some("mage")));
    for (piece, closer_by) in [("knight", 1), ("archer", 0), ("mage", 2)] {
        legal.push((
            format!("{piece} step to goal"),
            STEP,
            closer_by,
            Some(piece),
        ));
    }

    let cut_at_ten: Vec<&str> = legal.iter().take(10).map(|(c, ..)| c.as_str()).collect();
    let commands = legal.iter().map(|(command, group, value, piece)| {
        Ranked::new(command.as_str(), *group, *value, *piece)
    });
    let order = ranked_order(commands, Some("end turn"), 10);

    println!(
        "\ngrid tactics: {} legal commands, a planner tries 10",
        legal.len() + 1
    );
    println!("      legal order cut at ten    ranked order, cap 10");
    for i in 0..10 {
        let cut = cut_at_ten.get(i).copied().unwrap_or("");
        let ranked = order.get(i).copied().unwrap_or("");
        println!("  {:<4}{:<26}{}", i + 1, cut, ranked);
    }
    println!("  the cut tries only the knight and never ends the turn: the planner stalls;");
    println!("  the ranked order tries every piece's best attack first and keeps the end turn.");
    let commands = legal.iter().map(|(command, group, value, piece)| {
        Ranked::new(command.as_str(), *group, *value, *piece)
    });
    let order = ranked_order(commands, Some("end turn"), 20);
    println!(
        "  with cap 20 the steps follow the attacks: {}",
        order[15..].join(", ")
    );
}
