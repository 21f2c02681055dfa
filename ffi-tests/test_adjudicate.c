/* The adjudicator's C face: the standard map (the seed's diagrams, DATC cases),
 * a tiny custom map, order parsing, names, every status each function returns
 * with its outputs untouched, and a full board on a 32 KiB stack. */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ordo.h"

/* Aligned storage without C11: arrays of uint64_t. */
static uint64_t workspace[ORDO_ADJUDICATE_WORKSPACE_BYTES / sizeof(uint64_t) + 1];
static uint64_t map_buffer[ORDO_MAP_BYTES / sizeof(uint64_t)];
static uint64_t other_buffer[ORDO_MAP_BYTES / sizeof(uint64_t)];

typedef struct turn {
    ordo_unit units[ORDO_ADJUDICATE_MAX_UNITS + 1];
    size_t unit_count;
    ordo_order orders[ORDO_ADJUDICATE_MAX_ORDERS + 1];
    size_t order_count;
} turn;

typedef struct result {
    ordo_order_result orders[ORDO_ADJUDICATE_MAX_ORDERS];
    ordo_unit_result units[ORDO_ADJUDICATE_MAX_UNITS];
    uint16_t contested[ORDO_ADJUDICATE_MAX_LOCATIONS];
    size_t contested_count;
} result;

static uint8_t power_of(const ordo_map *map, const char *name) {
    uint8_t power = 0xEE;
    assert_int_equal(ordo_map_find_power(map, name, strlen(name), &power), ORDO_OK);
    return power;
}

static uint16_t loc(const ordo_map *map, const char *name) {
    uint16_t location = 0xEEEE;
    assert_int_equal(ordo_map_find_location(map, name, strlen(name), &location), ORDO_OK);
    return location;
}

static ordo_order parse(const ordo_map *map, const char *power, const char *text) {
    ordo_order order;
    ordo_parse_error error = {0, ORDO_PARSE_EMPTY};
    ordo_status status =
        ordo_parse_order(map, text, strlen(text), power_of(map, power), &order, &error);
    if (status != ORDO_OK) {
        fail_msg("'%s' does not parse: %s, kind %d at %zu", text, ordo_status_str(status),
                 (int)error.kind, error.offset);
    }
    return order;
}

/* Places the unit an order names (unless one stands on that location) for `power`. */
static void place(turn *t, const ordo_order *order) {
    for (size_t i = 0; i < t->unit_count; i++) {
        if (t->units[i].location == order->location) return;
    }
    assert_true(order->unit_kind == ORDO_UNIT_ARMY || order->unit_kind == ORDO_UNIT_FLEET);
    ordo_unit unit = {order->unit_kind, order->power, order->location};
    t->units[t->unit_count++] = unit;
}

/* An order line of a turn file: places its unit and orders it. */
static void order_line(const ordo_map *map, turn *t, const char *power, const char *text) {
    ordo_order order = parse(map, power, text);
    place(t, &order);
    t->orders[t->order_count++] = order;
}

/* A bare unit line: a unit without an order. */
static void unit_line(const ordo_map *map, turn *t, const char *power, const char *text) {
    ordo_order order = parse(map, power, text);
    place(t, &order);
}

static ordo_status run(const ordo_map *map, const turn *t, const ordo_rules *rules, result *r) {
    return ordo_adjudicate(map, t->units, t->unit_count, t->orders, t->order_count, rules,
                           workspace, sizeof workspace, r->orders, ORDO_ADJUDICATE_MAX_ORDERS,
                           r->units, ORDO_ADJUDICATE_MAX_UNITS, r->contested,
                           ORDO_ADJUDICATE_MAX_LOCATIONS, &r->contested_count);
}

static void expect_order(const ordo_order_result *orders, size_t i, int outcome, int fail,
                         int illegal) {
    assert_int_equal(orders[i].outcome, outcome);
    assert_int_equal(orders[i].fail, fail);
    assert_int_equal(orders[i].illegal, illegal);
}

/* `r`: a movement or retreat result, anything with an `orders` array. */
#define SUCCEEDS(r, i) \
    expect_order((r)->orders, (i), ORDO_OUTCOME_SUCCEEDS, ORDO_FAIL_NONE, ORDO_ILLEGAL_NONE)
#define FAILS(r, i, why) expect_order((r)->orders, (i), ORDO_OUTCOME_FAILS, (why), ORDO_ILLEGAL_NONE)
#define ILLEGAL(r, i, why) \
    expect_order((r)->orders, (i), ORDO_OUTCOME_ILLEGAL, ORDO_FAIL_NONE, (why))

/* ---- The standard map ---------------------------------------------------------------- */

static turn diagram8(const ordo_map *map) {
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "France", "A Mar - Bur");
    order_line(map, &t, "France", "A Gas S A Mar - Bur");
    order_line(map, &t, "Germany", "A Bur H");
    return t;
}

static void seed_diagram_8_supported_attack_dislodges(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = diagram8(map);
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    SUCCEEDS(&r, 0);                          /* SUCCESS */
    SUCCEEDS(&r, 1);                          /* SATISFIED: the support was given */
    FAILS(&r, 2, ORDO_FAIL_DISLODGED);        /* DISLODGED */
    assert_int_equal(r.units[0].moved_to, loc(map, "Bur"));
    assert_int_equal(r.units[0].dislodged, 0);
    assert_int_equal(r.units[2].dislodged, 1);
    assert_int_equal(r.units[2].dislodged_by, 0);
    assert_int_equal(r.units[2].dislodged_from, loc(map, "Marseilles"));
    assert_int_equal(r.units[2].dislodged_via_convoy, 0);
    assert_int_equal(r.units[2].moved_to, ORDO_ADJUDICATE_NONE);
    assert_int_equal(r.units[1].order, 1);
    assert_int_equal(r.contested_count, 0);
}

static void seed_diagram_4_standoff_contests_silesia(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Germany", "A Ber - Sil");
    order_line(map, &t, "Russia", "A War - Sil");
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    FAILS(&r, 0, ORDO_FAIL_STANDOFF);
    FAILS(&r, 1, ORDO_FAIL_STANDOFF);
    assert_int_equal(r.contested_count, 1);
    assert_int_equal(r.contested[0], loc(map, "Silesia"));
}

static void seed_diagrams_5_to_7(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    result r;
    turn t;
    memset(&t, 0, sizeof t); /* 5: a chain of failed moves */
    order_line(map, &t, "Russia", "A Pru H");
    order_line(map, &t, "Germany", "A Ber - Pru");
    order_line(map, &t, "Germany", "A Kie - Ber");
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    FAILS(&r, 1, ORDO_FAIL_BOUNCED);
    FAILS(&r, 2, ORDO_FAIL_BOUNCED);
    memset(&t, 0, sizeof t); /* 6: no swap without a convoy */
    order_line(map, &t, "Germany", "F Ber - Pru");
    order_line(map, &t, "Germany", "A Pru - Ber");
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    FAILS(&r, 0, ORDO_FAIL_BOUNCED);
    FAILS(&r, 1, ORDO_FAIL_BOUNCED);
    memset(&t, 0, sizeof t); /* 7: a rotation succeeds */
    order_line(map, &t, "England", "A Hol - Bel");
    order_line(map, &t, "England", "F Bel - Nth");
    order_line(map, &t, "France", "F Nth - Hol");
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    SUCCEEDS(&r, 1);
    SUCCEEDS(&r, 2);
}

/* DATC 6.C.4: a circular movement with an attacked convoy succeeds. */
static void datc_6_c_4_circular_movement_with_attacked_convoy(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Austria", "A Trieste - Serbia");
    order_line(map, &t, "Austria", "A Serbia - Bulgaria");
    order_line(map, &t, "Turkey", "A Bulgaria - Trieste");
    order_line(map, &t, "Turkey", "F Aegean Sea Convoys A Bulgaria - Trieste");
    order_line(map, &t, "Turkey", "F Ionian Sea Convoys A Bulgaria - Trieste");
    order_line(map, &t, "Turkey", "F Adriatic Sea Convoys A Bulgaria - Trieste");
    order_line(map, &t, "Italy", "F Naples - Ionian Sea");
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    for (size_t i = 0; i < 6; i++) SUCCEEDS(&r, i);
    FAILS(&r, 6, ORDO_FAIL_BOUNCED);
    assert_int_equal(r.units[2].moved_to, loc(map, "Tri"));
}

/* DATC 6.F.14, the simple convoy paradox. */
static turn datc_6_f_14(const ordo_map *map) {
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "England", "F London Supports F Wales - English Channel");
    order_line(map, &t, "England", "F Wales - English Channel");
    order_line(map, &t, "France", "A Brest - London");
    order_line(map, &t, "France", "F English Channel Convoys A Brest - London");
    return t;
}

/* DATC 6.F.14: the simple convoy paradox; London's support is not cut. */
static void datc_6_f_14_simple_convoy_paradox(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = datc_6_f_14(map);
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    SUCCEEDS(&r, 1);
    assert_int_equal(r.orders[2].outcome, ORDO_OUTCOME_FAILS);
    FAILS(&r, 3, ORDO_FAIL_DISLODGED);
    assert_int_equal(r.units[3].dislodged, 1);
    assert_int_equal(r.units[3].dislodged_from, loc(map, "Wales"));
}

/* DATC 6.A.6: an order for another power's unit is illegal; the unit holds. */
static void datc_6_a_6_ordering_a_foreign_unit(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    unit_line(map, &t, "England", "F London");
    order_line(map, &t, "Germany", "F London - North Sea");
    assert_int_equal(t.unit_count, 1);
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_FOREIGN_UNIT);
    assert_int_equal(r.units[0].order, ORDO_ADJUDICATE_NONE);
}

/* ---- The retreat phase ----------------------------------------------------------------- */

typedef struct retreat_result {
    ordo_order_result orders[ORDO_ADJUDICATE_MAX_ORDERS];
    ordo_retreat_result units[ORDO_ADJUDICATE_MAX_UNITS];
} retreat_result;

static ordo_status run_retreats(const ordo_map *map, const turn *t, const result *movement,
                                const ordo_order *orders, size_t order_count,
                                retreat_result *out) {
    return ordo_adjudicate_retreats(map, t->units, t->unit_count, movement->units,
                                    t->unit_count, movement->contested,
                                    movement->contested_count, orders, order_count, NULL,
                                    out->orders, ORDO_ADJUDICATE_MAX_ORDERS, out->units,
                                    ORDO_ADJUDICATE_MAX_UNITS);
}

/* DATC 6.H.10: no retreat to the attacker's province, but another unit may go there. */
static void datc_6_h_10_not_retreating_to_attacker_does_not_mean_contested(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "England", "A Kiel Hold");
    order_line(map, &t, "Germany", "A Berlin - Kiel");
    order_line(map, &t, "Germany", "A Munich Supports A Berlin - Kiel");
    order_line(map, &t, "Germany", "A Prussia Hold");
    order_line(map, &t, "Russia", "A Warsaw - Prussia");
    order_line(map, &t, "Russia", "A Silesia Supports A Warsaw - Prussia");
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    assert_int_equal(r.units[0].dislodged, 1);
    assert_int_equal(r.units[3].dislodged, 1);

    uint16_t where[ORDO_ADJUDICATE_MAX_LOCATIONS];
    size_t count = 0;
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, r.units, t.unit_count,
                                               r.contested, r.contested_count, 3, where,
                                               ORDO_ADJUDICATE_MAX_LOCATIONS, &count),
                     ORDO_OK);
    int berlin = 0;
    for (size_t i = 0; i < count; i++) berlin |= where[i] == loc(map, "Berlin");
    assert_true(berlin);

    ordo_order orders[2] = {parse(map, "England", "A Kiel - Berlin"),
                            parse(map, "Germany", "A Prussia - Berlin")};
    retreat_result out;
    assert_int_equal(run_retreats(map, &t, &r, orders, 2, &out), ORDO_OK);
    ILLEGAL(&out, 0, ORDO_ILLEGAL_RETREAT_TO_ATTACKER);
    SUCCEEDS(&out, 1);
    assert_int_equal(out.units[0].state, ORDO_RETREAT_DISBANDED);
    assert_int_equal(out.units[3].state, ORDO_RETREAT_RETREATED);
    assert_int_equal(out.units[3].location, loc(map, "Berlin"));
    assert_int_equal(out.units[1].state, ORDO_RETREAT_NOT_DISLODGED);
    assert_int_equal(out.units[1].location, ORDO_ADJUDICATE_NONE);
}

/* DATC 6.H.7: two retreats to one province both fail, and both units are disbanded. */
static void datc_6_h_7_multiple_retreat_to_same_area_will_disband_units(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Austria", "A Budapest Supports A Trieste - Vienna");
    order_line(map, &t, "Austria", "A Trieste - Vienna");
    order_line(map, &t, "Germany", "A Munich Supports A Silesia - Bohemia");
    order_line(map, &t, "Germany", "A Silesia - Bohemia");
    order_line(map, &t, "Italy", "A Vienna Hold");
    order_line(map, &t, "Italy", "A Bohemia Hold");
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    ordo_order orders[2] = {parse(map, "Italy", "A Bohemia - Tyrolia"),
                            parse(map, "Italy", "A Vienna - Tyrolia")};
    retreat_result out;
    assert_int_equal(run_retreats(map, &t, &r, orders, 2, &out), ORDO_OK);
    FAILS(&out, 0, ORDO_FAIL_STANDOFF);
    FAILS(&out, 1, ORDO_FAIL_STANDOFF);
    assert_int_equal(out.units[4].state, ORDO_RETREAT_DISBANDED);
    assert_int_equal(out.units[5].state, ORDO_RETREAT_DISBANDED);
}

static void retreat_statuses_write_nothing(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = diagram8(map);
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    ordo_order order = parse(map, "Germany", "A Bur - Ruh");
    retreat_result out;
    memset(&out, 0xAB, sizeof out);
    retreat_result untouched = out;
    uint16_t where[4] = {7, 7, 7, 7};
    size_t count = 99;
#define RETREATS(units_, n_, movement_, m_, orders_, o_, results_, rlen_)                        \
    ordo_adjudicate_retreats(map, (units_), (n_), (movement_), (m_), r.contested,               \
                             r.contested_count, (orders_), (o_), NULL, out.orders, (rlen_),     \
                             (results_), ORDO_ADJUDICATE_MAX_UNITS)
    assert_int_equal(ordo_adjudicate_retreats(NULL, t.units, t.unit_count, r.units, t.unit_count,
                                              r.contested, r.contested_count, &order, 1, NULL,
                                              out.orders, 1, out.units, ORDO_ADJUDICATE_MAX_UNITS),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(RETREATS(t.units, t.unit_count, NULL, t.unit_count, &order, 1, out.units, 1),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(
        RETREATS(t.units, t.unit_count, r.units, t.unit_count - 1, &order, 1, out.units, 1),
        ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(RETREATS(t.units, t.unit_count, r.units, t.unit_count, &order, 1, out.units, 0),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(RETREATS(t.units, ORDO_ADJUDICATE_MAX_UNITS + 1, r.units,
                              ORDO_ADJUDICATE_MAX_UNITS + 1, &order, 1, out.units, 1),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    result bad = r;
    bad.units[2].dislodged = 2;
    assert_int_equal(
        RETREATS(t.units, t.unit_count, bad.units, t.unit_count, &order, 1, out.units, 1),
        ORDO_ERR_INVALID_ARGUMENT);
    bad = r;
    bad.units[2].dislodged_from = 999;
    assert_int_equal(
        RETREATS(t.units, t.unit_count, bad.units, t.unit_count, &order, 1, out.units, 1),
        ORDO_ERR_INVALID_ARGUMENT);
#undef RETREATS
    assert_memory_equal(&out, &untouched, sizeof out);
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, r.units, t.unit_count,
                                               r.contested, r.contested_count, t.unit_count,
                                               where, 4, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, r.units, t.unit_count,
                                               r.contested, r.contested_count, 2, where, 4, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, r.units, t.unit_count,
                                               r.contested, r.contested_count, 2, where, 0, &count),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 99);
    assert_int_equal(where[0], 7);
    /* The dislodged army of Burgundy may go anywhere but Marseilles (the attacker's). */
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, r.units, t.unit_count,
                                               r.contested, r.contested_count, 2, where, 4, &count),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    uint16_t all[ORDO_ADJUDICATE_MAX_LOCATIONS];
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, r.units, t.unit_count,
                                               r.contested, r.contested_count, 2, all,
                                               ORDO_ADJUDICATE_MAX_LOCATIONS, &count),
                     ORDO_OK);
    assert_int_equal(count, 5); /* Bel, Mun, Par, Pic, Ruh */
    for (size_t i = 0; i < count; i++) assert_int_not_equal(all[i], loc(map, "Marseilles"));
}

/* ---- The adjustment phase ------------------------------------------------------------ */

typedef struct board {
    ordo_unit units[ORDO_ADJUDICATE_MAX_UNITS + 1];
    size_t unit_count;
    uint8_t owners[ORDO_ADJUDICATE_MAX_LOCATIONS];
    size_t province_count;
} board;

static board empty_board(const ordo_map *map) {
    board b;
    memset(&b, 0, sizeof b);
    ordo_map_info info;
    assert_int_equal(ordo_map_get_info(map, &info), ORDO_OK);
    b.province_count = info.province_count;
    memset(b.owners, ORDO_ADJUDICATE_NO_POWER, sizeof b.owners);
    return b;
}

static void own(const ordo_map *map, board *b, const char *power, const char *centre) {
    b->owners[loc(map, centre)] = power_of(map, power);
}

static void unit(const ordo_map *map, board *b, const char *power, uint8_t kind,
                 const char *where) {
    ordo_unit u = {kind, power_of(map, power), loc(map, where)};
    b->units[b->unit_count++] = u;
}

static ordo_adjustment adjustment(const ordo_map *map, const char *power, const char *text) {
    ordo_adjustment order;
    ordo_parse_error error = {0, ORDO_PARSE_EMPTY};
    ordo_status status =
        ordo_parse_adjustment(map, text, strlen(text), power_of(map, power), &order, &error);
    if (status != ORDO_OK) fail_msg("'%s' does not parse: kind %d", text, (int)error.kind);
    return order;
}

typedef struct adjust_result {
    ordo_order_result orders[ORDO_ADJUDICATE_MAX_ORDERS];
    uint8_t fates[ORDO_ADJUDICATE_MAX_UNITS];
} adjust_result;

/* DATC 6.I.1: builds are taken one by one until the allowance is used. */
static void datc_6_i_1_too_many_build_orders(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    board b = empty_board(map);
    own(map, &b, "Germany", "Berlin");
    own(map, &b, "Germany", "Kiel");
    own(map, &b, "Germany", "Munich");
    unit(map, &b, "Germany", ORDO_UNIT_ARMY, "Ruhr");
    unit(map, &b, "Germany", ORDO_UNIT_ARMY, "Silesia");
    ordo_adjustment orders[3] = {adjustment(map, "Germany", "Build A Warsaw"),
                                 adjustment(map, "Germany", "Build A Kiel"),
                                 adjustment(map, "Germany", "Build A Munich")};
    assert_int_equal(orders[1].kind, ORDO_ADJUST_BUILD);
    assert_int_equal(orders[1].unit_kind, ORDO_UNIT_ARMY);
    assert_int_equal(orders[1].location, loc(map, "Kiel"));
    adjust_result r;
    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, b.unit_count, b.owners,
                                                 b.province_count, orders, 3, r.orders,
                                                 ORDO_ADJUDICATE_MAX_ORDERS, r.fates,
                                                 ORDO_ADJUDICATE_MAX_UNITS),
                     ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_NOT_A_HOME_CENTRE);
    SUCCEEDS(&r, 1);
    FAILS(&r, 2, ORDO_FAIL_NO_ALLOWANCE_LEFT);
    assert_int_equal(r.fates[0], ORDO_FATE_STAYS);
}

/* DATC 6.J.5: civil disorder removes the fleet farther from an owned centre. */
static void datc_6_j_5_civil_disorder_two_fleets_with_different_distance(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    board b = empty_board(map);
    own(map, &b, "Russia", "St Petersburg");
    unit(map, &b, "Russia", ORDO_UNIT_FLEET, "Skagerrak");
    unit(map, &b, "Russia", ORDO_UNIT_FLEET, "North Atlantic Ocean");
    adjust_result r;
    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, b.unit_count, b.owners,
                                                 b.province_count, NULL, 0, r.orders, 0, r.fates,
                                                 ORDO_ADJUDICATE_MAX_UNITS),
                     ORDO_OK);
    assert_int_equal(r.fates[0], ORDO_FATE_STAYS);
    assert_int_equal(r.fates[1], ORDO_FATE_REMOVED_IN_DISORDER);
}

static void adjustment_statuses_write_nothing(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    board b = empty_board(map);
    own(map, &b, "France", "Paris");
    unit(map, &b, "France", ORDO_UNIT_ARMY, "Paris");
    unit(map, &b, "France", ORDO_UNIT_ARMY, "Picardy");
    ordo_adjustment order = adjustment(map, "France", "Remove A Picardy");
    assert_int_equal(order.kind, ORDO_ADJUST_REMOVE);
    adjust_result r;
    memset(&r, 0xAB, sizeof r);
    adjust_result untouched = r;
#define ADJUST(owners_, owners_len_, order_, fates_len_)                                          \
    ordo_adjudicate_adjustments(map, b.units, b.unit_count, (owners_), (owners_len_), (order_),  \
                                1, r.orders, 1, r.fates, (fates_len_))
    assert_int_equal(ADJUST(NULL, b.province_count, &order, 2), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ADJUST(b.owners, b.province_count - 1, &order, 2), ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ADJUST(b.owners, b.province_count, &order, 1), ORDO_ERR_BUFFER_TOO_SMALL);
    ordo_adjustment bad = order;
    bad.kind = 2;
    assert_int_equal(ADJUST(b.owners, b.province_count, &bad, 2), ORDO_ERR_INVALID_ARGUMENT);
    bad = adjustment(map, "France", "Build A Paris");
    bad.unit_kind = ORDO_UNIT_UNSPECIFIED;
    assert_int_equal(ADJUST(b.owners, b.province_count, &bad, 2), ORDO_ERR_INVALID_ARGUMENT);
    board wrong = b;
    wrong.owners[0] = 42;
    assert_int_equal(ADJUST(wrong.owners, b.province_count, &order, 2), ORDO_ERR_INVALID_ARGUMENT);
#undef ADJUST
    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, ORDO_ADJUDICATE_MAX_UNITS + 1,
                                                 b.owners, b.province_count, &order, 1, r.orders,
                                                 1, r.fates, ORDO_ADJUDICATE_MAX_UNITS + 1),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_memory_equal(&r, &untouched, sizeof r);

    ordo_adjustment parsed = order;
    ordo_parse_error error = {0, ORDO_PARSE_EMPTY};
    const char *no_kind = "Build Paris";
    assert_int_equal(ordo_parse_adjustment(map, no_kind, strlen(no_kind), 2, &parsed, &error),
                     ORDO_ERR_PARSE);
    assert_int_equal(error.kind, ORDO_PARSE_UNKNOWN_ORDER);
    assert_int_equal(parsed.kind, order.kind); /* untouched (fields: the struct has padding) */
    assert_int_equal(parsed.location, order.location);
    assert_int_equal(parsed.unit_kind, order.unit_kind);
    assert_int_equal(ordo_parse_adjustment(map, "A Par D", 7, 99, &parsed, NULL),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_parse_adjustment(map, "A Par D", 7, 2, NULL, NULL),
                     ORDO_ERR_NULL_POINTER);

    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, b.unit_count, b.owners,
                                                 b.province_count, &order, 1, r.orders, 1, r.fates,
                                                 2),
                     ORDO_OK);
    SUCCEEDS(&r, 0);
    assert_int_equal(r.fates[0], ORDO_FATE_STAYS);
    assert_int_equal(r.fates[1], ORDO_FATE_REMOVED);
}

/* ---- Advancing the board between phases --------------------------------------------- */

static int has_unit(const ordo_unit *units, size_t count, uint8_t kind, uint8_t power,
                    uint16_t location) {
    for (size_t i = 0; i < count; i++) {
        if (units[i].kind == kind && units[i].power == power && units[i].location == location)
            return 1;
    }
    return 0;
}

/* Spring (diagram 8 and a retreat), Fall, then Winter's centres and builds, all through C. */
static void a_year_advances_through_the_c_face(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    uint8_t france = power_of(map, "France"), germany = power_of(map, "Germany");
    turn spring = diagram8(map);
    result r;
    assert_int_equal(run(map, &spring, NULL, &r), ORDO_OK);
    ordo_order retreat = parse(map, "Germany", "A Bur - Ruh");
    retreat_result rr;
    assert_int_equal(run_retreats(map, &spring, &r, &retreat, 1, &rr), ORDO_OK);
    turn fall;
    memset(&fall, 0, sizeof fall);
    assert_int_equal(ordo_units_after_retreats(map, spring.units, spring.unit_count, r.units,
                                               spring.unit_count, rr.units, spring.unit_count,
                                               fall.units, spring.unit_count, &fall.unit_count),
                     ORDO_OK);
    assert_int_equal(fall.unit_count, 3);
    assert_true(has_unit(fall.units, 3, ORDO_UNIT_ARMY, france, loc(map, "Burgundy")));
    assert_true(has_unit(fall.units, 3, ORDO_UNIT_ARMY, france, loc(map, "Gascony")));
    assert_true(has_unit(fall.units, 3, ORDO_UNIT_ARMY, germany, loc(map, "Ruhr")));

    fall.orders[fall.order_count++] = parse(map, "France", "A Bur - Bel");
    assert_int_equal(run(map, &fall, NULL, &r), ORDO_OK);
    assert_int_equal(run_retreats(map, &fall, &r, NULL, 0, &rr), ORDO_OK);
    board winter = empty_board(map);
    assert_int_equal(ordo_units_after_retreats(map, fall.units, fall.unit_count, r.units,
                                               fall.unit_count, rr.units, fall.unit_count,
                                               winter.units, ORDO_ADJUDICATE_MAX_UNITS,
                                               &winter.unit_count),
                     ORDO_OK);
    assert_true(has_unit(winter.units, winter.unit_count, ORDO_UNIT_ARMY, france,
                         loc(map, "Belgium")));

    own(map, &winter, "France", "Paris");
    own(map, &winter, "France", "Brest");
    own(map, &winter, "France", "Marseilles");
    own(map, &winter, "Germany", "Berlin"); /* else civil disorder removes Germany's army */
    assert_int_equal(ordo_take_centres(map, winter.units, winter.unit_count, winter.owners,
                                       winter.province_count),
                     ORDO_OK);
    assert_int_equal(winter.owners[loc(map, "Belgium")], france);
    assert_int_equal(winter.owners[loc(map, "Ruhr")], ORDO_ADJUDICATE_NO_POWER); /* no centre */
    assert_int_equal(winter.owners[loc(map, "Paris")], france);

    /* Four centres, two units: two builds. */
    ordo_adjustment builds[3] = {adjustment(map, "France", "Build A Paris"),
                                 adjustment(map, "France", "Build F Brest"),
                                 adjustment(map, "France", "Build A Marseilles")};
    adjust_result ar;
    assert_int_equal(ordo_adjudicate_adjustments(map, winter.units, winter.unit_count,
                                                 winter.owners, winter.province_count, builds, 3,
                                                 ar.orders, 3, ar.fates, winter.unit_count),
                     ORDO_OK);
    SUCCEEDS(&ar, 0);
    SUCCEEDS(&ar, 1);
    FAILS(&ar, 2, ORDO_FAIL_NO_ALLOWANCE_LEFT);
    ordo_unit next[ORDO_ADJUDICATE_MAX_UNITS];
    size_t next_count = 0;
    assert_int_equal(ordo_units_after_adjustments(map, winter.units, winter.unit_count, builds, 3,
                                                  ar.orders, 3, ar.fates, winter.unit_count, next,
                                                  ORDO_ADJUDICATE_MAX_UNITS, &next_count),
                     ORDO_OK);
    assert_int_equal(next_count, 5);
    assert_true(has_unit(next, 5, ORDO_UNIT_ARMY, france, loc(map, "Paris")));
    assert_true(has_unit(next, 5, ORDO_UNIT_FLEET, france, loc(map, "Brest")));
    assert_true(has_unit(next, 5, ORDO_UNIT_ARMY, germany, loc(map, "Ruhr")));
}

static void board_advance_statuses_write_nothing(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = diagram8(map);
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    retreat_result rr;
    assert_int_equal(run_retreats(map, &t, &r, NULL, 0, &rr), ORDO_OK);
    ordo_unit out[ORDO_ADJUDICATE_MAX_UNITS + 1];
    memset(out, 0xAB, sizeof out);
    ordo_unit untouched[ORDO_ADJUDICATE_MAX_UNITS + 1];
    memcpy(untouched, out, sizeof out);
    size_t count = 99;
    size_t n = t.unit_count;
#define AFTER_RETREATS(map_, units_, n_, movement_, m_, retreats_, k_, out_len_, count_)     \
    ordo_units_after_retreats((map_), (units_), (n_), (movement_), (m_), (retreats_), (k_), out, \
                              (out_len_), (count_))
    assert_int_equal(AFTER_RETREATS(NULL, t.units, n, r.units, n, rr.units, n, n, &count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(AFTER_RETREATS(map, t.units, n, NULL, n, rr.units, n, n, &count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n, NULL, n, n, &count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n, rr.units, n, n, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(AFTER_RETREATS(map, t.units, ORDO_ADJUDICATE_MAX_UNITS + 1, r.units, n,
                                    rr.units, n, n, &count),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n - 1, rr.units, n, n, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n, rr.units, n - 1, n, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    /* The army of Burgundy was disbanded: two units remain, and one slot is too few. */
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n, rr.units, n, 1, &count),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    retreat_result bad = rr;
    memset(&bad.units[2].state, 7, 1); /* a state byte no enum value has */
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n, bad.units, n, n, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    bad = rr;
    bad.units[2].state = ORDO_RETREAT_RETREATED; /* ... to no location */
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n, bad.units, n, n, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    bad = rr;
    bad.units[2].state = ORDO_RETREAT_NOT_DISLODGED; /* the dislodged army "stays" */
    bad.units[2].location = ORDO_ADJUDICATE_NONE;
    assert_int_equal(AFTER_RETREATS(map, t.units, n, r.units, n, bad.units, n, n, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    result moved = r;
    moved.units[0].moved_to = 999;
    assert_int_equal(AFTER_RETREATS(map, t.units, n, moved.units, n, rr.units, n, n, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
#undef AFTER_RETREATS
    assert_int_equal(count, 99);
    assert_memory_equal(out, untouched, sizeof out);

    board b = empty_board(map);
    own(map, &b, "France", "Paris");
    unit(map, &b, "France", ORDO_UNIT_ARMY, "Picardy");
    ordo_adjustment build = adjustment(map, "France", "Build A Paris");
    adjust_result ar;
    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, b.unit_count, b.owners,
                                                 b.province_count, &build, 1, ar.orders, 1,
                                                 ar.fates, 1),
                     ORDO_OK);
    FAILS(&ar, 0, ORDO_FAIL_NO_ALLOWANCE_LEFT); /* one centre, one unit */
#define AFTER_ADJUST(units_, n_, orders_, o_, results_, k_, fates_, f_, out_len_, count_)         \
    ordo_units_after_adjustments(map, (units_), (n_), (orders_), (o_), (results_), (k_), (fates_), \
                                 (f_), out, (out_len_), (count_))
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, NULL, 1, ar.fates, 1, 2, &count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, ar.orders, 1, ar.fates, 1, 2, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(AFTER_ADJUST(b.units, ORDO_ADJUDICATE_MAX_UNITS + 1, &build, 1, ar.orders, 1,
                                  ar.fates, 1, 2, &count),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, ar.orders, 0, ar.fates, 1, 2, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, ar.orders, 1, ar.fates, 0, 2, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, ar.orders, 1, ar.fates, 1, 0, &count),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    adjust_result wrong = ar;
    wrong.fates[0] = 9;
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, wrong.orders, 1, wrong.fates, 1, 2,
                                  &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    wrong = ar;
    memset(&wrong.orders[0].outcome, 5, 1); /* an outcome byte no enum value has */
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, wrong.orders, 1, wrong.fates, 1, 2,
                                  &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    wrong = ar;
    wrong.orders[0].fail = ORDO_FAIL_NONE; /* "fails" without a reason */
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, wrong.orders, 1, wrong.fates, 1, 2,
                                  &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    ordo_adjustment off_map = build;
    off_map.location = 999;
    assert_int_equal(AFTER_ADJUST(b.units, 1, &off_map, 1, ar.orders, 1, ar.fates, 1, 2, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(count, 99);
    assert_memory_equal(out, untouched, sizeof out);
    /* The failed build adds nothing. */
    assert_int_equal(AFTER_ADJUST(b.units, 1, &build, 1, ar.orders, 1, ar.fates, 1, 1, &count),
                     ORDO_OK);
#undef AFTER_ADJUST
    assert_int_equal(count, 1);
    assert_memory_equal(&out[0], &b.units[0], sizeof out[0]);

    uint8_t owners[ORDO_ADJUDICATE_MAX_LOCATIONS];
    memcpy(owners, b.owners, sizeof owners);
    assert_int_equal(ordo_take_centres(NULL, b.units, 1, owners, b.province_count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_take_centres(map, NULL, 1, owners, b.province_count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_take_centres(map, b.units, 1, NULL, b.province_count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_take_centres(map, b.units, ORDO_ADJUDICATE_MAX_UNITS + 1, owners,
                                       b.province_count),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(ordo_take_centres(map, b.units, 1, owners, b.province_count - 1),
                     ORDO_ERR_INVALID_ARGUMENT);
    ordo_unit stray = b.units[0];
    stray.location = 999;
    assert_int_equal(ordo_take_centres(map, &stray, 1, owners, b.province_count),
                     ORDO_ERR_INVALID_ARGUMENT);
    owners[0] = 42;
    assert_int_equal(ordo_take_centres(map, b.units, 1, owners, b.province_count),
                     ORDO_ERR_INVALID_ARGUMENT);
    owners[0] = b.owners[0];
    assert_memory_equal(owners, b.owners, sizeof owners);
}

/* NULL rules are DATC's preferred ones (a move "via convoy" with no fleet has no route; two
 * orders for one unit are both illegal), and the struct's options are read (the first order
 * counts). */
static void rules_are_taken_from_the_struct(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "England", "A Lon - Bel via Convoy"); /* 2023: via convoy, no fleet */
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_NO_CONVOY_ROUTE);
    ordo_rules rules;
    memset(&rules, 0, sizeof rules);
    rules.multiple_orders = ORDO_MULTIPLE_ORDERS_FIRST;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "France", "A Par - Bur");
    order_line(map, &t, "France", "A Par - Pic");
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_CONFLICTING_ORDERS);
    ILLEGAL(&r, 1, ORDO_ILLEGAL_CONFLICTING_ORDERS);
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    assert_int_equal(r.units[0].moved_to, loc(map, "Bur"));
}

/* ---- Names and parsing --------------------------------------------------------------- */

static void names_and_info_of_the_standard_map(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    ordo_map_info info;
    assert_int_equal(ordo_map_get_info(map, &info), ORDO_OK);
    assert_int_equal(info.province_count, 75);
    assert_int_equal(info.location_count, 81);
    assert_int_equal(info.power_count, 7);
    assert_int_equal(power_of(map, "turkey"), 6);
    uint16_t stp_sc = loc(map, "St Petersburg(sc)");
    assert_int_equal(loc(map, "stp/sc"), stp_sc);
    assert_true(stp_sc >= 75);
    char name[ORDO_ADJUDICATE_LOCATION_NAME_BUFFER];
    size_t len = 0;
    assert_int_equal(ordo_map_location_name(map, stp_sc, ORDO_NAME_SHORT, name, sizeof name, &len),
                     ORDO_OK);
    assert_string_equal(name, "Stp(sc)");
    assert_int_equal(len, 7);
    assert_int_equal(
        ordo_map_location_name(map, loc(map, "Nth"), ORDO_NAME_FULL, name, sizeof name, &len), ORDO_OK);
    assert_string_equal(name, "North Sea");
    /* Exactly enough room: the name and its NUL. */
    assert_int_equal(ordo_map_location_name(map, stp_sc, ORDO_NAME_SHORT, name, 8, &len), ORDO_OK);
}

static void good_orders_parse(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    ordo_order o = parse(map, "France", "F Spa(sc) - Gol");
    assert_int_equal(o.kind, ORDO_ORDER_MOVE);
    assert_int_equal(o.unit_kind, ORDO_UNIT_FLEET);
    assert_int_equal(o.location, loc(map, "Spa(sc)"));
    assert_int_equal(o.to, loc(map, "GoL"));
    assert_int_equal(o.unit, ORDO_ADJUDICATE_NONE);
    o = parse(map, "England", "A Lon -> Nwy via Convoy");
    assert_int_equal(o.kind, ORDO_ORDER_MOVE);
    assert_int_equal(o.via_convoy, 1);
    assert_int_equal(o.power, 1);
    o = parse(map, "England", "F Nth C A Lon - Nwy");
    assert_int_equal(o.kind, ORDO_ORDER_CONVOY);
    assert_int_equal(o.unit, loc(map, "London"));
    assert_int_equal(o.to, loc(map, "Norway"));
    o = parse(map, "France", "a gas s a mar - bur");
    assert_int_equal(o.kind, ORDO_ORDER_SUPPORT_MOVE);
    assert_int_equal(o.target_kind, ORDO_UNIT_ARMY);
    assert_int_equal(o.unit, loc(map, "Mar"));
    o = parse(map, "Germany", "Bur Holds");
    assert_int_equal(o.kind, ORDO_ORDER_HOLD);
    assert_int_equal(o.unit_kind, ORDO_UNIT_UNSPECIFIED);
    o = parse(map, "Austria", "A Tyr S Vie");
    assert_int_equal(o.kind, ORDO_ORDER_SUPPORT_HOLD);
    assert_int_equal(o.target_kind, ORDO_UNIT_UNSPECIFIED);
}

static void expect_parse_error(const char *text, size_t len, int kind, size_t offset) {
    const ordo_map *map = ordo_map_standard();
    ordo_order out;
    memset(&out, 0xAB, sizeof out);
    ordo_order untouched = out;
    ordo_parse_error error = {999, ORDO_PARSE_EMPTY};
    assert_int_equal(ordo_parse_order(map, text, len, 0, &out, &error), ORDO_ERR_PARSE);
    assert_int_equal(error.kind, kind);
    assert_int_equal(error.offset, offset);
    assert_memory_equal(&out, &untouched, sizeof out);
    /* The error details are optional. */
    assert_int_equal(ordo_parse_order(map, text, len, 0, &out, NULL), ORDO_ERR_PARSE);
    assert_memory_equal(&out, &untouched, sizeof out);
}

static void bad_orders_report_kind_and_position(void **state) {
    (void)state;
    expect_parse_error("A Xyz - Bur", 11, ORDO_PARSE_UNKNOWN_LOCATION, 2);
    expect_parse_error("A Mar - Atlantis", 16, ORDO_PARSE_UNKNOWN_LOCATION, 8);
    expect_parse_error("   ", 3, ORDO_PARSE_EMPTY, 0);
    expect_parse_error(NULL, 0, ORDO_PARSE_EMPTY, 0);
    expect_parse_error("A Mar jumps", 11, ORDO_PARSE_UNKNOWN_ORDER, 6);
    expect_parse_error("F Nth C A Lon", 13, ORDO_PARSE_EXPECTED_DESTINATION, 13);
    expect_parse_error("A Mar - Bur now", 15, ORDO_PARSE_TRAILING_TEXT, 12);
    expect_parse_error("F Spa(xx) - Gol", 15, ORDO_PARSE_BAD_COAST, 5);
    expect_parse_error("A Mar - Bur\xff", 12, ORDO_PARSE_INVALID_UTF8, 11);
    /* The length bounds the text: "A Mar - Bur" cut after "A Mar -". */
    expect_parse_error("A Mar - Bur", 7, ORDO_PARSE_UNKNOWN_LOCATION, 7);
}

/* ---- A tiny custom map ---------------------------------------------------------------- */

/* Four provinces around a lake, Hill inland; South has two coasts. Locations:
 * 0 North (coastal), 1 South (coastal), 2 Hill (inland), 3 Lake (sea),
 * 4 South north coast, 5 South east coast. */
static const char *const tiny_powers[] = {"Red", "Blue"};
static const ordo_map_location tiny_locations[] = {
    {"North", "Nor", ORDO_PROVINCE_COASTAL, ORDO_COAST_NONE, 0, 1, 0},
    {"South", "Sou", ORDO_PROVINCE_COASTAL, ORDO_COAST_NONE, 0, 1, 1},
    {"Hill", "Hil", ORDO_PROVINCE_INLAND, ORDO_COAST_NONE, 0, 0, ORDO_ADJUDICATE_NO_POWER},
    {"Lake", "Lak", ORDO_PROVINCE_SEA, ORDO_COAST_NONE, 0, 0, ORDO_ADJUDICATE_NO_POWER},
    {NULL, NULL, 0, ORDO_COAST_NORTH, 1, 0, ORDO_ADJUDICATE_NO_POWER},
    {NULL, NULL, 0, ORDO_COAST_EAST, 1, 0, ORDO_ADJUDICATE_NO_POWER},
};
static const ordo_border tiny_army[] = {{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}};
static const ordo_border tiny_fleet[] = {{0, 3}, {3, 0}, {4, 3}, {3, 4}, {0, 4}, {4, 0}, {5, 3}, {3, 5}};

static ordo_map_desc tiny_desc(void) {
    ordo_map_desc desc = {tiny_powers, 2, tiny_locations, 6, tiny_army, 6, tiny_fleet, 8};
    return desc;
}

static const ordo_map *build_tiny(void *buffer) {
    ordo_map_desc desc = tiny_desc();
    const ordo_map *map = NULL;
    assert_int_equal(ordo_map_build(&desc, buffer, ORDO_MAP_BYTES, &map), ORDO_OK);
    assert_ptr_equal(map, buffer);
    return map;
}

static void tiny_custom_map_adjudicates(void **state) {
    (void)state;
    const ordo_map *map = build_tiny(map_buffer);
    ordo_map_info info;
    assert_int_equal(ordo_map_get_info(map, &info), ORDO_OK);
    assert_int_equal(info.province_count, 4);
    assert_int_equal(info.location_count, 6);
    assert_int_equal(info.power_count, 2);
    assert_int_equal(loc(map, "lake"), 3);
    assert_int_equal(loc(map, "Sou(ec)"), 5);
    char name[80];
    size_t len = 0;
    assert_int_equal(ordo_map_location_name(map, 4, ORDO_NAME_FULL, name, sizeof name, &len), ORDO_OK);
    assert_string_equal(name, "South(nc)");

    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Red", "A Nor - Hil");
    order_line(map, &t, "Red", "A Sou S A Nor - Hil");
    order_line(map, &t, "Blue", "A Hil H");
    order_line(map, &t, "Blue", "F Lak - Nor");
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    SUCCEEDS(&r, 1);
    FAILS(&r, 2, ORDO_FAIL_DISLODGED);
    SUCCEEDS(&r, 3); /* North is left empty */
    assert_int_equal(r.units[2].dislodged_by, 0);
    assert_int_equal(r.units[2].dislodged_from, 0);
    assert_int_equal(r.units[3].moved_to, 0);

    /* A fleet on the east coast cannot reach North; the north coast can. */
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Red", "F Sou(ec) - Nor");
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_NOT_ADJACENT);
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Red", "F Lak - Sou");
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_COAST_NOT_SPECIFIED);
}

static void expect_build_fails(const ordo_map_desc *desc, ordo_status expected) {
    memset(other_buffer, 0x5A, sizeof other_buffer);
    const ordo_map *map = (const ordo_map *)0x1234;
    assert_int_equal(ordo_map_build(desc, other_buffer, sizeof other_buffer, &map), expected);
    assert_ptr_equal(map, (const ordo_map *)0x1234);
    const unsigned char *bytes = (const unsigned char *)other_buffer;
    for (size_t i = 0; i < sizeof other_buffer; i++) {
        if (bytes[i] != 0x5A) fail_msg("buffer byte %zu written on error", i);
    }
}

static void map_build_errors_write_nothing(void **state) {
    (void)state;
    ordo_map_desc desc = tiny_desc();
    const ordo_map *map = (const ordo_map *)0x1234;
    memset(other_buffer, 0x5A, sizeof other_buffer);
    assert_int_equal(ordo_map_build(&desc, other_buffer, sizeof other_buffer, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_map_build(&desc, other_buffer, ORDO_MAP_BYTES - 1, &map),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(ordo_map_build(&desc, (char *)other_buffer + 4, ORDO_MAP_BYTES, &map),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_ptr_equal(map, (const ordo_map *)0x1234);

    ordo_map_desc bad = desc;
    bad.locations = NULL;
    expect_build_fails(&bad, ORDO_ERR_NULL_POINTER);
    bad = desc;
    bad.power_count = ORDO_ADJUDICATE_MAX_POWERS + 1;
    expect_build_fails(&bad, ORDO_ERR_CAPACITY_EXCEEDED);
    bad = desc;
    bad.location_count = ORDO_ADJUDICATE_MAX_LOCATIONS + 1;
    expect_build_fails(&bad, ORDO_ERR_CAPACITY_EXCEEDED);

    ordo_map_location locations[6];
    memcpy(locations, tiny_locations, sizeof locations);
    bad = desc;
    bad.locations = locations;
    locations[2].kind = 3; /* no such province kind */
    expect_build_fails(&bad, ORDO_ERR_INVALID_ARGUMENT);
    memcpy(locations, tiny_locations, sizeof locations);
    locations[5].coast = 9; /* no such coast */
    expect_build_fails(&bad, ORDO_ERR_INVALID_ARGUMENT);
    memcpy(locations, tiny_locations, sizeof locations);
    locations[0].name = NULL;
    expect_build_fails(&bad, ORDO_ERR_NULL_POINTER);
    memcpy(locations, tiny_locations, sizeof locations);
    locations[1].abbreviation = "north"; /* a name used twice */
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    /* Names the lookups, which trim and read a run of whitespace as one space,
     * could never find. */
    const char *const unfindable[] = {" North", "North ", "Far  North", "Far\tNorth"};
    for (size_t i = 0; i < sizeof unfindable / sizeof unfindable[0]; i++) {
        memcpy(locations, tiny_locations, sizeof locations);
        locations[0].name = unfindable[i];
        expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
        memcpy(locations, tiny_locations, sizeof locations);
        locations[0].abbreviation = unfindable[i];
        expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    }
    memcpy(locations, tiny_locations, sizeof locations);
    locations[2].home = 0; /* a home that is no supply centre */
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    memcpy(locations, tiny_locations, sizeof locations);
    locations[4].province = 2; /* a coast of an inland province */
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    memcpy(locations, tiny_locations, sizeof locations);
    locations[4].province = 7; /* a coast of an unknown province */
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);

    ordo_border fleet[8];
    memcpy(fleet, tiny_fleet, sizeof fleet);
    bad = desc;
    bad.fleet_borders = fleet;
    fleet[1].from = 2; /* Hill -> North: asymmetric, and inland */
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    memcpy(fleet, tiny_fleet, sizeof fleet);
    fleet[0].to = 200; /* unknown location */
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    bad.fleet_border_count = 7; /* drops Lake -> South(ec): asymmetric */
    memcpy(fleet, tiny_fleet, sizeof fleet);
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    bad = desc;
    bad.army_border_count = 5; /* Hill -> South missing */
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);

    const char *const dup_powers[] = {"Red", "RED"};
    bad = desc;
    bad.powers = dup_powers;
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    const char *const spaced_powers[] = {"Red", "Blue "};
    bad.powers = spaced_powers;
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
}

static void a_moved_or_foreign_map_is_refused(void **state) {
    (void)state;
    const ordo_map *map = build_tiny(map_buffer);
    memcpy(other_buffer, map_buffer, sizeof other_buffer);
    ordo_map_info info;
    memset(&info, 0x77, sizeof info);
    ordo_map_info untouched = info;
    assert_int_equal(ordo_map_get_info((const ordo_map *)other_buffer, &info), ORDO_ERR_INVALID_ARGUMENT);
    memset(other_buffer, 0, sizeof other_buffer);
    assert_int_equal(ordo_map_get_info((const ordo_map *)other_buffer, &info), ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_map_get_info((const ordo_map *)((char *)map_buffer + 1), &info),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_map_get_info(NULL, &info), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_map_get_info(map, NULL), ORDO_ERR_NULL_POINTER);
    assert_memory_equal(&info, &untouched, sizeof info);
    /* The name lookups refuse a map that is not live just as well. */
    memcpy(other_buffer, map_buffer, sizeof other_buffer);
    uint16_t location = 0x4242;
    uint8_t power = 0x42;
    assert_int_equal(ordo_map_find_location((const ordo_map *)other_buffer, "Par", 3, &location),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_map_find_power((const ordo_map *)other_buffer, "France", 6, &power),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(location, 0x4242);
    assert_int_equal(power, 0x42);
}

/* ---- Statuses of the other functions --------------------------------------------------- */

static void name_functions_statuses(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    uint16_t location = 0x4242;
    uint8_t power = 0x42;
    assert_int_equal(ordo_map_find_location(map, "Atlantis", 8, &location), ORDO_ERR_PARSE);
    assert_int_equal(ordo_map_find_location(map, "Par(nc)", 7, &location), ORDO_ERR_PARSE);
    assert_int_equal(ordo_map_find_location(map, "\xff", 1, &location), ORDO_ERR_PARSE);
    assert_int_equal(ordo_map_find_location(map, NULL, 3, &location), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_map_find_location(map, "Par", 3, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_map_find_location(NULL, "Par", 3, &location), ORDO_ERR_NULL_POINTER);
    assert_int_equal(location, 0x4242);
    assert_int_equal(ordo_map_find_power(map, "Prussia", 7, &power), ORDO_ERR_PARSE);
    assert_int_equal(ordo_map_find_power(map, "France", 6, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(power, 0x42);

    char name[16];
    memset(name, '#', sizeof name);
    size_t len = 99;
    uint16_t stp_sc = loc(map, "Stp(sc)");
    assert_int_equal(ordo_map_location_name(map, stp_sc, ORDO_NAME_SHORT, name, 7, &len),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(ordo_map_location_name(map, 81, ORDO_NAME_SHORT, name, sizeof name, &len),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_map_location_name(map, 0, 2, name, sizeof name, &len),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_map_location_name(map, 0, ORDO_NAME_SHORT, NULL, 4, &len),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_map_location_name(map, 0, ORDO_NAME_SHORT, name, sizeof name, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(len, 99);
    for (size_t i = 0; i < sizeof name; i++) assert_int_equal(name[i], '#');

    ordo_order out;
    memset(&out, 0xAB, sizeof out);
    ordo_order untouched = out;
    assert_int_equal(ordo_parse_order(map, "A Par H", 7, 7, &out, NULL), ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_parse_order(map, "A Par H", 7, 0, NULL, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_parse_order(map, NULL, 7, 0, &out, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_parse_order(NULL, "A Par H", 7, 0, &out, NULL), ORDO_ERR_NULL_POINTER);
    assert_memory_equal(&out, &untouched, sizeof out);
    assert_string_equal(ordo_status_str(ORDO_ERR_INVALID_MAP), "the map description is inconsistent");
}

static void result_texts(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = diagram8(map);
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    char text[ORDO_ADJUDICATE_MAX_REASON_BYTES + 1];
    size_t len = 99;
    assert_int_equal(ordo_result_text(r.orders[2].outcome, r.orders[2].fail, r.orders[2].illegal, text,
                                      sizeof text, &len),
                     ORDO_OK);
    assert_string_equal(text, "dislodged");
    assert_int_equal(len, 9);
    assert_int_equal(ordo_result_text(r.orders[0].outcome, r.orders[0].fail, r.orders[0].illegal, text,
                                      sizeof text, &len),
                     ORDO_OK);
    assert_string_equal(text, "");
    assert_int_equal(len, 0);
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_ILLEGAL, ORDO_FAIL_NONE, ORDO_ILLEGAL_FOREIGN_UNIT, text,
                                      sizeof text, &len),
                     ORDO_OK);
    assert_string_equal(text, "illegal: the unit belongs to another power");
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_FAILS, ORDO_FAIL_CUT, 0, text, sizeof text, &len), ORDO_OK);
    assert_string_equal(text, "support cut");
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_ILLEGAL, 0, ORDO_ILLEGAL_RETREAT_TO_ATTACKER, text,
                                      sizeof text, &len),
                     ORDO_OK);
    assert_string_equal(text, "illegal: a retreat to the attacker's province");

    /* Errors write nothing. */
    memset(text, '#', sizeof text);
    len = 99;
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_FAILS, ORDO_FAIL_CUT, 0, text, 11, &len),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_FAILS, ORDO_FAIL_NONE, 0, text, sizeof text, &len),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_FAILS, ORDO_FAIL_DUPLICATE + 1, 0, text, sizeof text, &len),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_SUCCEEDS, ORDO_FAIL_CUT, 0, text, sizeof text, &len),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_ILLEGAL, 0, ORDO_ILLEGAL_CENTRE_OCCUPIED + 1,
                                      text, sizeof text, &len),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_result_text(3, 0, 0, text, sizeof text, &len), ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_SUCCEEDS, 0, 0, NULL, 4, &len), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_result_text(ORDO_OUTCOME_SUCCEEDS, 0, 0, text, sizeof text, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(len, 99);
    for (size_t i = 0; i < sizeof text; i++) assert_int_equal(text[i], '#');
}

/* Calls ordo_adjudicate on diagram 4 (one contested province) with one thing
 * spoiled, and checks the status and that no output changed. */
typedef struct call {
    const ordo_map *map;
    const ordo_unit *units;
    size_t unit_count;
    const ordo_order *orders;
    size_t order_count;
    const ordo_rules *rules;
    void *workspace;
    size_t workspace_len;
    size_t order_results_len;
    size_t unit_results_len;
    size_t contested_len;
    int null_contested_count;
} call;

static call diagram4_call(const turn *t) {
    call c = {ordo_map_standard(), t->units, t->unit_count, t->orders, t->order_count, NULL,
              workspace, sizeof workspace, ORDO_ADJUDICATE_MAX_ORDERS, ORDO_ADJUDICATE_MAX_UNITS,
              ORDO_ADJUDICATE_MAX_LOCATIONS, 0};
    return c;
}

static void expect_call(const call *c, ordo_status expected) {
    result r, untouched;
    memset(&r, 0x3C, sizeof r);
    untouched = r;
    ordo_status status = ordo_adjudicate(
        c->map, c->units, c->unit_count, c->orders, c->order_count, c->rules, c->workspace,
        c->workspace_len, r.orders, c->order_results_len, r.units, c->unit_results_len,
        r.contested, c->contested_len, c->null_contested_count ? NULL : &r.contested_count);
    assert_int_equal(status, expected);
    if (expected != ORDO_OK) assert_memory_equal(&r, &untouched, sizeof r);
}

static turn diagram4(void) {
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Germany", "A Ber - Sil");
    order_line(map, &t, "Russia", "A War - Sil");
    return t;
}

static void adjudicate_statuses_write_nothing(void **state) {
    (void)state;
    turn t = diagram4();
    call c = diagram4_call(&t);
    expect_call(&c, ORDO_OK);

    c = diagram4_call(&t); c.map = NULL;                  expect_call(&c, ORDO_ERR_NULL_POINTER);
    c = diagram4_call(&t); c.units = NULL;                expect_call(&c, ORDO_ERR_NULL_POINTER);
    c = diagram4_call(&t); c.orders = NULL;               expect_call(&c, ORDO_ERR_NULL_POINTER);
    c = diagram4_call(&t); c.workspace = NULL;            expect_call(&c, ORDO_ERR_NULL_POINTER);
    c = diagram4_call(&t); c.null_contested_count = 1;    expect_call(&c, ORDO_ERR_NULL_POINTER);

    turn big;
    memset(&big, 0, sizeof big);
    c = diagram4_call(&t);
    c.units = big.units;
    c.unit_count = ORDO_ADJUDICATE_MAX_UNITS + 1;
    c.unit_results_len = ORDO_ADJUDICATE_MAX_UNITS + 1;
    expect_call(&c, ORDO_ERR_CAPACITY_EXCEEDED);
    c = diagram4_call(&t);
    c.orders = big.orders;
    c.order_count = ORDO_ADJUDICATE_MAX_ORDERS + 1;
    c.order_results_len = ORDO_ADJUDICATE_MAX_ORDERS + 1;
    expect_call(&c, ORDO_ERR_CAPACITY_EXCEEDED);

    c = diagram4_call(&t); c.order_results_len = 1;       expect_call(&c, ORDO_ERR_BUFFER_TOO_SMALL);
    c = diagram4_call(&t); c.unit_results_len = 1;        expect_call(&c, ORDO_ERR_BUFFER_TOO_SMALL);
    c = diagram4_call(&t); c.workspace_len = ORDO_ADJUDICATE_WORKSPACE_BYTES - 1;
    expect_call(&c, ORDO_ERR_BUFFER_TOO_SMALL);
    /* Silesia is contested, and there is no room for it: known only after adjudicating. */
    c = diagram4_call(&t); c.contested_len = 0;           expect_call(&c, ORDO_ERR_BUFFER_TOO_SMALL);

    c = diagram4_call(&t); c.workspace = (char *)workspace + 4;
    c.workspace_len = sizeof workspace - 4;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    ordo_rules rules;
    memset(&rules, 0, sizeof rules);
    rules.paradox = 5;
    c = diagram4_call(&t); c.rules = &rules;              expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    memset(&rules, 0, sizeof rules);
    rules.omitted_coast_illegal = 2;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);

    const ordo_map *map = ordo_map_standard();
    turn spoiled = t;
    c = diagram4_call(&spoiled);
    spoiled.units[0].kind = 2;                 /* "unspecified" is no unit kind */
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.units[0].power = 7;   /* the standard map has 7 powers */
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.units[0].location = 81;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.units[0].location = loc(map, "Nth"); /* an army at sea */
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.units[1].location = spoiled.units[0].location; /* two in one province */
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.orders[0].kind = 5;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.orders[0].via_convoy = 2;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.orders[0].to = 300;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.orders[0].unit_kind = 3;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    spoiled = t; spoiled.orders[1].power = 200;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    /* A unit of the standard map on the tiny map: location 40 does not exist there. */
    c = diagram4_call(&t);
    c.map = build_tiny(map_buffer);
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);

    /* Empty input is fine. */
    c = diagram4_call(&t);
    c.units = NULL; c.unit_count = 0; c.orders = NULL; c.order_count = 0;
    expect_call(&c, ORDO_OK);
}

/* ---- Rule options (each non-default value decides a DATC position) ------------------- */

static ordo_rules default_rules(void) {
    ordo_rules rules;
    memset(&rules, 0, sizeof rules);
    return rules;
}

/* DATC 6.F.9: the English Channel, one of the two convoy routes, is dislodged. */
static turn datc_6_f_9(const ordo_map *map) {
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "England", "F English Channel Convoys A London - Belgium");
    order_line(map, &t, "England", "F North Sea Convoys A London - Belgium");
    order_line(map, &t, "England", "A London - Belgium");
    order_line(map, &t, "France", "F Brest Supports F Mid-Atlantic Ocean - English Channel");
    order_line(map, &t, "France", "F Mid-Atlantic Ocean - English Channel");
    return t;
}

/* 4.A.1: disrupted only when every route is (DATC), the army goes by the North Sea; disrupted
 * when any route is (1971), it stays in London. */
static void convoy_disruption_any_route_datc_6_f_9(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = datc_6_f_9(map);
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    FAILS(&r, 0, ORDO_FAIL_DISLODGED);
    SUCCEEDS(&r, 2);
    assert_int_equal(r.units[2].moved_to, loc(map, "Belgium"));
    rules.convoy_disruption = ORDO_CONVOY_DISRUPTION_ANY_ROUTE;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    FAILS(&r, 0, ORDO_FAIL_DISLODGED);
    assert_int_equal(r.units[0].dislodged, 1);
    assert_int_equal(r.orders[2].outcome, ORDO_OUTCOME_FAILS);
    assert_int_equal(r.units[2].moved_to, ORDO_ADJUDICATE_NONE);
    SUCCEEDS(&r, 4);
    assert_int_equal(r.units[4].moved_to, loc(map, "English Channel"));
}

/* 4.A.2 "All Hold": every move of the paradox fails, Wales's supported one too, so the
 * English Channel stays (Szykman: Wales dislodges it). */
static void paradox_all_hold_datc_6_f_14(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = datc_6_f_14(map);
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 1);
    assert_int_equal(r.units[3].dislodged, 1);
    rules.paradox = ORDO_PARADOX_ALL_HOLD;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    FAILS(&r, 1, ORDO_FAIL_PARADOX);
    FAILS(&r, 2, ORDO_FAIL_PARADOX);
    FAILS(&r, 3, ORDO_FAIL_PARADOX);
    for (size_t i = 0; i < t.unit_count; i++) {
        assert_int_equal(r.units[i].dislodged, 0);
        assert_int_equal(r.units[i].moved_to, ORDO_ADJUDICATE_NONE);
    }
}

/* DATC 6.F.17, Pandin's extended paradox: 6.F.14 and three more orders. */
static turn datc_6_f_17(const ordo_map *map) {
    turn t = datc_6_f_14(map);
    order_line(map, &t, "France", "F Yorkshire Supports A Brest - London");
    order_line(map, &t, "Germany", "F North Sea Supports F Belgium - English Channel");
    order_line(map, &t, "Germany", "F Belgium - English Channel");
    return t;
}

/* 4.A.2, the 1971, 1982 and 2000 rules: London's support is not cut, the convoy succeeds and
 * the army from Brest dislodges London. Szykman: the convoy fails, nobody is dislodged. */
static void paradox_rulebooks_datc_6_f_17(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = datc_6_f_17(map);
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    assert_int_equal(r.units[0].dislodged, 0);
    assert_int_equal(r.orders[2].outcome, ORDO_OUTCOME_FAILS);
    const uint8_t rulebooks[3] = {ORDO_PARADOX_RULE_1971, ORDO_PARADOX_RULE_1982,
                                  ORDO_PARADOX_RULE_2000};
    for (size_t k = 0; k < 3; k++) {
        rules.paradox = rulebooks[k];
        memset(&r, 0, sizeof r);
        assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
        assert_int_equal(r.units[0].dislodged, 1);
        assert_int_equal(r.units[0].dislodged_by, 2);
        assert_int_equal(r.units[0].dislodged_from, loc(map, "Brest"));
        assert_int_equal(r.units[0].dislodged_via_convoy, 1);
        assert_int_equal(r.orders[1].outcome, ORDO_OUTCOME_FAILS);
        SUCCEEDS(&r, 2);
        assert_int_equal(r.units[2].moved_to, loc(map, "London"));
        assert_int_equal(r.units[3].dislodged, 0);
        SUCCEEDS(&r, 5);
        assert_int_equal(r.orders[6].outcome, ORDO_OUTCOME_FAILS);
    }
}

/* DATC 6.F.19, the multi-route convoy disruption paradox. */
static turn datc_6_f_19(const ordo_map *map) {
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "France", "A Tunis - Naples");
    order_line(map, &t, "France", "F Tyrrhenian Sea Convoys A Tunis - Naples");
    order_line(map, &t, "France", "F Ionian Sea Convoys A Tunis - Naples");
    order_line(map, &t, "Italy", "F Naples Supports F Rome - Tyrrhenian Sea");
    order_line(map, &t, "Italy", "F Rome - Tyrrhenian Sea");
    return t;
}

/* 4.A.2: the 1982 rule, the 1971 rule, and the 1971 rulebook (any-route disruption, the 1971
 * paradox and adjacent-convoy rules together, as DATC reads it) keep Naples's support and Rome
 * dislodges the Tyrrhenian Sea; Szykman and the 2000 rule cut it and nothing moves. */
static void paradox_1982_and_1971_keep_the_support_datc_6_f_19(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = datc_6_f_19(map);
    ordo_rules rules = default_rules();
    result r;
    const uint8_t cut[2] = {ORDO_PARADOX_SZYKMAN, ORDO_PARADOX_RULE_2000};
    for (size_t k = 0; k < 2; k++) {
        rules.paradox = cut[k];
        assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
        assert_int_equal(r.orders[0].outcome, ORDO_OUTCOME_FAILS);
        assert_int_equal(r.units[1].dislodged, 0);
        assert_int_equal(r.orders[3].outcome, ORDO_OUTCOME_FAILS);
        assert_int_equal(r.orders[4].outcome, ORDO_OUTCOME_FAILS);
        assert_int_equal(r.units[4].moved_to, ORDO_ADJUDICATE_NONE);
    }
    /* The 1971 paradox rule keeps the support on its own: the Tyrrhenian Sea is one of the
     * convoy fleets, needed or not (the 2000 rule asks whether it is needed). */
    ordo_rules uncut[3];
    uncut[0] = default_rules();
    uncut[0].paradox = ORDO_PARADOX_RULE_1982;
    uncut[1] = default_rules();
    uncut[1].convoy_disruption = ORDO_CONVOY_DISRUPTION_ANY_ROUTE;
    uncut[1].paradox = ORDO_PARADOX_RULE_1971;
    uncut[1].adjacent_convoy = ORDO_ADJACENT_CONVOY_RULEBOOK_1971;
    uncut[2] = default_rules();
    uncut[2].paradox = ORDO_PARADOX_RULE_1971;
    for (size_t k = 0; k < 3; k++) {
        assert_int_equal(run(map, &t, &uncut[k], &r), ORDO_OK);
        assert_int_equal(r.orders[0].outcome, ORDO_OUTCOME_FAILS);
        assert_int_equal(r.units[1].dislodged, 1);
        assert_int_equal(r.units[1].dislodged_from, loc(map, "Rome"));
        SUCCEEDS(&r, 3);
        SUCCEEDS(&r, 4);
        assert_int_equal(r.units[4].moved_to, loc(map, "Tyrrhenian Sea"));
    }
}

/* DATC 6.F.18, the betrayal paradox: the 1982 rule keeps Belgium's support of the North Sea
 * and the army from London dislodges Belgium; Szykman: the convoy fails, London stays. */
static void paradox_1982_datc_6_f_18(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "England", "F North Sea Convoys A London - Belgium");
    order_line(map, &t, "England", "A London - Belgium");
    order_line(map, &t, "England", "F English Channel Supports A London - Belgium");
    order_line(map, &t, "France", "F Belgium Supports F North Sea");
    order_line(map, &t, "Germany", "F Helgoland Bight Supports F Skagerrak - North Sea");
    order_line(map, &t, "Germany", "F Skagerrak - North Sea");
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    assert_int_equal(r.orders[1].outcome, ORDO_OUTCOME_FAILS);
    SUCCEEDS(&r, 3);
    assert_int_equal(r.units[3].dislodged, 0);
    rules.paradox = ORDO_PARADOX_RULE_1982;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    assert_int_equal(r.units[0].dislodged, 0);
    SUCCEEDS(&r, 1);
    assert_int_equal(r.units[1].moved_to, loc(map, "Belgium"));
    SUCCEEDS(&r, 2);
    assert_int_equal(r.units[3].dislodged, 1);
    assert_int_equal(r.units[3].dislodged_by, 1);
    SUCCEEDS(&r, 4);
    assert_int_equal(r.orders[5].outcome, ORDO_OUTCOME_FAILS);
}

/* 4.A.3 DPTG (explicit): DATC 6.G.1, an own convoying fleet shows no intent without
 * "via convoy", so the armies of Norway and Sweden meet head to head instead of swapping. */
static void adjacent_convoy_explicit_datc_6_g_1(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "England", "A Norway - Sweden");
    order_line(map, &t, "England", "F Skagerrak Convoys A Norway - Sweden");
    order_line(map, &t, "Russia", "A Sweden - Norway");
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    SUCCEEDS(&r, 2);
    assert_int_equal(r.units[0].moved_to, loc(map, "Sweden"));
    assert_int_equal(r.units[2].moved_to, loc(map, "Norway"));
    rules.adjacent_convoy = ORDO_ADJACENT_CONVOY_EXPLICIT;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    assert_int_equal(r.orders[0].outcome, ORDO_OUTCOME_FAILS);
    assert_int_equal(r.orders[2].outcome, ORDO_OUTCOME_FAILS);
    assert_int_equal(r.units[0].moved_to, ORDO_ADJUDICATE_NONE);
    assert_int_equal(r.units[2].moved_to, ORDO_ADJUDICATE_NONE);
}

/* 4.A.3 with the land route as fallback: DATC 6.G.8, the army ordered to Holland via a convoy
 * that is not there moves over land into the vacated Holland (DATC's choice: it stays). */
static void adjacent_convoy_land_fallback_datc_6_g_8(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "France", "A Belgium - Holland via convoy");
    order_line(map, &t, "England", "F North Sea - Helgoland Bight");
    order_line(map, &t, "England", "A Holland - Kiel");
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    assert_int_not_equal(r.orders[0].outcome, ORDO_OUTCOME_SUCCEEDS);
    assert_int_equal(r.units[0].moved_to, ORDO_ADJUDICATE_NONE);
    SUCCEEDS(&r, 1);
    SUCCEEDS(&r, 2);
    rules.adjacent_convoy = ORDO_ADJACENT_CONVOY_LAND_FALLBACK;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    assert_int_equal(r.units[0].moved_to, loc(map, "Holland"));
    SUCCEEDS(&r, 1);
    SUCCEEDS(&r, 2);
}

/* 4.A.3 as the 1971 rulebook reads: DATC 6.G.2, a foreign fleet kidnaps the army of Norway and
 * the units swap (DATC's choice: kidnapping is prevented, both moves fail). */
static void adjacent_convoy_rulebook_1971_datc_6_g_2(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "England", "A Norway - Sweden");
    order_line(map, &t, "Russia", "F Sweden - Norway");
    order_line(map, &t, "Germany", "F Skagerrak Convoys A Norway - Sweden");
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    assert_int_equal(r.orders[0].outcome, ORDO_OUTCOME_FAILS);
    assert_int_equal(r.orders[1].outcome, ORDO_OUTCOME_FAILS);
    rules.adjacent_convoy = ORDO_ADJACENT_CONVOY_RULEBOOK_1971;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    SUCCEEDS(&r, 1);
    assert_int_equal(r.units[0].moved_to, loc(map, "Sweden"));
    assert_int_equal(r.units[1].moved_to, loc(map, "Norway"));
}

/* 4.B.4: a support of a move to Spain without the coast. DATC 6.B.15 (the supported fleet is
 * foreign) and 6.B.7 (it is France's own). */
static void support_coast_options_datc_6_b_15_and_6_b_7(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn b15;
    memset(&b15, 0, sizeof b15);
    order_line(map, &b15, "France", "F Portugal Supports F Mid-Atlantic Ocean - Spain");
    order_line(map, &b15, "England", "F Mid-Atlantic Ocean - Spain(nc)");
    order_line(map, &b15, "Italy", "F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)");
    order_line(map, &b15, "Italy", "F Western Mediterranean - Spain(sc)");
    turn b7;
    memset(&b7, 0, sizeof b7);
    order_line(map, &b7, "France", "F Portugal Supports F Mid-Atlantic Ocean - Spain");
    order_line(map, &b7, "France", "F Mid-Atlantic Ocean - Spain(nc)");
    ordo_rules rules = default_rules();
    result r;
    /* Omitted matches any coast (DATC): the support is given, and the move from the Western
     * Mediterranean is held to a standoff. */
    assert_int_equal(run(map, &b15, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    assert_int_equal(r.units[3].moved_to, ORDO_ADJUDICATE_NONE);
    /* Omitted for own fleets only: the support of England's fleet is illegal, so Italy's
     * supported fleet takes the south coast. */
    rules.support_coast = ORDO_SUPPORT_COAST_OMITTED_OWN_ONLY;
    assert_int_equal(run(map, &b15, &rules, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_SUPPORT_COAST_MISSING);
    SUCCEEDS(&r, 3);
    assert_int_equal(r.units[3].moved_to, loc(map, "Spain(sc)"));
    assert_int_equal(run(map, &b7, &rules, &r), ORDO_OK);
    SUCCEEDS(&r, 0);
    /* Always required: the own fleet's support is illegal too. */
    rules.support_coast = ORDO_SUPPORT_COAST_REQUIRED;
    assert_int_equal(run(map, &b7, &rules, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_SUPPORT_COAST_MISSING);
    SUCCEEDS(&r, 1);
}

/* 4.D.3: two orders for the army of Kiel. Hold (DATC): both illegal; first: Denmark;
 * last: Holland. */
static void multiple_orders_last(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t;
    memset(&t, 0, sizeof t);
    order_line(map, &t, "Germany", "A Kiel - Denmark");
    order_line(map, &t, "Germany", "A Kiel - Holland");
    assert_int_equal(t.unit_count, 1);
    ordo_rules rules = default_rules();
    result r;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_CONFLICTING_ORDERS);
    ILLEGAL(&r, 1, ORDO_ILLEGAL_CONFLICTING_ORDERS);
    assert_int_equal(r.units[0].moved_to, ORDO_ADJUDICATE_NONE);
    rules.multiple_orders = ORDO_MULTIPLE_ORDERS_FIRST;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    assert_int_equal(r.units[0].moved_to, loc(map, "Denmark"));
    rules.multiple_orders = ORDO_MULTIPLE_ORDERS_LAST;
    assert_int_equal(run(map, &t, &rules, &r), ORDO_OK);
    ILLEGAL(&r, 0, ORDO_ILLEGAL_CONFLICTING_ORDERS);
    SUCCEEDS(&r, 1);
    assert_int_equal(r.units[0].order, 1);
    assert_int_equal(r.units[0].moved_to, loc(map, "Holland"));
}

/* An unknown value of each enum option is refused, by the movement and the retreat phase,
 * and nothing is written. */
static void unknown_rule_values_are_refused(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = diagram4();
    call c = diagram4_call(&t);
    ordo_rules rules = default_rules();
    c.rules = &rules;
    expect_call(&c, ORDO_OK);
    rules.convoy_disruption = ORDO_CONVOY_DISRUPTION_ANY_ROUTE + 1;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    rules = default_rules();
    rules.adjacent_convoy = ORDO_ADJACENT_CONVOY_RULEBOOK_1971 + 1;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    rules = default_rules();
    rules.support_coast = ORDO_SUPPORT_COAST_REQUIRED + 1;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    rules = default_rules();
    rules.multiple_orders = ORDO_MULTIPLE_ORDERS_LAST + 1;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);
    rules = default_rules();
    rules.paradox = ORDO_PARADOX_RULE_2000 + 1;
    expect_call(&c, ORDO_ERR_INVALID_ARGUMENT);

    /* The retreat phase reads the same struct. */
    turn d8 = diagram8(map);
    result r;
    assert_int_equal(run(map, &d8, NULL, &r), ORDO_OK);
    ordo_order order = parse(map, "Germany", "A Bur - Ruh");
    retreat_result out;
    memset(&out, 0xAB, sizeof out);
    retreat_result untouched = out;
    rules = default_rules();
    rules.support_coast = 0xFF;
    assert_int_equal(ordo_adjudicate_retreats(map, d8.units, d8.unit_count, r.units, d8.unit_count,
                                              r.contested, r.contested_count, &order, 1, &rules,
                                              out.orders, 1, out.units, ORDO_ADJUDICATE_MAX_UNITS),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_memory_equal(&out, &untouched, sizeof out);
}

/* ---- More refusals -------------------------------------------------------------------- */

static void map_build_refuses_null_arguments_and_long_names(void **state) {
    (void)state;
    ordo_map_desc desc = tiny_desc();
    const ordo_map *map = (const ordo_map *)0x1234;
    memset(other_buffer, 0x5A, sizeof other_buffer);
    assert_int_equal(ordo_map_build(NULL, other_buffer, sizeof other_buffer, &map),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_map_build(&desc, NULL, ORDO_MAP_BYTES, &map), ORDO_ERR_NULL_POINTER);
    assert_ptr_equal(map, (const ordo_map *)0x1234);
    const unsigned char *bytes = (const unsigned char *)other_buffer;
    for (size_t i = 0; i < sizeof other_buffer; i++) {
        if (bytes[i] != 0x5A) fail_msg("buffer byte %zu written on error", i);
    }

    /* A name of ORDO_ADJUDICATE_MAX_NAME_BYTES bytes is accepted; one byte more is not, for a
     * province (its name or its abbreviation) and for a power alike. */
    char longest[ORDO_ADJUDICATE_MAX_NAME_BYTES + 1];
    char too_long[ORDO_ADJUDICATE_MAX_NAME_BYTES + 2];
    memset(longest, 'h', ORDO_ADJUDICATE_MAX_NAME_BYTES);
    longest[ORDO_ADJUDICATE_MAX_NAME_BYTES] = '\0';
    memset(too_long, 'h', ORDO_ADJUDICATE_MAX_NAME_BYTES + 1);
    too_long[ORDO_ADJUDICATE_MAX_NAME_BYTES + 1] = '\0';
    ordo_map_location locations[6];
    memcpy(locations, tiny_locations, sizeof locations);
    ordo_map_desc bad = desc;
    bad.locations = locations;
    locations[2].name = too_long;
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    memcpy(locations, tiny_locations, sizeof locations);
    locations[2].abbreviation = too_long;
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);
    const char *const long_powers[] = {"Red", too_long};
    bad = desc;
    bad.powers = long_powers;
    expect_build_fails(&bad, ORDO_ERR_INVALID_MAP);

    memcpy(locations, tiny_locations, sizeof locations);
    locations[2].name = longest;
    bad = desc;
    bad.locations = locations;
    assert_int_equal(ordo_map_build(&bad, other_buffer, sizeof other_buffer, &map), ORDO_OK);
    assert_ptr_equal(map, other_buffer);
    char name[ORDO_ADJUDICATE_LOCATION_NAME_BUFFER];
    size_t len = 0;
    assert_int_equal(ordo_map_location_name(map, 2, ORDO_NAME_FULL, name, sizeof name, &len),
                     ORDO_OK);
    assert_int_equal(len, ORDO_ADJUDICATE_MAX_NAME_BYTES);
    assert_string_equal(name, longest);
    /* The longest name of all is a coast's of a province named at the limit: it fills
     * ORDO_ADJUDICATE_LOCATION_NAME_BUFFER exactly. */
    memcpy(locations, tiny_locations, sizeof locations);
    locations[1].name = longest;
    assert_int_equal(ordo_map_build(&bad, other_buffer, sizeof other_buffer, &map), ORDO_OK);
    assert_int_equal(ordo_map_location_name(map, 4, ORDO_NAME_FULL, name, sizeof name, &len),
                     ORDO_OK);
    assert_int_equal(len + 1, ORDO_ADJUDICATE_LOCATION_NAME_BUFFER);
    assert_int_equal(ordo_map_location_name(map, 4, ORDO_NAME_FULL, name, sizeof name - 1, &len),
                     ORDO_ERR_BUFFER_TOO_SMALL);
}

/* Movement results that no movement phase writes are refused by the retreat functions. */
static void retreat_inputs_inconsistent_with_a_movement_are_refused(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    turn t = diagram8(map);
    result r;
    assert_int_equal(run(map, &t, NULL, &r), ORDO_OK);
    assert_int_equal(r.units[2].dislodged, 1);
    ordo_order order = parse(map, "Germany", "A Bur - Ruh");
    retreat_result out;
    memset(&out, 0xAB, sizeof out);
    retreat_result untouched = out;
    uint16_t where[ORDO_ADJUDICATE_MAX_LOCATIONS];
    memset(where, 0x77, sizeof where);
    size_t count = 99;

    result bad = r;
    bad.units[2].dislodged_by = (uint16_t)t.unit_count; /* no such unit */
    assert_int_equal(ordo_adjudicate_retreats(map, t.units, t.unit_count, bad.units, t.unit_count,
                                              r.contested, r.contested_count, &order, 1, NULL,
                                              out.orders, 1, out.units, ORDO_ADJUDICATE_MAX_UNITS),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, bad.units,
                                               t.unit_count, r.contested, r.contested_count, 2,
                                               where, ORDO_ADJUDICATE_MAX_LOCATIONS, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    /* A contested entry must be a province, not a coast. */
    const uint16_t coast = loc(map, "St Petersburg(sc)");
    assert_int_equal(ordo_adjudicate_retreats(map, t.units, t.unit_count, r.units, t.unit_count,
                                              &coast, 1, &order, 1, NULL, out.orders, 1,
                                              out.units, ORDO_ADJUDICATE_MAX_UNITS),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_retreat_destinations(map, t.units, t.unit_count, r.units, t.unit_count,
                                               &coast, 1, 2, where, ORDO_ADJUDICATE_MAX_LOCATIONS,
                                               &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    /* More units than the capacity. */
    static ordo_unit many[ORDO_ADJUDICATE_MAX_UNITS + 1];
    static ordo_unit_result many_results[ORDO_ADJUDICATE_MAX_UNITS + 1];
    assert_int_equal(ordo_retreat_destinations(map, many, ORDO_ADJUDICATE_MAX_UNITS + 1,
                                               many_results, ORDO_ADJUDICATE_MAX_UNITS + 1, NULL,
                                               0, 0, where, ORDO_ADJUDICATE_MAX_LOCATIONS,
                                               &count),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_memory_equal(&out, &untouched, sizeof out);
    assert_int_equal(count, 99);
    for (size_t i = 0; i < ORDO_ADJUDICATE_MAX_LOCATIONS; i++) assert_int_equal(where[i], 0x7777);

    /* The same calls with the real movement succeed: Burgundy retreats to the Ruhr. */
    assert_int_equal(ordo_adjudicate_retreats(map, t.units, t.unit_count, r.units, t.unit_count,
                                              r.contested, r.contested_count, &order, 1, NULL,
                                              out.orders, 1, out.units, ORDO_ADJUDICATE_MAX_UNITS),
                     ORDO_OK);
    SUCCEEDS(&out, 0);
    assert_int_equal(out.units[2].state, ORDO_RETREAT_RETREATED);
    assert_int_equal(out.units[2].location, loc(map, "Ruhr"));
}

static void adjustment_of_an_unknown_power_is_refused(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    board b = empty_board(map);
    own(map, &b, "France", "Paris");
    own(map, &b, "France", "Brest");
    unit(map, &b, "France", ORDO_UNIT_ARMY, "Picardy");
    ordo_adjustment build = adjustment(map, "France", "Build A Paris");
    ordo_adjustment stranger = build;
    stranger.power = 7; /* the standard map has 7 powers */
    adjust_result r;
    memset(&r, 0xAB, sizeof r);
    adjust_result untouched = r;
    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, b.unit_count, b.owners,
                                                 b.province_count, &stranger, 1, r.orders, 1,
                                                 r.fates, 1),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_memory_equal(&r, &untouched, sizeof r);
    /* France's own build is fine. */
    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, b.unit_count, b.owners,
                                                 b.province_count, &build, 1, r.orders, 1,
                                                 r.fates, 1),
                     ORDO_OK);
    SUCCEEDS(&r, 0);

    ordo_unit out[2];
    memset(out, 0xAB, sizeof out);
    ordo_unit out_untouched[2];
    memcpy(out_untouched, out, sizeof out);
    size_t count = 99;
    assert_int_equal(ordo_units_after_adjustments(map, b.units, b.unit_count, &stranger, 1,
                                                  r.orders, 1, r.fates, 1, out, 2, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(count, 99);
    assert_memory_equal(out, out_untouched, sizeof out);
}

/* A unit removed by an order leaves the board. */
static void removed_unit_leaves_the_board(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    board b = empty_board(map);
    own(map, &b, "France", "Paris");
    unit(map, &b, "France", ORDO_UNIT_ARMY, "Paris");
    unit(map, &b, "France", ORDO_UNIT_ARMY, "Picardy");
    ordo_adjustment removal = adjustment(map, "France", "Remove A Picardy");
    adjust_result r;
    assert_int_equal(ordo_adjudicate_adjustments(map, b.units, b.unit_count, b.owners,
                                                 b.province_count, &removal, 1, r.orders, 1,
                                                 r.fates, 2),
                     ORDO_OK);
    SUCCEEDS(&r, 0);
    assert_int_equal(r.fates[0], ORDO_FATE_STAYS);
    assert_int_equal(r.fates[1], ORDO_FATE_REMOVED);
    ordo_unit next[2];
    memset(next, 0xAB, sizeof next);
    size_t count = 99;
    assert_int_equal(ordo_units_after_adjustments(map, b.units, b.unit_count, &removal, 1,
                                                  r.orders, 1, r.fates, 2, next, 2, &count),
                     ORDO_OK);
    assert_int_equal(count, 1);
    assert_memory_equal(&next[0], &b.units[0], sizeof next[0]);
}

/* The board after the builds may hold ORDO_ADJUDICATE_MAX_UNITS units, not one more. */
static void builds_beyond_the_unit_capacity_are_refused(void **state) {
    (void)state;
    const ordo_map *map = ordo_map_standard();
    uint8_t france = power_of(map, "France");
    uint16_t paris = loc(map, "Paris");
    static ordo_unit units[ORDO_ADJUDICATE_MAX_UNITS];
    uint8_t fates[ORDO_ADJUDICATE_MAX_UNITS];
    for (size_t i = 0; i < ORDO_ADJUDICATE_MAX_UNITS; i++) {
        /* One unit on each of the first provinces but Paris, where the army is built. */
        ordo_unit u = {ORDO_UNIT_ARMY, france, (uint16_t)(i < paris ? i : i + 1)};
        units[i] = u;
        fates[i] = ORDO_FATE_STAYS;
    }
    ordo_adjustment build = adjustment(map, "France", "Build A Paris");
    ordo_order_result built = {ORDO_OUTCOME_SUCCEEDS, ORDO_FAIL_NONE, ORDO_ILLEGAL_NONE};
    static ordo_unit next[ORDO_ADJUDICATE_MAX_UNITS + 1];
    memset(next, 0xAB, sizeof next);
    static ordo_unit next_untouched[ORDO_ADJUDICATE_MAX_UNITS + 1];
    memcpy(next_untouched, next, sizeof next);
    size_t count = 99;
    assert_int_equal(ordo_units_after_adjustments(map, units, ORDO_ADJUDICATE_MAX_UNITS, &build, 1,
                                                  &built, 1, fates, ORDO_ADJUDICATE_MAX_UNITS,
                                                  next, ORDO_ADJUDICATE_MAX_UNITS + 1, &count),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(count, 99);
    assert_memory_equal(next, next_untouched, sizeof next);
    /* One unit fewer: the build fits, last. */
    assert_int_equal(ordo_units_after_adjustments(map, units, ORDO_ADJUDICATE_MAX_UNITS - 1, &build,
                                                  1, &built, 1, fates, ORDO_ADJUDICATE_MAX_UNITS - 1,
                                                  next, ORDO_ADJUDICATE_MAX_UNITS, &count),
                     ORDO_OK);
    assert_int_equal(count, ORDO_ADJUDICATE_MAX_UNITS);
    assert_int_equal(next[ORDO_ADJUDICATE_MAX_UNITS - 1].kind, ORDO_UNIT_ARMY);
    assert_int_equal(next[ORDO_ADJUDICATE_MAX_UNITS - 1].power, france);
    assert_int_equal(next[ORDO_ADJUDICATE_MAX_UNITS - 1].location, paris);
    assert_memory_equal(next, units, (ORDO_ADJUDICATE_MAX_UNITS - 1) * sizeof units[0]);
}

/* ---- A full board on a 32 KiB stack ---------------------------------------------------- */

static const char *const full_board[][2] = {
    {"Austria", "A Vie - Gal"}, {"Austria", "A Bud S A Vie - Gal"}, {"Austria", "F Tri - Adr"},
    {"Austria", "A Ser - Bul"}, {"Austria", "A Gre S A Ser - Bul"}, {"England", "F Lon - Nth"},
    {"England", "F Edi - Nwg"}, {"England", "A Lvp - Yor"}, {"England", "F Nwy - Ska"},
    {"France", "F Bre - Mao"}, {"France", "A Par - Bur"}, {"France", "A Mar S A Par - Bur"},
    {"France", "A Bel - Hol"}, {"France", "A Spa - Gas"}, {"France", "F Por - Spa(sc)"},
    {"Germany", "F Kie - Hel"}, {"Germany", "A Ber - Kie"}, {"Germany", "A Mun - Bur"},
    {"Germany", "A Den - Swe"}, {"Germany", "A Hol H"}, {"Italy", "F Nap - Ion"},
    {"Italy", "A Rom - Apu"}, {"Italy", "A Ven - Tri"}, {"Italy", "F Tun - Wes"},
    {"Russia", "A Mos - Ukr"}, {"Russia", "F Sev - Bla"}, {"Russia", "F Stp(sc) - Bot"},
    {"Russia", "A War - Gal"}, {"Russia", "F Rum S F Sev - Bla"}, {"Russia", "F Swe H"},
    {"Turkey", "F Ank - Bla"}, {"Turkey", "A Bul - Gre"}, {"Turkey", "A Con - Bul"},
    {"Turkey", "A Smy - Arm"},
};
#define FULL_BOARD_ORDERS (sizeof full_board / sizeof full_board[0])

typedef struct stack_job {
    turn t;
    result r;
    ordo_status status;
    ordo_status build_status;
    int parse_failures;
} stack_job;

static void *adjudicate_on_this_thread(void *arg) {
    stack_job *job = arg;
    const ordo_map *map = ordo_map_standard();
    job->t.unit_count = 0;
    job->t.order_count = 0;
    for (size_t i = 0; i < FULL_BOARD_ORDERS; i++) {
        uint8_t power = 0;
        ordo_order order;
        const char *text = full_board[i][1];
        if (ordo_map_find_power(map, full_board[i][0], strlen(full_board[i][0]), &power) != ORDO_OK ||
            ordo_parse_order(map, text, strlen(text), power, &order, NULL) != ORDO_OK) {
            job->parse_failures++;
            continue;
        }
        ordo_unit unit = {order.unit_kind, power, order.location};
        job->t.units[job->t.unit_count++] = unit;
        job->t.orders[job->t.order_count++] = order;
    }
    job->status = ordo_adjudicate(map, job->t.units, job->t.unit_count, job->t.orders,
                                  job->t.order_count, NULL, workspace, sizeof workspace, job->r.orders,
                                  ORDO_ADJUDICATE_MAX_ORDERS, job->r.units, ORDO_ADJUDICATE_MAX_UNITS,
                                  job->r.contested, ORDO_ADJUDICATE_MAX_LOCATIONS,
                                  &job->r.contested_count);
    ordo_map_desc desc = tiny_desc();
    const ordo_map *tiny = NULL;
    job->build_status = ordo_map_build(&desc, other_buffer, sizeof other_buffer, &tiny);
    return NULL;
}

static size_t full_board_index(const char *text) {
    for (size_t i = 0; i < FULL_BOARD_ORDERS; i++) {
        if (strcmp(full_board[i][1], text) == 0) return i;
    }
    fail_msg("no order '%s'", text);
    return 0;
}

static void full_board_on_a_32_kib_stack(void **state) {
    (void)state;
    stack_job *job = calloc(1, sizeof *job);
    assert_non_null(job);
    assert_int_equal(run_on_stack(ORDO_TEST_SMALL_STACK, adjudicate_on_this_thread, job), 0);
    assert_int_equal(job->parse_failures, 0);
    assert_int_equal(job->status, ORDO_OK);
    assert_int_equal(job->build_status, ORDO_OK);
    assert_int_equal(job->t.unit_count, 34);
    const result *r = &job->r;
    SUCCEEDS(r, full_board_index("A Par - Bur"));
    FAILS(r, full_board_index("A Mun - Bur"), ORDO_FAIL_STANDOFF);
    SUCCEEDS(r, full_board_index("A Ser - Bul"));
    FAILS(r, full_board_index("A Bul - Gre"), ORDO_FAIL_BOUNCED);
    SUCCEEDS(r, full_board_index("A Ven - Tri"));
    SUCCEEDS(r, full_board_index("F Sev - Bla"));
    FAILS(r, full_board_index("A War - Gal"), ORDO_FAIL_STANDOFF);
    free(job);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_diagram_8_supported_attack_dislodges),
        cmocka_unit_test(seed_diagram_4_standoff_contests_silesia),
        cmocka_unit_test(seed_diagrams_5_to_7),
        cmocka_unit_test(datc_6_c_4_circular_movement_with_attacked_convoy),
        cmocka_unit_test(datc_6_f_14_simple_convoy_paradox),
        cmocka_unit_test(datc_6_a_6_ordering_a_foreign_unit),
        cmocka_unit_test(rules_are_taken_from_the_struct),
        cmocka_unit_test(datc_6_h_10_not_retreating_to_attacker_does_not_mean_contested),
        cmocka_unit_test(datc_6_h_7_multiple_retreat_to_same_area_will_disband_units),
        cmocka_unit_test(retreat_statuses_write_nothing),
        cmocka_unit_test(datc_6_i_1_too_many_build_orders),
        cmocka_unit_test(datc_6_j_5_civil_disorder_two_fleets_with_different_distance),
        cmocka_unit_test(adjustment_statuses_write_nothing),
        cmocka_unit_test(a_year_advances_through_the_c_face),
        cmocka_unit_test(board_advance_statuses_write_nothing),
        cmocka_unit_test(names_and_info_of_the_standard_map),
        cmocka_unit_test(good_orders_parse),
        cmocka_unit_test(bad_orders_report_kind_and_position),
        cmocka_unit_test(tiny_custom_map_adjudicates),
        cmocka_unit_test(map_build_errors_write_nothing),
        cmocka_unit_test(a_moved_or_foreign_map_is_refused),
        cmocka_unit_test(name_functions_statuses),
        cmocka_unit_test(result_texts),
        cmocka_unit_test(adjudicate_statuses_write_nothing),
        cmocka_unit_test(convoy_disruption_any_route_datc_6_f_9),
        cmocka_unit_test(paradox_all_hold_datc_6_f_14),
        cmocka_unit_test(paradox_rulebooks_datc_6_f_17),
        cmocka_unit_test(paradox_1982_and_1971_keep_the_support_datc_6_f_19),
        cmocka_unit_test(paradox_1982_datc_6_f_18),
        cmocka_unit_test(adjacent_convoy_explicit_datc_6_g_1),
        cmocka_unit_test(adjacent_convoy_land_fallback_datc_6_g_8),
        cmocka_unit_test(adjacent_convoy_rulebook_1971_datc_6_g_2),
        cmocka_unit_test(support_coast_options_datc_6_b_15_and_6_b_7),
        cmocka_unit_test(multiple_orders_last),
        cmocka_unit_test(unknown_rule_values_are_refused),
        cmocka_unit_test(map_build_refuses_null_arguments_and_long_names),
        cmocka_unit_test(retreat_inputs_inconsistent_with_a_movement_are_refused),
        cmocka_unit_test(adjustment_of_an_unknown_power_is_refused),
        cmocka_unit_test(removed_unit_leaves_the_board),
        cmocka_unit_test(builds_beyond_the_unit_capacity_are_refused),
        cmocka_unit_test(full_board_on_a_32_kib_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
