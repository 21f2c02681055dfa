//! Every routine from several threads at once. The types a caller shares between threads
//! (maps, rule tables, a prepared desired order, the inputs and the results) are `Send` and
//! `Sync`, checked at compile time; and four threads calling every routine over shared inputs,
//! round after round, get exactly what one thread gets alone. Under Miri (`make miri`) the same
//! test also checks that no call races with another.

use std::thread;

use ordo::adjudicate::{
    self, AdjustmentResolution, Map, Outcome, Resolution, RetreatResolution, Turn, Unit,
    UnitResult, parse_turn, standard,
};
use ordo::draw::{DesiredOrder, Piles, PlayOrder};
use ordo::ranked::{Ranked, ranked_order};
use ordo::select::{self, ActionRecord, Columns, preset};

fn shareable<T: Send + Sync>() {}

#[test]
fn the_types_callers_share_are_send_and_sync() {
    shareable::<Map<'static>>();
    shareable::<adjudicate::Rules>();
    shareable::<Turn>();
    shareable::<Unit>();
    shareable::<Resolution>();
    shareable::<RetreatResolution>();
    shareable::<AdjustmentResolution>();
    shareable::<select::Rules<'static>>();
    shareable::<ActionRecord<'static>>();
    shareable::<Columns<'static>>();
    shareable::<DesiredOrder<u32>>();
    shareable::<Piles<'static, u32>>();
    shareable::<PlayOrder>();
    shareable::<Ranked<&'static str, i64, char>>();
}

const THREADS: usize = 4;
const ROUNDS: usize = if cfg!(miri) { 2 } else { 200 };

/// DATC 6.F.14, a convoy paradox, and a bounce beside it.
const TURN: &str = "England:\nF Lon S F Wal - Eng\nF Wal - Eng\nFrance:\nA Bre - Lon\n\
                    F Eng C A Bre - Lon\nGermany:\nA Mun - Bur\nItaly:\nA Mar - Bur\n";

/// The seed's worked example.
const DESIRED: [u32; 9] = [1, 2, 3, 4, 2, 6, 7, 8, 2];
const PILE: [u32; 9] = [6, 2, 4, 8, 2, 7, 2, 1, 3];

/// What one round of calls returns.
#[derive(Debug, PartialEq)]
struct Round {
    ranked: Vec<&'static str>,
    chosen: Option<usize>,
    plan: Vec<usize>,
    slots: Vec<usize>,
    outcomes: Vec<Outcome>,
    units: Vec<UnitResult>,
}

/// The inputs every thread reads.
struct Shared {
    turn: Turn,
    actions: [ActionRecord<'static>; 4],
    desired: DesiredOrder<u32>,
}

fn round(shared: &Shared, map: &Map<'_>) -> Round {
    let commands = [
        Ranked::new("strike a", 0, 5, Some('a')),
        Ranked::new("draw", 1, 0, None),
        Ranked::new("burn a", 0, 4, Some('a')),
        Ranked::new("strike b", 0, 3, Some('b')),
    ];
    let mut plan = [0usize; 3];
    let written = select::order(&shared.actions, &preset::RULES, &mut plan).expect("cap 3");
    let play = shared.desired.play_order(&PILE, 3).expect("a valid pile");
    let movement = adjudicate::adjudicate(
        map,
        shared.turn.units(),
        shared.turn.orders(),
        &adjudicate::Rules::default(),
    )
    .expect("a legal position");
    Round {
        ranked: ranked_order(commands, Some("end turn"), 4).to_vec(),
        chosen: select::select(&shared.actions, &preset::RULES),
        plan: plan[..written].to_vec(),
        slots: play.slots().collect(),
        outcomes: movement.outcomes().to_vec(),
        units: movement.units().to_vec(),
    }
}

#[test]
fn four_threads_get_what_one_thread_gets() {
    let map = standard();
    let shared = Shared {
        turn: parse_turn(map, TURN).expect("the turn parses"),
        actions: [
            ActionRecord::new(preset::END_TURN).with_name(b"end turn"),
            ActionRecord::new(preset::PURCHASE)
                .with_name(b"Cutter")
                .with_field(preset::COST, 2),
            ActionRecord::new(preset::PURCHASE)
                .with_name(b"Trade Pod")
                .with_field(preset::COST, 5),
            ActionRecord::new(preset::PLAY_CARD).with_name(b"Scout"),
        ],
        desired: DesiredOrder::new(&DESIRED).expect("a valid desired order"),
    };
    let alone = round(&shared, map);
    // The answers the other tests pin, so that a round that returns nothing cannot pass.
    assert_eq!(alone.ranked, ["strike a", "strike b", "burn a", "end turn"]);
    assert_eq!(alone.chosen, Some(2));
    assert_eq!(alone.plan, [2, 1, 3]);
    assert_eq!(alone.slots, [1, 2, 4, 0, 5, 7, 8, 3, 6]);
    // The paradox: the fleet's move succeeds and the convoyed army stays; Burgundy bounces.
    let succeeded: Vec<bool> = alone.outcomes.iter().map(|o| o.succeeded()).collect();
    assert_eq!(succeeded, [true, true, false, false, false, false]);

    thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| scope.spawn(|| (0..ROUNDS).filter(|_| round(&shared, map) != alone).count()))
            .collect();
        for worker in workers {
            assert_eq!(worker.join().expect("no thread panics"), 0);
        }
    });
}
