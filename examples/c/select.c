/* Bucket selection from C: one decision of the seed's "V2 Ordered List" bot with the preset. */
#include <stdio.h>
#include <string.h>
#include "ordo.h"

static ordo_select_action action(uint32_t bucket, const char *name, int64_t cost) {
    ordo_select_action a;
    memset(&a, 0, sizeof a);
    a.bucket = bucket;
    a.name = name;
    a.name_len = strlen(name);
    a.fields[ORDO_SELECT_PRESET_COST] = cost;
    return a;
}

int main(void) {
    ordo_select_rules rules;
    ordo_status status = ordo_select_preset(&rules);
    if (status != ORDO_OK) return 1;

    const ordo_select_action actions[] = {
        action(ORDO_SELECT_PRESET_END_TURN, "end turn", 0),
        action(ORDO_SELECT_PRESET_PLAY_CARD, "Viper", 1),
        action(ORDO_SELECT_PRESET_PURCHASE, "Cutter", 2),
        action(ORDO_SELECT_PRESET_PURCHASE, "Trade Pod", 5),
        action(ORDO_SELECT_PRESET_PURCHASE, "Battle Pod", 2),
    };
    const size_t n = sizeof actions / sizeof actions[0];

    size_t chosen = ORDO_SELECT_NONE;
    status = ordo_select(actions, n, &rules, &chosen);
    if (status != ORDO_OK) {
        fprintf(stderr, "ordo_select: %s\n", ordo_status_str(status));
        return 1;
    }
    printf("select: chooses [%zu] %.*s (a purchase, the most expensive)\n", chosen,
           (int)actions[chosen].name_len, actions[chosen].name);

    size_t plan[ORDO_SELECT_MAX_ORDER];
    size_t written = 0;
    status = ordo_select_order(actions, n, &rules, 3, plan, ORDO_SELECT_MAX_ORDER, &written);
    if (status != ORDO_OK) return 1;
    printf("select: the first %zu in order:", written);
    for (size_t i = 0; i < written; i++) printf(" [%zu]", plan[i]);
    printf("\n");

    /* A bot that decides many times with one table checks it once. */
    ordo_select_prepared_rules prepared;
    status = ordo_select_prepare(&rules, &prepared);
    if (status != ORDO_OK) return 1;
    size_t again = ORDO_SELECT_NONE;
    status = ordo_select_prepared(actions, n, &prepared, &again);
    if (status != ORDO_OK) return 1;
    printf("select: with the table prepared once, chooses [%zu] again\n", again);

    double probabilities[5];
    status = ordo_select_one_hot(actions, n, &rules, probabilities, n);
    if (status != ORDO_OK) return 1;
    printf("select: one-hot");
    for (size_t i = 0; i < n; i++) printf(" %.1f", probabilities[i]);
    printf("\n");

    /* The same kind of choice over arrays: attacks (bucket 0) by damage, largest first, then
     * cost; moves (bucket 1) by distance to the goal. */
    ordo_select_rules integer_rules;
    memset(&integer_rules, 0, sizeof integer_rules);
    integer_rules.bucket_count = 2;
    integer_rules.buckets[0].key_count = 2;
    integer_rules.buckets[0].keys[0].field = 0;
    integer_rules.buckets[0].keys[0].direction = ORDO_SELECT_DESCENDING;
    integer_rules.buckets[0].keys[1].field = 1;
    integer_rules.buckets[1].key_count = 1;
    integer_rules.buckets[1].keys[0].field = 2;
    const uint32_t buckets[4] = {1, 0, 0, 1};
    const int64_t damage[4] = {0, 4, 4, 0}, cost[4] = {0, 3, 1, 0}, distance[4] = {5, 0, 0, 2};
    ordo_select_columns columns;
    memset(&columns, 0, sizeof columns);
    columns.buckets = buckets;
    columns.fields[0] = damage;
    columns.fields[1] = cost;
    columns.fields[2] = distance; /* field 3: no rule reads it, NULL */
    columns.count = 4;
    size_t by_columns = ORDO_SELECT_NONE;
    status = ordo_select_columnar(&columns, &integer_rules, &by_columns);
    if (status != ORDO_OK) return 1;
    printf("select: over columns chooses [%zu] (damage 4 at cost 1)\n", by_columns);

    /* Bad input is refused with a named status and nothing written. */
    rules.buckets[1].keys[0].field = 99;
    size_t untouched = 7;
    status = ordo_select(actions, n, &rules, &untouched);
    printf("select: a rule naming field 99 -> %s (output still %zu)\n", ordo_status_str(status),
           untouched);
    /* A table read from data is best checked once, when it is loaded: the check names the
     * first problem, where each call only refuses the table. */
    ordo_select_rules_error error;
    ordo_status checked = ordo_select_check_rules(&rules, &error);
    printf("select: ordo_select_check_rules -> %s at bucket %u, key %u (field %u)\n",
           ordo_status_str(checked), (unsigned)error.bucket, (unsigned)error.key,
           (unsigned)error.value);
    return chosen == 3 && by_columns == 2 && status == ORDO_ERR_INVALID_ARGUMENT && untouched == 7 &&
                   checked == status && error.kind == ORDO_SELECT_RULES_UNKNOWN_FIELD
               ? 0
               : 1;
}
