/* Bucket selection through the C ABI: the preset (one test per seed row, through the table
 * and through the table prepared), order, one-hot, the prepared and the columnar entry points, the vector level's limit, every status code with its output left untouched, and a 32 KiB stack. */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ordo.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))
#define SENTINEL ((size_t)0x5e17)

static ordo_select_action act(uint32_t bucket, const char *name) {
    ordo_select_action a;
    memset(&a, 0, sizeof a);
    a.bucket = bucket;
    a.name = name;
    a.name_len = name ? strlen(name) : 0;
    return a;
}

static ordo_select_action buy(const char *name, int64_t cost) {
    ordo_select_action a = act(ORDO_SELECT_PRESET_PURCHASE, name);
    a.fields[ORDO_SELECT_PRESET_COST] = cost;
    return a;
}

static ordo_select_action base(const char *name, int outpost, int64_t defense, int64_t cost) {
    ordo_select_action a = act(ORDO_SELECT_PRESET_ATTACK_BASE, name);
    a.flag = (uint8_t)(outpost ? 1 : 0);
    a.fields[ORDO_SELECT_PRESET_DEFENSE] = defense;
    a.fields[ORDO_SELECT_PRESET_COST] = cost;
    return a;
}

static ordo_select_rules preset(void) {
    ordo_select_rules rules;
    memset(&rules, 0xab, sizeof rules);
    assert_int_equal(ordo_select_preset(&rules), ORDO_OK);
    return rules;
}

static ordo_select_prepared_rules prepared(const ordo_select_rules *rules) {
    ordo_select_prepared_rules out;
    memset(&out, 0xcd, sizeof out);
    assert_int_equal(ordo_select_prepare(rules, &out), ORDO_OK);
    return out;
}

/* The preset's choice, through the table and through the table prepared: the same. */
static size_t choose(const ordo_select_action *actions, size_t n) {
    ordo_select_rules rules = preset();
    size_t chosen = SENTINEL;
    assert_int_equal(ordo_select(actions, n, &rules, &chosen), ORDO_OK);
    ordo_select_prepared_rules ready = prepared(&rules);
    size_t by_prepared = SENTINEL;
    assert_int_equal(ordo_select_prepared(actions, n, &ready, &by_prepared), ORDO_OK);
    assert_int_equal(by_prepared, chosen);
    return chosen;
}

/* --- The preset ------------------------------------------------------------------------ */

static void preset_is_the_seed_table(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    assert_int_equal(rules.bucket_count, 7);
    const uint32_t counts[7] = {2, 2, 1, 1, 4, 1, 1};
    for (size_t b = 0; b < 7; b++) assert_int_equal(rules.buckets[b].key_count, counts[b]);
    const ordo_select_rule *attack = &rules.buckets[ORDO_SELECT_PRESET_ATTACK_BASE];
    assert_int_equal(attack->keys[0].field, ORDO_SELECT_FIELD_FLAG);
    assert_int_equal(attack->keys[0].direction, ORDO_SELECT_DESCENDING);
    assert_int_equal(attack->keys[1].field, ORDO_SELECT_PRESET_DEFENSE);
    assert_int_equal(attack->keys[2].field, ORDO_SELECT_PRESET_COST);
    assert_int_equal(attack->keys[3].field, ORDO_SELECT_FIELD_NAME);
    assert_int_equal(attack->keys[3].direction, ORDO_SELECT_DESCENDING);
    const ordo_select_rule *purchase = &rules.buckets[ORDO_SELECT_PRESET_PURCHASE];
    assert_int_equal(purchase->keys[0].field, ORDO_SELECT_PRESET_COST);
    assert_int_equal(purchase->keys[0].direction, ORDO_SELECT_DESCENDING);
    assert_int_equal(purchase->keys[1].field, ORDO_SELECT_FIELD_NAME);
    assert_int_equal(purchase->keys[1].direction, ORDO_SELECT_ASCENDING);
    assert_int_equal(rules.buckets[ORDO_SELECT_PRESET_PENDING].keys[1].field,
                     ORDO_SELECT_FIELD_POSITION);
    assert_int_equal(rules.buckets[ORDO_SELECT_PRESET_END_TURN].keys[0].field,
                     ORDO_SELECT_FIELD_POSITION);
}

static void row0_pending_by_name_then_index(void **state) {
    (void)state;
    const ordo_select_action actions[] = {
        buy("Battlecruiser", 6), act(ORDO_SELECT_PRESET_PENDING, "scrap Viper"),
        act(ORDO_SELECT_PRESET_PENDING, "discard Scout"),
        act(ORDO_SELECT_PRESET_PENDING, "discard Scout")};
    assert_int_equal(choose(actions, COUNT(actions)), 2);
}

static void row1_purchase_most_expensive_then_name(void **state) {
    (void)state;
    const ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_PLAY_CARD, "Scout"),
                                          buy("Explorer", 2), buy("Trade Pod", 5),
                                          buy("Blob Fighter", 3)};
    assert_int_equal(choose(actions, COUNT(actions)), 2);
    const ordo_select_action tied[] = {buy("Explorer", 2), buy("Cutter", 2)};
    assert_int_equal(choose(tied, COUNT(tied)), 1);
}

static void row2_base_ability_by_name(void **state) {
    (void)state;
    const ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_PLAY_CARD, "A"),
                                          act(ORDO_SELECT_PRESET_BASE_ABILITY, "Trading Post"),
                                          act(ORDO_SELECT_PRESET_BASE_ABILITY, "Barter World")};
    assert_int_equal(choose(actions, COUNT(actions)), 2);
}

static void row3_play_card_by_name(void **state) {
    (void)state;
    const ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_PLAY_CARD, "Viper"),
                                          act(ORDO_SELECT_PRESET_PLAY_CARD, "Scout"),
                                          act(ORDO_SELECT_PRESET_END_TURN, "end")};
    assert_int_equal(choose(actions, COUNT(actions)), 1);
}

static void row4_attack_base(void **state) {
    (void)state;
    const ordo_select_action outposts_first[] = {base("Big Base", 0, 9, 8),
                                                 base("Small Outpost", 1, 3, 2)};
    assert_int_equal(choose(outposts_first, 2), 1);
    const ordo_select_action by_defense[] = {base("A", 1, 4, 9), base("B", 1, 5, 1)};
    assert_int_equal(choose(by_defense, 2), 1);
    const ordo_select_action by_cost[] = {base("A", 1, 5, 3), base("B", 1, 5, 4)};
    assert_int_equal(choose(by_cost, 2), 1);
    const ordo_select_action by_name_desc[] = {base("Blob Wheel", 0, 5, 3),
                                               base("War World", 0, 5, 3)};
    assert_int_equal(choose(by_name_desc, 2), 1);
}

static void row5_attack_opponent_by_index(void **state) {
    (void)state;
    const ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_END_TURN, "end"),
                                          act(ORDO_SELECT_PRESET_ATTACK_OPPONENT, "b"),
                                          act(ORDO_SELECT_PRESET_ATTACK_OPPONENT, "a")};
    assert_int_equal(choose(actions, COUNT(actions)), 1);
}

static void row6_end_turn_by_index(void **state) {
    (void)state;
    const ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_END_TURN, "z"),
                                          act(ORDO_SELECT_PRESET_END_TURN, "a")};
    assert_int_equal(choose(actions, COUNT(actions)), 0);
}

/* --- Edge cases and the other functions ---------------------------------------------------- */

static void no_actions_choose_none(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    size_t chosen = SENTINEL;
    assert_int_equal(ordo_select(NULL, 0, &rules, &chosen), ORDO_OK);
    assert_true(chosen == ORDO_SELECT_NONE);
    size_t written = SENTINEL;
    assert_int_equal(ordo_select_order(NULL, 0, &rules, 4, NULL, 0, &written), ORDO_OK);
    assert_int_equal(written, 0);
    assert_int_equal(ordo_select_one_hot(NULL, 0, &rules, NULL, 0), ORDO_OK);
}

static void names_may_be_null_when_empty_and_compare_as_bytes(void **state) {
    (void)state;
    ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_PLAY_CARD, "Scout II"),
                                    act(ORDO_SELECT_PRESET_PLAY_CARD, "Scout"),
                                    act(ORDO_SELECT_PRESET_PLAY_CARD, NULL)};
    assert_int_equal(choose(actions, 2), 1);
    assert_int_equal(choose(actions, 3), 2);
    /* Not NUL-terminated: only name_len bytes count. */
    actions[0].name_len = 2;
    actions[1].name = "Sc\xff";
    actions[1].name_len = 3;
    assert_int_equal(choose(actions, 2), 0);
}

static void custom_rules_and_fallback(void **state) {
    (void)state;
    ordo_select_rules rules;
    memset(&rules, 0, sizeof rules);
    rules.bucket_count = 1;
    rules.buckets[0].key_count = 1;
    rules.buckets[0].keys[0].field = 3;
    rules.buckets[0].keys[0].direction = ORDO_SELECT_DESCENDING;
    ordo_select_action actions[4];
    for (size_t i = 0; i < 4; i++) actions[i] = act(0, "x");
    actions[0].fields[3] = INT64_MIN;
    actions[1].fields[3] = 7;
    actions[2].fields[3] = INT64_MAX;
    actions[3].fields[3] = INT64_MAX;
    size_t chosen = SENTINEL;
    assert_int_equal(ordo_select(actions, 4, &rules, &chosen), ORDO_OK);
    assert_int_equal(chosen, 2);
    /* Bucket 5 is past the table: input order. */
    for (size_t i = 0; i < 4; i++) actions[i].bucket = 5;
    assert_int_equal(ordo_select(actions, 4, &rules, &chosen), ORDO_OK);
    assert_int_equal(chosen, 0);
}

static void order_lists_the_total_order(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    const ordo_select_action actions[] = {
        act(ORDO_SELECT_PRESET_END_TURN, "end"), buy("Cutter", 2),
        act(ORDO_SELECT_PRESET_PLAY_CARD, "Viper"), buy("Battle Pod", 2),
        act(ORDO_SELECT_PRESET_PLAY_CARD, "Scout"), act(ORDO_SELECT_PRESET_PENDING, "discard")};
    size_t out[8];
    for (size_t i = 0; i < 8; i++) out[i] = SENTINEL;
    size_t written = 0;
    assert_int_equal(ordo_select_order(actions, 6, &rules, 8, out, 8, &written), ORDO_OK);
    assert_int_equal(written, 6);
    const size_t expected[6] = {5, 3, 1, 4, 2, 0};
    for (size_t i = 0; i < 6; i++) assert_int_equal(out[i], expected[i]);
    assert_int_equal(out[6], SENTINEL);
    /* A smaller cap needs only min(cap, n) slots. */
    size_t head[3] = {SENTINEL, SENTINEL, SENTINEL};
    assert_int_equal(ordo_select_order(actions, 6, &rules, 3, head, 3, &written), ORDO_OK);
    assert_int_equal(written, 3);
    assert_int_equal(head[0], 5);
    assert_int_equal(head[2], 1);
    assert_int_equal(
        ordo_select_order(actions, 6, &rules, ORDO_SELECT_MAX_ORDER, out, 6, &written), ORDO_OK);
}

static void one_hot_marks_the_choice(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    const ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_END_TURN, "end"),
                                          buy("Cutter", 2), buy("Trade Pod", 5)};
    double out[4] = {9, 9, 9, 9};
    assert_int_equal(ordo_select_one_hot(actions, 3, &rules, out, 4), ORDO_OK);
    assert_true(out[0] == 0.0 && out[1] == 0.0 && out[2] == 1.0 && out[3] == 9.0);
}

/* --- Columns ------------------------------------------------------------------------------ */

/* Bucket 0: field 0 descending then field 1 ascending; bucket 1: field 1 ascending. */
static ordo_select_rules integer_rules(void) {
    ordo_select_rules rules;
    memset(&rules, 0, sizeof rules);
    rules.bucket_count = 2;
    rules.buckets[0].key_count = 2;
    rules.buckets[0].keys[0].field = 0;
    rules.buckets[0].keys[0].direction = ORDO_SELECT_DESCENDING;
    rules.buckets[0].keys[1].field = 1;
    rules.buckets[0].keys[1].direction = ORDO_SELECT_ASCENDING;
    rules.buckets[1].key_count = 1;
    rules.buckets[1].keys[0].field = 1;
    rules.buckets[1].keys[0].direction = ORDO_SELECT_ASCENDING;
    return rules;
}

/* `n` actions with buckets 0, 1, 2, 0, ... (bucket 0 is the best), damage and cost, as
 * records and as columns over the three arrays (fields 2 and 3 stay NULL: no rule reads them). */
static ordo_select_columns columnar_actions(size_t n, uint32_t *buckets, int64_t *damage,
                                            int64_t *cost, ordo_select_action *actions) {
    for (size_t i = 0; i < n; i++) {
        buckets[i] = (uint32_t)(i * 7 % 3);
        damage[i] = (int64_t)(i * 5 % 4);
        cost[i] = (int64_t)(i * 3 % 5) - 2;
        actions[i] = act(buckets[i], NULL);
        actions[i].fields[0] = damage[i];
        actions[i].fields[1] = cost[i];
    }
    ordo_select_columns columns;
    memset(&columns, 0, sizeof columns);
    columns.buckets = buckets;
    columns.fields[0] = damage;
    columns.fields[1] = cost;
    columns.count = n;
    return columns;
}

static void columnar_chooses_as_ordo_select_does(void **state) {
    (void)state;
    ordo_select_rules rules = integer_rules();
    enum { N = 21 };
    uint32_t buckets[N];
    int64_t damage[N], cost[N];
    ordo_select_action actions[N];
    ordo_select_columns columns = columnar_actions(N, buckets, damage, cost, actions);
    size_t by_columns = SENTINEL, by_records = SENTINEL;
    assert_int_equal(ordo_select_columnar(&columns, &rules, &by_columns), ORDO_OK);
    assert_int_equal(ordo_select(actions, N, &rules, &by_records), ORDO_OK);
    assert_int_equal(by_columns, by_records);
    assert_int_equal(buckets[by_columns], 0);
    assert_int_equal(damage[by_columns], 3);
    /* Without bucket 0 the cheapest of bucket 1 wins. */
    for (size_t i = 0; i < N; i++) buckets[i] = buckets[i] == 0 ? 2 : buckets[i];
    assert_int_equal(ordo_select_columnar(&columns, &rules, &by_columns), ORDO_OK);
    assert_int_equal(buckets[by_columns], 1);
    assert_int_equal(cost[by_columns], -2);
    /* No actions: every column may be NULL. */
    ordo_select_columns none;
    memset(&none, 0, sizeof none);
    assert_int_equal(ordo_select_columnar(&none, &rules, &by_columns), ORDO_OK);
    assert_int_equal(by_columns, ORDO_SELECT_NONE);
}

/* Every vector level chooses the same actions (8 and 64: the kernels' two paths); the level in
 * use is never above the limit, and an unknown limit or a NULL output changes nothing. */
static void simd_limits_choose_alike_and_refuse_bad_input(void **state) {
    (void)state;
    ordo_select_rules rules = integer_rules();
    enum { N = 64 };
    uint32_t buckets[N];
    int64_t damage[N], cost[N];
    ordo_select_action actions[N];
    ordo_select_columns columns = columnar_actions(N, buckets, damage, cost, actions);
    const uint32_t limits[] = {ORDO_SELECT_SIMD_PORTABLE, ORDO_SELECT_SIMD_AVX2,
                               ORDO_SELECT_SIMD_AVX512};
    for (size_t count = 8; count <= N; count += N - 8) {
        columns.count = count;
        size_t by_records = SENTINEL;
        assert_int_equal(ordo_select(actions, count, &rules, &by_records), ORDO_OK);
        for (size_t i = 0; i < 3; i++) {
            uint32_t in_use = 99, read = 99;
            assert_int_equal(ordo_select_limit_simd(limits[i], &in_use), ORDO_OK);
            assert_true(in_use <= limits[i]);
            assert_int_equal(ordo_select_simd_in_use(&read), ORDO_OK);
            assert_int_equal(read, in_use);
            size_t by_columns = SENTINEL;
            assert_int_equal(ordo_select_columnar(&columns, &rules, &by_columns), ORDO_OK);
            assert_int_equal(by_columns, by_records);
        }
    }
    uint32_t in_use = 99, read = 99;
    assert_int_equal(ordo_select_limit_simd(ORDO_SELECT_SIMD_PORTABLE, NULL), ORDO_OK);
    assert_int_equal(ordo_select_limit_simd(3, &in_use), ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(in_use, 99);
    assert_int_equal(ordo_select_simd_in_use(&read), ORDO_OK);
    assert_int_equal(read, ORDO_SELECT_SIMD_PORTABLE);
    assert_int_equal(ordo_select_simd_in_use(NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_limit_simd(ORDO_SELECT_SIMD_AVX512, NULL), ORDO_OK);
}

static void columnar_statuses_write_nothing(void **state) {
    (void)state;
    ordo_select_rules rules = integer_rules();
    uint32_t buckets[2] = {1, 0};
    int64_t damage[2] = {4, 5}, cost[2] = {1, 2};
    ordo_select_columns columns;
    memset(&columns, 0, sizeof columns);
    columns.buckets = buckets;
    columns.fields[0] = damage;
    columns.fields[1] = cost;
    columns.count = 2;
    size_t chosen = SENTINEL;
    assert_int_equal(ordo_select_columnar(NULL, &rules, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar(&columns, NULL, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar(&columns, &rules, NULL), ORDO_ERR_NULL_POINTER);
    ordo_select_columns broken = columns;
    broken.buckets = NULL;
    assert_int_equal(ordo_select_columnar(&broken, &rules, &chosen), ORDO_ERR_NULL_POINTER);
    /* A column a rule reads is NULL (bucket 1's field 1, though no action is in bucket 1
     * after this change: the whole table is checked). */
    broken = columns;
    broken.fields[1] = NULL;
    buckets[0] = 0;
    assert_int_equal(ordo_select_columnar(&broken, &rules, &chosen), ORDO_ERR_NULL_POINTER);
    /* Names and flags are not in columns. */
    ordo_select_rules with_name = rules;
    with_name.buckets[1].keys[0].field = ORDO_SELECT_FIELD_NAME;
    assert_int_equal(ordo_select_columnar(&columns, &with_name, &chosen),
                     ORDO_ERR_INVALID_ARGUMENT);
    with_name.buckets[1].keys[0].field = ORDO_SELECT_FIELD_FLAG;
    assert_int_equal(ordo_select_columnar(&columns, &with_name, &chosen),
                     ORDO_ERR_INVALID_ARGUMENT);
    ordo_select_rules bad = rules;
    bad.buckets[0].keys[0].direction = 9;
    assert_int_equal(ordo_select_columnar(&columns, &bad, &chosen), ORDO_ERR_INVALID_ARGUMENT);
    bad = rules;
    bad.bucket_count = ORDO_SELECT_MAX_BUCKETS + 1;
    assert_int_equal(ordo_select_columnar(&columns, &bad, &chosen), ORDO_ERR_CAPACITY_EXCEEDED);
    broken = columns;
    broken.count = SIZE_MAX;
    assert_int_equal(ordo_select_columnar(&broken, &rules, &chosen), ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(chosen, SENTINEL);
    assert_int_equal(ordo_select_columnar(&columns, &rules, &chosen), ORDO_OK);
    assert_int_equal(chosen, 1);
}

static void columnar_order_and_one_hot_are_as_over_records(void **state) {
    (void)state;
    ordo_select_rules rules = integer_rules();
    enum { N = 13 };
    uint32_t buckets[N];
    int64_t damage[N], cost[N];
    ordo_select_action actions[N];
    ordo_select_columns columns = columnar_actions(N, buckets, damage, cost, actions);
    size_t by_columns[N], by_records[N], columns_written = SENTINEL, records_written = SENTINEL;
    assert_int_equal(ordo_select_columnar_order(&columns, &rules, N, by_columns, N,
                                                &columns_written), ORDO_OK);
    assert_int_equal(ordo_select_order(actions, N, &rules, N, by_records, N, &records_written),
                     ORDO_OK);
    assert_int_equal(columns_written, N);
    assert_int_equal(records_written, N);
    assert_memory_equal(by_columns, by_records, sizeof by_columns);
    double hot[N];
    assert_int_equal(ordo_select_columnar_one_hot(&columns, &rules, hot, N), ORDO_OK);
    for (size_t i = 0; i < N; i++) assert_true(hot[i] == (i == by_records[0] ? 1.0 : 0.0));
}

static void columnar_order_and_one_hot_statuses_write_nothing(void **state) {
    (void)state;
    ordo_select_rules rules = integer_rules();
    uint32_t buckets[3] = {1, 0, 0};
    int64_t damage[3] = {9, 4, 4}, cost[3] = {0, 3, 1};
    ordo_select_columns columns;
    memset(&columns, 0, sizeof columns);
    columns.buckets = buckets;
    columns.fields[0] = damage;
    columns.fields[1] = cost;
    columns.count = 3;
    size_t out[ORDO_SELECT_MAX_ORDER + 1];
    for (size_t i = 0; i < ORDO_SELECT_MAX_ORDER + 1; i++) out[i] = SENTINEL;
    size_t written = SENTINEL;
    double hot[3] = {0.5, 0.5, 0.5};
    ordo_select_columns broken = columns;
    broken.fields[1] = NULL;
    ordo_select_rules bad = rules;
    bad.buckets[0].keys[0].direction = 9;
    /* order */
    assert_int_equal(ordo_select_columnar_order(NULL, &rules, 3, out, 3, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_order(&columns, NULL, 3, out, 3, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_order(&columns, &rules, 3, NULL, 3, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_order(&columns, &rules, 3, out, 3, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_order(&broken, &rules, 3, out, 3, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_order(&columns, &bad, 3, out, 3, &written),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_columnar_order(&columns, &rules, ORDO_SELECT_MAX_ORDER + 1, out,
                                                ORDO_SELECT_MAX_ORDER + 1, &written),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(ordo_select_columnar_order(&columns, &rules, 3, out, 2, &written),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    for (size_t i = 0; i < ORDO_SELECT_MAX_ORDER + 1; i++) assert_int_equal(out[i], SENTINEL);
    assert_int_equal(written, SENTINEL);
    /* one-hot */
    assert_int_equal(ordo_select_columnar_one_hot(NULL, &rules, hot, 3), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_one_hot(&columns, NULL, hot, 3), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_one_hot(&columns, &rules, NULL, 3),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_one_hot(&broken, &rules, hot, 3), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_one_hot(&columns, &bad, hot, 3),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_columnar_one_hot(&columns, &rules, hot, 2),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    ordo_select_rules too_many = rules;
    too_many.bucket_count = ORDO_SELECT_MAX_BUCKETS + 1;
    assert_int_equal(ordo_select_columnar_one_hot(&columns, &too_many, hot, 3),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    /* The columns are checked before the buffer and the cap. */
    assert_int_equal(ordo_select_columnar_one_hot(&broken, &rules, hot, 2), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_columnar_order(&broken, &rules, ORDO_SELECT_MAX_ORDER + 1, out, 1,
                                                &written),
                     ORDO_ERR_NULL_POINTER);
    for (size_t i = 0; i < 3; i++) assert_true(hot[i] == 0.5);
    /* And then both succeed: bucket 0 by damage, ties by cost, then bucket 1. */
    assert_int_equal(ordo_select_columnar_order(&columns, &rules, 2, out, 2, &written), ORDO_OK);
    assert_int_equal(written, 2);
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], 1);
    assert_int_equal(out[2], SENTINEL);
    assert_int_equal(ordo_select_columnar_one_hot(&columns, &rules, hot, 3), ORDO_OK);
    assert_true(hot[0] == 0.0 && hot[1] == 0.0 && hot[2] == 1.0);
}

/* The columnar calls with the table prepared: the same results; the columns' statuses, a
 * table that reads the name or the flag, one never prepared; nothing written on error. */
static void prepared_columnar_calls(void **state) {
    (void)state;
    ordo_select_rules rules = integer_rules();
    ordo_select_prepared_rules ready = prepared(&rules);
    enum { N = 13 };
    uint32_t buckets[N];
    int64_t damage[N], cost[N];
    ordo_select_action actions[N];
    ordo_select_columns columns = columnar_actions(N, buckets, damage, cost, actions);
    size_t by_table = SENTINEL, by_prepared = SENTINEL;
    assert_int_equal(ordo_select_columnar(&columns, &rules, &by_table), ORDO_OK);
    assert_int_equal(ordo_select_prepared_columnar(&columns, &ready, &by_prepared), ORDO_OK);
    assert_int_equal(by_prepared, by_table);
    size_t table_order[N], prepared_order[N], table_written = 0, prepared_written = 0;
    assert_int_equal(ordo_select_columnar_order(&columns, &rules, N, table_order, N,
                                                &table_written), ORDO_OK);
    assert_int_equal(ordo_select_prepared_columnar_order(&columns, &ready, N, prepared_order, N,
                                                         &prepared_written), ORDO_OK);
    assert_int_equal(prepared_written, table_written);
    assert_memory_equal(prepared_order, table_order, sizeof table_order);
    double table_hot[N], prepared_hot[N];
    assert_int_equal(ordo_select_columnar_one_hot(&columns, &rules, table_hot, N), ORDO_OK);
    assert_int_equal(ordo_select_prepared_columnar_one_hot(&columns, &ready, prepared_hot, N),
                     ORDO_OK);
    assert_memory_equal(prepared_hot, table_hot, sizeof table_hot);

    size_t chosen = SENTINEL, written = SENTINEL, out[ORDO_SELECT_MAX_ORDER + 1];
    for (size_t i = 0; i < COUNT(out); i++) out[i] = SENTINEL;
    double hot[N];
    for (size_t i = 0; i < N; i++) hot[i] = 0.5;
    ordo_select_columns broken = columns;
    broken.fields[1] = NULL;
    ordo_select_rules with_name = rules;
    with_name.buckets[1].keys[0].field = ORDO_SELECT_FIELD_NAME;
    ordo_select_prepared_rules named = prepared(&with_name);
    ordo_select_prepared_rules never;
    memset(&never, 0, sizeof never);
    assert_int_equal(ordo_select_prepared_columnar(NULL, &ready, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar(&columns, NULL, &chosen),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar(&columns, &ready, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar(&broken, &ready, &chosen),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar(&columns, &named, &chosen),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_prepared_columnar(&columns, &never, &chosen),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(chosen, SENTINEL);
    assert_int_equal(ordo_select_prepared_columnar_order(&columns, NULL, N, out, N, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar_order(&columns, &ready, N, NULL, N, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar_order(&columns, &ready, N, out, N, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar_order(&broken, &ready, N, out, N, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar_order(&columns, &never, N, out, N, &written),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_prepared_columnar_order(&columns, &ready,
                                                         ORDO_SELECT_MAX_ORDER + 1, out,
                                                         COUNT(out), &written),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(ordo_select_prepared_columnar_order(&columns, &ready, N, out, N - 1,
                                                         &written),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    for (size_t i = 0; i < COUNT(out); i++) assert_int_equal(out[i], SENTINEL);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(ordo_select_prepared_columnar_one_hot(&columns, NULL, hot, N),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar_one_hot(&columns, &ready, NULL, N),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_columnar_one_hot(&columns, &named, hot, N),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_prepared_columnar_one_hot(&columns, &ready, hot, N - 1),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    for (size_t i = 0; i < N; i++) assert_true(hot[i] == 0.5);
}

/* --- Every status, output untouched ----------------------------------------------------- */

static void null_pointers(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    const ordo_select_action actions[] = {buy("Scout", 1)};
    size_t chosen = SENTINEL, written = SENTINEL, out[2] = {SENTINEL, SENTINEL};
    double probabilities[1] = {9};
    assert_int_equal(ordo_select(NULL, 1, &rules, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select(actions, 1, NULL, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select(actions, 1, &rules, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(chosen, SENTINEL);
    assert_int_equal(ordo_select_order(NULL, 1, &rules, 2, out, 2, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_order(actions, 1, NULL, 2, out, 2, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_order(actions, 1, &rules, 2, NULL, 2, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_order(actions, 1, &rules, 2, out, 2, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(out[0], SENTINEL);
    assert_int_equal(ordo_select_one_hot(NULL, 1, &rules, probabilities, 1),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_one_hot(actions, 1, NULL, probabilities, 1),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_one_hot(actions, 1, &rules, NULL, 1), ORDO_ERR_NULL_POINTER);
    assert_true(probabilities[0] == 9.0);
    assert_int_equal(ordo_select_preset(NULL), ORDO_ERR_NULL_POINTER);
    ordo_select_prepared_rules ready = prepared(&rules);
    assert_int_equal(ordo_select_prepare(NULL, &ready), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepare(&rules, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared(NULL, 1, &ready, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared(actions, 1, NULL, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared(actions, 1, &ready, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(chosen, SENTINEL);
    assert_int_equal(ordo_select_prepared_order(actions, 1, NULL, 2, out, 2, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_order(actions, 1, &ready, 2, NULL, 2, &written),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_order(actions, 1, &ready, 2, out, 2, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(out[0], SENTINEL);
    assert_int_equal(ordo_select_prepared_one_hot(actions, 1, NULL, probabilities, 1),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_prepared_one_hot(actions, 1, &ready, NULL, 1),
                     ORDO_ERR_NULL_POINTER);
    assert_true(probabilities[0] == 9.0);
    /* One byte into 8-byte-aligned storage: misaligned for the table's 4-byte alignment. */
    static uint64_t table_words[sizeof(ordo_select_rules) / 8 + 2];
    unsigned char *table_bytes = (unsigned char *)table_words;
    assert_int_equal(ordo_select_preset((ordo_select_rules *)(table_bytes + 1)),
                     ORDO_ERR_INVALID_ARGUMENT);
    for (size_t i = 0; i < sizeof table_words; i++) assert_int_equal(table_bytes[i], 0);
}

/* The three calls over two preset actions refuse them with `expected`, writing nothing. */
static void expect_actions_refused(const ordo_select_action actions[2], ordo_status expected) {
    ordo_select_rules rules = preset();
    size_t chosen = SENTINEL, written = SENTINEL, out[2] = {SENTINEL, SENTINEL};
    double probabilities[2] = {9, 9};
    assert_int_equal(ordo_select(actions, 2, &rules, &chosen), expected);
    assert_int_equal(ordo_select_order(actions, 2, &rules, 2, out, 2, &written), expected);
    assert_int_equal(ordo_select_one_hot(actions, 2, &rules, probabilities, 2), expected);
    ordo_select_prepared_rules ready = prepared(&rules);
    assert_int_equal(ordo_select_prepared(actions, 2, &ready, &chosen), expected);
    assert_int_equal(ordo_select_prepared_order(actions, 2, &ready, 2, out, 2, &written),
                     expected);
    assert_int_equal(ordo_select_prepared_one_hot(actions, 2, &ready, probabilities, 2),
                     expected);
    assert_int_equal(chosen, SENTINEL);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(out[0], SENTINEL);
    assert_true(probabilities[0] == 9.0 && probabilities[1] == 9.0);
}

static void null_name_with_length(void **state) {
    (void)state;
    ordo_select_action actions[] = {buy("Scout", 1), buy(NULL, 1)};
    actions[1].name_len = 3;
    expect_actions_refused(actions, ORDO_ERR_NULL_POINTER);
}

/* A flag is 0 or 1, as every C flag is: 2 is refused, wherever the action is and whatever
 * its bucket reads, and nothing is written. */
static void flag_other_than_0_or_1(void **state) {
    (void)state;
    ordo_select_action actions[] = {buy("Scout", 1), act(ORDO_SELECT_PRESET_END_TURN, "end")};
    actions[1].flag = 2;
    expect_actions_refused(actions, ORDO_ERR_INVALID_ARGUMENT);
    actions[0].flag = 2;
    actions[1].flag = 0;
    expect_actions_refused(actions, ORDO_ERR_INVALID_ARGUMENT);
    actions[0].flag = 1;
    ordo_select_rules rules = preset();
    size_t chosen = SENTINEL;
    assert_int_equal(ordo_select(actions, 2, &rules, &chosen), ORDO_OK);
    assert_int_equal(chosen, 0);
}

/* docs/select.md's columns example (its calls, with their results checked): bucket 0 by
 * damage (largest first), then cost; bucket 1 by distance. */
static void columns_example_of_the_docs(void **state) {
    (void)state;
    ordo_select_rules rules = {0};
    rules.bucket_count = 2;
    rules.buckets[0].key_count = 2;
    rules.buckets[0].keys[0] = (ordo_select_key){0, ORDO_SELECT_DESCENDING}; /* damage */
    rules.buckets[0].keys[1] = (ordo_select_key){1, ORDO_SELECT_ASCENDING};  /* cost */
    rules.buckets[1].key_count = 1;
    rules.buckets[1].keys[0] = (ordo_select_key){2, ORDO_SELECT_ASCENDING};  /* distance */
    uint32_t buckets[4] = {1, 0, 0, 1};
    int64_t damage[4] = {0, 4, 4, 0}, cost[4] = {0, 3, 1, 0}, distance[4] = {5, 0, 0, 2};
    ordo_select_columns columns = {0};
    columns.buckets = buckets;
    columns.fields[0] = damage;      /* a column no rule reads may stay NULL */
    columns.fields[1] = cost;
    columns.fields[2] = distance;
    columns.count = 4;
    size_t chosen;
    ordo_status status = ordo_select_columnar(&columns, &rules, &chosen);
    size_t plan[3], written;
    ordo_status order_status =
        ordo_select_columnar_order(&columns, &rules, 3, plan, 3, &written);
    assert_int_equal(status, ORDO_OK);
    assert_int_equal(chosen, 2);
    assert_int_equal(order_status, ORDO_OK);
    assert_int_equal(written, 3);
    assert_int_equal(plan[0], 2);
    assert_int_equal(plan[1], 1);
    assert_int_equal(plan[2], 3);
}

/* Every name is checked, not only those the scan compares: a bad name is found wherever it is,
 * here on an action far down the array, in a bucket whose rule never reads a name. */
static void bad_name_where_the_scan_reads_no_name(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    ordo_select_action actions[100];
    for (size_t i = 0; i < 100; i++) {
        actions[i] = act(ORDO_SELECT_PRESET_END_TURN, "end");
    }
    actions[3] = buy("Scout", 2);
    actions[57].name = NULL;
    actions[57].name_len = 4;
    size_t chosen = SENTINEL;
    double probabilities[100];
    for (size_t i = 0; i < 100; i++) {
        probabilities[i] = 9;
    }
    assert_int_equal(ordo_select(actions, 100, &rules, &chosen), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_select_one_hot(actions, 100, &rules, probabilities, 100),
                     ORDO_ERR_NULL_POINTER);
    /* The same when the best bucket is led by the name (its scan passes over worse buckets
     * before it reads anything else). */
    actions[3] = act(ORDO_SELECT_PRESET_PLAY_CARD, "Blob");
    assert_int_equal(ordo_select(actions, 100, &rules, &chosen), ORDO_ERR_NULL_POINTER);
    actions[3] = buy("Scout", 2);
    /* A length past PTRDIFF_MAX is refused too, whatever the pointer. */
    actions[57].name = "end";
    actions[57].name_len = SIZE_MAX;
    assert_int_equal(ordo_select(actions, 100, &rules, &chosen), ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_one_hot(actions, 100, &rules, probabilities, 100),
                     ORDO_ERR_INVALID_ARGUMENT);
    /* With a short output buffer, the name is still reported first. */
    assert_int_equal(ordo_select_one_hot(actions, 100, &rules, probabilities, 99),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(chosen, SENTINEL);
    for (size_t i = 0; i < 100; i++) {
        assert_true(probabilities[i] == 9.0);
    }
    actions[57].name_len = 3;
    assert_int_equal(ordo_select(actions, 100, &rules, &chosen), ORDO_OK);
    assert_int_equal(chosen, 3);
}

/* Runs all three functions on `rules` and checks each returns `expected`, writing nothing. */
static void refused_everywhere(const ordo_select_rules *rules, ordo_status expected) {
    const ordo_select_action actions[] = {buy("Scout", 1), buy("Viper", 2)};
    size_t chosen = SENTINEL, written = SENTINEL, out[2] = {SENTINEL, SENTINEL};
    double probabilities[2] = {9, 9};
    assert_int_equal(ordo_select(actions, 2, rules, &chosen), expected);
    assert_int_equal(ordo_select_order(actions, 2, rules, 2, out, 2, &written), expected);
    assert_int_equal(ordo_select_one_hot(actions, 2, rules, probabilities, 2), expected);
    assert_int_equal(chosen, SENTINEL);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(out[0], SENTINEL);
    assert_int_equal(out[1], SENTINEL);
    assert_true(probabilities[0] == 9.0 && probabilities[1] == 9.0);
    /* A table refused by every call is refused when it is prepared, the output untouched. */
    ordo_select_prepared_rules ready, untouched;
    memset(&ready, 0xcd, sizeof ready);
    memset(&untouched, 0xcd, sizeof untouched);
    assert_int_equal(ordo_select_prepare(rules, &ready), expected);
    assert_memory_equal(&ready, &untouched, sizeof ready);
}

static void unknown_field(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    rules.buckets[ORDO_SELECT_PRESET_PURCHASE].keys[0].field = ORDO_SELECT_FIELDS;
    refused_everywhere(&rules, ORDO_ERR_INVALID_ARGUMENT);
    rules.buckets[ORDO_SELECT_PRESET_PURCHASE].keys[0].field = ORDO_SELECT_FIELD_POSITION + 1;
    refused_everywhere(&rules, ORDO_ERR_INVALID_ARGUMENT);
    /* A rule of a bucket no action uses is checked all the same. */
    rules = preset();
    rules.buckets[6].keys[0].field = 0xffffffffu;
    refused_everywhere(&rules, ORDO_ERR_INVALID_ARGUMENT);
}

static void unknown_direction(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    rules.buckets[ORDO_SELECT_PRESET_ATTACK_BASE].keys[3].direction = 2;
    refused_everywhere(&rules, ORDO_ERR_INVALID_ARGUMENT);
}

static void entries_past_the_counts_are_ignored(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    rules.buckets[2].keys[5].direction = 77;
    rules.buckets[12].keys[0].field = 99999;
    const ordo_select_action actions[] = {buy("Scout", 1), buy("Viper", 2)};
    size_t chosen = SENTINEL;
    assert_int_equal(ordo_select(actions, 2, &rules, &chosen), ORDO_OK);
    assert_int_equal(chosen, 1);
}

static void table_over_its_bounds(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    rules.bucket_count = ORDO_SELECT_MAX_BUCKETS + 1;
    refused_everywhere(&rules, ORDO_ERR_CAPACITY_EXCEEDED);
    rules = preset();
    rules.buckets[1].key_count = ORDO_SELECT_MAX_KEYS + 1;
    refused_everywhere(&rules, ORDO_ERR_CAPACITY_EXCEEDED);
    rules = preset();
    rules.bucket_count = ORDO_SELECT_MAX_BUCKETS;
    size_t chosen = SENTINEL;
    const ordo_select_action one[] = {buy("Scout", 1)};
    assert_int_equal(ordo_select(one, 1, &rules, &chosen), ORDO_OK);
}

/* Checks `rules` with ordo_select_check_rules: the status every call returns, and the problem
 * reported at (bucket, key) with the refused value. */
static void expect_problem(const ordo_select_rules *rules, ordo_status status,
                           ordo_select_rules_error_kind kind, uint32_t bucket, uint32_t key,
                           uint32_t value) {
    ordo_select_rules_error error;
    memset(&error, 0xab, sizeof error);
    assert_int_equal(ordo_select_check_rules(rules, &error), status);
    assert_int_equal(error.kind, kind);
    assert_int_equal(error.bucket, bucket);
    assert_int_equal(error.key, key);
    assert_int_equal(error.value, value);
    assert_int_equal(ordo_select_check_rules(rules, NULL), status);
    refused_everywhere(rules, status);
}

static void check_rules_names_the_first_problem(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    ordo_select_rules_error error, untouched;
    memset(&error, 0xab, sizeof error);
    memcpy(&untouched, &error, sizeof error);
    assert_int_equal(ordo_select_check_rules(&rules, &error), ORDO_OK);
    assert_memory_equal(&error, &untouched, sizeof error);
    assert_int_equal(ordo_select_check_rules(&rules, NULL), ORDO_OK);

    /* Bucket 4's key 1 comes before its key 2, and a key's field before its direction. */
    rules.buckets[ORDO_SELECT_PRESET_ATTACK_BASE].keys[2].field = 9;
    rules.buckets[ORDO_SELECT_PRESET_ATTACK_BASE].keys[1].direction = 7;
    expect_problem(&rules, ORDO_ERR_INVALID_ARGUMENT, ORDO_SELECT_RULES_UNKNOWN_DIRECTION, 4, 1, 7);
    rules.buckets[ORDO_SELECT_PRESET_ATTACK_BASE].keys[1].field = ORDO_SELECT_FIELD_POSITION + 1;
    expect_problem(&rules, ORDO_ERR_INVALID_ARGUMENT, ORDO_SELECT_RULES_UNKNOWN_FIELD, 4, 1,
                   ORDO_SELECT_FIELD_POSITION + 1);
    /* A rule's key count comes before its keys, and an earlier bucket first. */
    rules.buckets[ORDO_SELECT_PRESET_ATTACK_BASE].key_count = ORDO_SELECT_MAX_KEYS + 1;
    expect_problem(&rules, ORDO_ERR_CAPACITY_EXCEEDED, ORDO_SELECT_RULES_TOO_MANY_KEYS, 4, 0,
                   ORDO_SELECT_MAX_KEYS + 1);
    rules.buckets[ORDO_SELECT_PRESET_PURCHASE].keys[1].direction = 2;
    expect_problem(&rules, ORDO_ERR_INVALID_ARGUMENT, ORDO_SELECT_RULES_UNKNOWN_DIRECTION, 1, 1, 2);
    /* The bucket count comes before every rule. */
    rules.bucket_count = ORDO_SELECT_MAX_BUCKETS + 1;
    expect_problem(&rules, ORDO_ERR_CAPACITY_EXCEEDED, ORDO_SELECT_RULES_TOO_MANY_BUCKETS, 0, 0,
                   ORDO_SELECT_MAX_BUCKETS + 1);

    /* NULL rules are refused before anything is written. */
    memcpy(&error, &untouched, sizeof error);
    assert_int_equal(ordo_select_check_rules(NULL, &error), ORDO_ERR_NULL_POINTER);
    assert_memory_equal(&error, &untouched, sizeof error);
}

static void cap_above_its_bound(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    const ordo_select_action actions[] = {buy("Scout", 1), buy("Viper", 2)};
    size_t out[ORDO_SELECT_MAX_ORDER + 1], written = SENTINEL;
    for (size_t i = 0; i < COUNT(out); i++) out[i] = SENTINEL;
    assert_int_equal(ordo_select_order(actions, 2, &rules, ORDO_SELECT_MAX_ORDER + 1, out,
                                       COUNT(out), &written),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    ordo_select_prepared_rules ready = prepared(&rules);
    assert_int_equal(ordo_select_prepared_order(actions, 2, &ready, ORDO_SELECT_MAX_ORDER + 1,
                                                out, COUNT(out), &written),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(written, SENTINEL);
    for (size_t i = 0; i < COUNT(out); i++) assert_int_equal(out[i], SENTINEL);
}

static void buffer_too_small(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    const ordo_select_action actions[] = {buy("Scout", 1), buy("Viper", 2), buy("Cutter", 2)};
    size_t out[2] = {SENTINEL, SENTINEL}, written = SENTINEL;
    assert_int_equal(ordo_select_order(actions, 3, &rules, 3, out, 2, &written),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(out[0], SENTINEL);
    assert_int_equal(out[1], SENTINEL);
    double probabilities[2] = {9, 9};
    assert_int_equal(ordo_select_one_hot(actions, 3, &rules, probabilities, 2),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    ordo_select_prepared_rules ready = prepared(&rules);
    assert_int_equal(ordo_select_prepared_order(actions, 3, &ready, 3, out, 2, &written),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(ordo_select_prepared_one_hot(actions, 3, &ready, probabilities, 2),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(out[0], SENTINEL);
    assert_int_equal(out[1], SENTINEL);
    assert_true(probabilities[0] == 9.0 && probabilities[1] == 9.0);
}

/* A prepared table is a copy: it outlives its source. One never prepared is refused. */
static void prepared_tables(void **state) {
    (void)state;
    ordo_select_rules rules = preset();
    ordo_select_prepared_rules ready = prepared(&rules);
    memset(&rules, 0xff, sizeof rules);
    const ordo_select_action actions[] = {act(ORDO_SELECT_PRESET_END_TURN, "end"),
                                          buy("Scout", 1), buy("Cutter", 2), buy("Viper", 2)};
    size_t chosen = SENTINEL, written = SENTINEL, out[4];
    assert_int_equal(ordo_select_prepared(actions, 4, &ready, &chosen), ORDO_OK);
    assert_int_equal(chosen, 2);
    assert_int_equal(ordo_select_prepared_order(actions, 4, &ready, 4, out, 4, &written),
                     ORDO_OK);
    assert_int_equal(written, 4);
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], 3);
    assert_int_equal(out[2], 1);
    assert_int_equal(out[3], 0);
    double probabilities[4] = {9, 9, 9, 9};
    assert_int_equal(ordo_select_prepared_one_hot(actions, 4, &ready, probabilities, 4),
                     ORDO_OK);
    assert_true(probabilities[2] == 1.0 && probabilities[0] == 0.0);
    ordo_select_prepared_rules copy = ready;
    chosen = SENTINEL;
    assert_int_equal(ordo_select_prepared(actions, 4, &copy, &chosen), ORDO_OK);
    assert_int_equal(chosen, 2);

    ordo_select_prepared_rules never;
    memset(&never, 0, sizeof never);
    chosen = written = SENTINEL;
    out[0] = SENTINEL;
    probabilities[0] = 9;
    assert_int_equal(ordo_select_prepared(actions, 4, &never, &chosen),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_prepared_order(actions, 4, &never, 4, out, 4, &written),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_select_prepared_one_hot(actions, 4, &never, probabilities, 4),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(chosen, SENTINEL);
    assert_int_equal(written, SENTINEL);
    assert_int_equal(out[0], SENTINEL);
    assert_true(probabilities[0] == 9.0);
}

/* --- A 32 KiB stack ------------------------------------------------------------------------ */

struct stack_job {
    const ordo_select_action *actions;
    size_t n;
    ordo_status statuses[4];
    size_t chosen;
    size_t written;
    size_t out[ORDO_SELECT_MAX_ORDER];
    double *probabilities;
};

static void *run_all(void *arg) {
    struct stack_job *job = arg;
    ordo_select_rules rules;
    job->statuses[0] = ordo_select_preset(&rules);
    job->statuses[1] = ordo_select(job->actions, job->n, &rules, &job->chosen);
    job->statuses[2] = ordo_select_order(job->actions, job->n, &rules, ORDO_SELECT_MAX_ORDER,
                                         job->out, ORDO_SELECT_MAX_ORDER, &job->written);
    job->statuses[3] = ordo_select_one_hot(job->actions, job->n, &rules, job->probabilities, job->n);
    return NULL;
}

static void runs_on_a_32_kib_stack(void **state) {
    (void)state;
    static const char *const names[] = {"Scout", "Viper", "Battle Pod", "Trade Pod", "Blob Wheel"};
    enum { N = 500 };
    ordo_select_action *actions = calloc(N, sizeof *actions);
    double *probabilities = calloc(N, sizeof *probabilities);
    struct stack_job *job = calloc(1, sizeof *job);
    assert_non_null(actions);
    assert_non_null(probabilities);
    assert_non_null(job);
    for (size_t i = 0; i < N; i++) {
        actions[i] = act((uint32_t)(i * 5 % 7), names[i % 5]);
        actions[i].fields[0] = (int64_t)(i * 3 % 8);
        actions[i].fields[1] = (int64_t)(i % 6);
        actions[i].flag = (uint8_t)(i % 4 == 0);
    }
    job->actions = actions;
    job->n = N;
    job->probabilities = probabilities;
    assert_int_equal(run_on_stack(ORDO_TEST_SMALL_STACK, run_all, job), 0);
    for (size_t i = 0; i < 4; i++) assert_int_equal(job->statuses[i], ORDO_OK);
    assert_int_equal(job->written, ORDO_SELECT_MAX_ORDER);
    assert_int_equal(job->out[0], job->chosen);
    assert_int_equal(actions[job->chosen].bucket, 0);
    assert_true(probabilities[job->chosen] == 1.0);
    free(job);
    free(probabilities);
    free(actions);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(preset_is_the_seed_table),
        cmocka_unit_test(row0_pending_by_name_then_index),
        cmocka_unit_test(row1_purchase_most_expensive_then_name),
        cmocka_unit_test(row2_base_ability_by_name),
        cmocka_unit_test(row3_play_card_by_name),
        cmocka_unit_test(row4_attack_base),
        cmocka_unit_test(row5_attack_opponent_by_index),
        cmocka_unit_test(row6_end_turn_by_index),
        cmocka_unit_test(no_actions_choose_none),
        cmocka_unit_test(names_may_be_null_when_empty_and_compare_as_bytes),
        cmocka_unit_test(custom_rules_and_fallback),
        cmocka_unit_test(order_lists_the_total_order),
        cmocka_unit_test(one_hot_marks_the_choice),
        cmocka_unit_test(columnar_chooses_as_ordo_select_does),
        cmocka_unit_test(columnar_statuses_write_nothing),
        cmocka_unit_test(simd_limits_choose_alike_and_refuse_bad_input),
        cmocka_unit_test(columnar_order_and_one_hot_are_as_over_records),
        cmocka_unit_test(columnar_order_and_one_hot_statuses_write_nothing),
        cmocka_unit_test(null_pointers),
        cmocka_unit_test(prepared_tables),
        cmocka_unit_test(prepared_columnar_calls),
        cmocka_unit_test(null_name_with_length),
        cmocka_unit_test(flag_other_than_0_or_1),
        cmocka_unit_test(columns_example_of_the_docs),
        cmocka_unit_test(bad_name_where_the_scan_reads_no_name),
        cmocka_unit_test(unknown_field),
        cmocka_unit_test(unknown_direction),
        cmocka_unit_test(entries_past_the_counts_are_ignored),
        cmocka_unit_test(table_over_its_bounds),
        cmocka_unit_test(check_rules_names_the_first_problem),
        cmocka_unit_test(cap_above_its_bound),
        cmocka_unit_test(buffer_too_small),
        cmocka_unit_test(runs_on_a_32_kib_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
