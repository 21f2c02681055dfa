//! The tour's draw section: the seed's worked example, other hand sizes,
//! cards already in play, and shuffle-then-draw.

use ordo::draw::{DesiredOrder, SplitMix64};

fn join<I: IntoIterator<Item = T>, T: ToString>(items: I) -> String {
    items
        .into_iter()
        .map(|item| item.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The seed's "desired-order numbers" (1-based; `-` for an unlisted card).
fn numbers(order: &DesiredOrder<u32>, pile: &[u32], hand: usize) -> String {
    let play = order
        .play_order(pile, hand)
        .expect("hand >= 1 and a small pile");
    join(
        play.desired_positions()
            .map(|p| p.map_or("-".to_string(), |p| (p + 1).to_string())),
    )
}

/// Prints this routine's worked examples.
pub fn show() {
    println!("== draw: dual-map emulated draw (seed 003)");
    let desired = [1, 2, 3, 4, 2, 6, 7, 8, 2];
    let shuffled = [6, 2, 4, 8, 2, 7, 2, 1, 3];
    let order = DesiredOrder::new(&desired).expect("9 entries fit");
    println!("desired order (card ids):   {}", join(desired));
    println!("shuffled pile (card ids):   {}", join(shuffled));
    let play = order.play_order(&shuffled, 3).expect("valid input");
    println!(
        "hand of 3, desired numbers: {}   (seed: 2 4 5 6 7 1 3 8 9)",
        numbers(&order, &shuffled, 3)
    );
    println!("           slots played:    {}", join(play.slots()));
    println!(
        "           cards played:    {}",
        join(play.cards(&shuffled))
    );
    for hand in [1, 2, 9] {
        println!(
            "hand of {hand}, desired numbers: {}",
            numbers(&order, &shuffled, hand)
        );
    }

    // A commander (id 500) and a fortress (id 600) are in play from the start:
    // they are not drawn, so they stay out of the pile; the desired order may
    // list them, which changes nothing for the drawn cards.
    println!("cards already in play: commander 500 and fortress 600 stay out of the pile");
    let desired: [u32; 6] = [500, 600, 11, 12, 13, 11];
    let mut pile = [11, 12, 13, 11, 14];
    SplitMix64::new(7).shuffle(&mut pile);
    let order = DesiredOrder::new(&desired).expect("6 entries fit");
    let play = order.play_order(&pile, 3).expect("valid input");
    println!(
        "  desired: {}   pile (seed 7): {}",
        join(desired),
        join(pile)
    );
    println!(
        "  plays 500 600 (in play), then {}   (14 is unlisted: last)",
        join(play.cards(&pile))
    );

    // Shuffle-then-draw, as a Monte Carlo loop would run it.
    let deck: [u32; 9] = [1, 2, 3, 4, 2, 6, 7, 8, 2];
    let order = DesiredOrder::new(&deck).expect("9 entries fit");
    let mut rng = SplitMix64::new(2026);
    println!("shuffle-then-draw (SplitMix64 seed 2026, hand of 3):");
    order
        .shuffled_play_orders(&deck, 3, &mut rng, 3, |pile, play| {
            println!(
                "  pile {}  ->  plays {}",
                join(pile.iter().copied()),
                join(play.cards(pile))
            );
        })
        .expect("valid input");
    println!();
}
