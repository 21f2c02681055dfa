/* Every routine from four threads at once: shared inputs (the standard map, a select rule
 * table, a draw plan, the commands, actions, piles and orders), outputs and adjudication
 * workspaces of each thread's own. Call after call, each thread gets exactly what one
 * thread got alone. `make memcheck` also runs this program under Helgrind, which fails it
 * on any data race. */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "ordo.h"

#define THREADS 4
#define ROUNDS 50
#define MAX_TURN 8

/* What one round of calls writes. Zeroed before each round, so that whole rounds compare
 * with memcmp (every array below is of structs without padding, or of integers). */
typedef struct outputs {
    ordo_status statuses[5];
    uint32_t ranked[8];
    size_t ranked_count;
    size_t chosen;
    uint16_t slots[9];
    uint32_t cards[9];
    ordo_order_result orders[MAX_TURN];
    ordo_unit_result units[MAX_TURN];
    uint16_t contested[MAX_TURN];
    size_t contested_count;
} outputs;

/* The inputs every thread reads. Written once, before any thread starts. */
static struct {
    const ordo_map *map;
    ordo_unit units[MAX_TURN];
    ordo_order orders[MAX_TURN];
    size_t turn_len;
    ordo_select_rules rules;
    ordo_draw_plan plan;
} shared;

static const ordo_ranked_command commands[] = {
    {0, 1, 5, 'a'}, {1, 0, 0, 0}, {0, 1, 4, 'a'}, {0, 1, 3, 'b'}, {2, 0, 9, 0}, {0, 0, 7, 0},
};

static const ordo_select_action actions[] = {
    {ORDO_SELECT_PRESET_END_TURN, 0, {0, 0, 0, 0}, "end turn", 8},
    {ORDO_SELECT_PRESET_PURCHASE, 0, {2, 0, 0, 0}, "Cutter", 6},
    {ORDO_SELECT_PRESET_PURCHASE, 0, {5, 0, 0, 0}, "Trade Pod", 9},
    {ORDO_SELECT_PRESET_PLAY_CARD, 0, {0, 0, 0, 0}, "Scout", 5},
};

/* The seed's worked example. */
static const uint32_t desired[] = {1, 2, 3, 4, 2, 6, 7, 8, 2};
static const uint32_t pile[] = {6, 2, 4, 8, 2, 7, 2, 1, 3};

/* DATC 6.F.14, a convoy paradox, and a bounce beside it. */
static const char *const turn_lines[][2] = {
    {"England", "F Lon S F Wal - Eng"}, {"England", "F Wal - Eng"},
    {"France", "A Bre - Lon"},          {"France", "F Eng C A Bre - Lon"},
    {"Germany", "A Mun - Bur"},         {"Italy", "A Mar - Bur"},
};

static void read_turn(void) {
    shared.map = ordo_map_standard();
    shared.turn_len = sizeof turn_lines / sizeof turn_lines[0];
    for (size_t i = 0; i < shared.turn_len; i++) {
        const char *power = turn_lines[i][0], *text = turn_lines[i][1];
        uint8_t p = 0;
        assert_int_equal(ordo_map_find_power(shared.map, power, strlen(power), &p), ORDO_OK);
        assert_int_equal(
            ordo_parse_order(shared.map, text, strlen(text), p, &shared.orders[i], NULL),
            ORDO_OK);
        ordo_unit unit = {shared.orders[i].unit_kind, p, shared.orders[i].location};
        shared.units[i] = unit;
    }
}

/* One round: every routine once, into `out`. */
static void run_round(outputs *out, void *workspace, size_t workspace_len) {
    memset(out, 0, sizeof *out);
    out->statuses[0] = ordo_ranked_order(commands, sizeof commands / sizeof commands[0], true,
                                         4, out->ranked, 8, &out->ranked_count);
    out->statuses[1] =
        ordo_select(actions, sizeof actions / sizeof actions[0], &shared.rules, &out->chosen);
    out->statuses[2] = ordo_draw_plan_play_order(&shared.plan, pile, 9, 3, out->slots, 9,
                                                 out->cards, 9);
    out->statuses[3] = ordo_draw_play_order(desired, 9, pile, 9, 3, NULL, 0, out->cards, 9);
    out->statuses[4] = ordo_adjudicate(
        shared.map, shared.units, shared.turn_len, shared.orders, shared.turn_len, NULL,
        workspace, workspace_len, out->orders, MAX_TURN, out->units, MAX_TURN, out->contested,
        MAX_TURN, &out->contested_count);
}

static outputs expected;

/* Each thread's workspace: a global array of uint64_t is 8-byte aligned even on i386, where
 * one inside a struct is only 4-byte aligned (and each row is a multiple of 8 bytes). */
static uint64_t workspaces[THREADS][ORDO_ADJUDICATE_WORKSPACE_BYTES / sizeof(uint64_t)];

typedef struct worker {
    pthread_t thread;
    uint64_t *workspace;
    outputs out;
    int differing_rounds;
} worker;

static void *work(void *arg) {
    worker *w = arg;
    for (int round = 0; round < ROUNDS; round++) {
        run_round(&w->out, w->workspace, sizeof workspaces[0]);
        w->differing_rounds += memcmp(&w->out, &expected, sizeof expected) != 0;
    }
    return NULL;
}

static worker workers[THREADS];

static void four_threads_get_what_one_thread_gets(void **state) {
    (void)state;
    read_turn();
    assert_int_equal(ordo_select_preset(&shared.rules), ORDO_OK);
    assert_int_equal(ordo_draw_plan_init(desired, 9, &shared.plan), ORDO_OK);
    for (int i = 0; i < THREADS; i++) workers[i].workspace = workspaces[i];
    run_round(&expected, workspaces[0], sizeof workspaces[0]);
    for (int i = 0; i < 5; i++) assert_int_equal(expected.statuses[i], ORDO_OK);
    /* The answers the other tests pin: the purchase of the dearer card, the seed's play
     * order, the paradox's convoying fleet dislodged (its army stays) and the bounce in
     * Burgundy. */
    assert_int_equal(expected.chosen, 2);
    assert_int_equal(expected.slots[0], 1);
    assert_int_equal(expected.ranked_count, 4);
    assert_int_equal(expected.orders[1].outcome, ORDO_OUTCOME_SUCCEEDS);
    assert_int_equal(expected.orders[2].outcome, ORDO_OUTCOME_FAILS);
    assert_int_equal(expected.orders[4].outcome, ORDO_OUTCOME_FAILS);
    assert_int_equal(expected.orders[5].outcome, ORDO_OUTCOME_FAILS);
    assert_int_equal(expected.contested_count, 1);

    for (int i = 0; i < THREADS; i++) {
        assert_int_equal(pthread_create(&workers[i].thread, NULL, work, &workers[i]), 0);
    }
    for (int i = 0; i < THREADS; i++) {
        assert_int_equal(pthread_join(workers[i].thread, NULL), 0);
    }
    for (int i = 0; i < THREADS; i++) {
        assert_int_equal(workers[i].differing_rounds, 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_threads_get_what_one_thread_gets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
