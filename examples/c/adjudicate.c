/* The rulebook's diagram 8 through ordo_adjudicate: a supported attack dislodges; then the
 * retreat phase (the German army retreats to the Ruhr) and the board for the next turn. */
#include <stdio.h>
#include <string.h>
#include "ordo.h"

/* Scratch memory of the adjudicator, 8-byte aligned. */
static uint64_t workspace[ORDO_ADJUDICATE_WORKSPACE_BYTES / sizeof(uint64_t)];

int main(void) {
    const ordo_map *map = ordo_map_standard();
    const char *lines[][2] = {
        {"France", "A Mar - Bur"},
        {"France", "A Gas S A Mar - Bur"},
        {"Germany", "A Bur H"},
    };
    enum { N = sizeof lines / sizeof lines[0] };
    ordo_unit units[N];
    ordo_order orders[N];
    for (size_t i = 0; i < N; i++) {
        uint8_t power = 0;
        ordo_parse_error error;
        ordo_status status = ordo_map_find_power(map, lines[i][0], strlen(lines[i][0]), &power);
        if (status == ORDO_OK) {
            status = ordo_parse_order(map, lines[i][1], strlen(lines[i][1]), power, &orders[i], &error);
        }
        if (status != ORDO_OK) {
            fprintf(stderr, "'%s': %s\n", lines[i][1], ordo_status_str(status));
            return 1;
        }
        /* Each order line also places its unit, as in a turn file. */
        units[i].kind = orders[i].unit_kind;
        units[i].power = power;
        units[i].location = orders[i].location;
    }
    ordo_order_result results[N];
    ordo_unit_result unit_results[N];
    uint16_t contested[ORDO_ADJUDICATE_MAX_LOCATIONS];
    size_t contested_count = 0;
    ordo_status status = ordo_adjudicate(map, units, N, orders, N, NULL /* DATC's rules */,
                                         workspace, sizeof workspace, results, N, unit_results, N,
                                         contested, ORDO_ADJUDICATE_MAX_LOCATIONS, &contested_count);
    if (status != ORDO_OK) {
        fprintf(stderr, "ordo_adjudicate: %s\n", ordo_status_str(status));
        return 1;
    }
    printf("rulebook diagram 8:\n");
    for (size_t i = 0; i < N; i++) {
        char why[ORDO_ADJUDICATE_MAX_REASON_BYTES + 1];
        size_t len = 0;
        ordo_result_text(results[i].outcome, results[i].fail, results[i].illegal, why, sizeof why, &len);
        printf("  %-8s %-22s %s %s\n", lines[i][0], lines[i][1],
               results[i].outcome == ORDO_OUTCOME_SUCCEEDS ? "SUCCEEDS" : "FAILS", why);
    }
    for (size_t i = 0; i < N; i++) {
        if (!unit_results[i].dislodged) continue;
        char at[ORDO_ADJUDICATE_MAX_NAME_BYTES + 5], from[ORDO_ADJUDICATE_MAX_NAME_BYTES + 5];
        size_t len = 0;
        ordo_map_location_name(map, units[i].location, ORDO_NAME_FULL, at, sizeof at, &len);
        ordo_map_location_name(map, unit_results[i].dislodged_from, ORDO_NAME_FULL, from, sizeof from,
                               &len);
        printf("  the army in %s is dislodged by the army from %s\n", at, from);
    }

    /* The retreat phase: the movement's outputs go back in, with the retreat orders. */
    const char *retreat_text = "A Bur - Ruh";
    ordo_order retreat;
    ordo_parse_error error;
    status = ordo_parse_order(map, retreat_text, strlen(retreat_text), units[2].power, &retreat,
                              &error);
    ordo_order_result retreat_results[1];
    ordo_retreat_result retreats[N];
    if (status == ORDO_OK) {
        status = ordo_adjudicate_retreats(map, units, N, unit_results, N, contested,
                                          contested_count, &retreat, 1, NULL, retreat_results, 1,
                                          retreats, N);
    }
    /* The board for the next turn: every unit where it ended, disbanded ones left out. */
    ordo_unit next[N];
    size_t next_count = 0;
    if (status == ORDO_OK) {
        status = ordo_units_after_retreats(map, units, N, unit_results, N, retreats, N, next, N,
                                           &next_count);
    }
    if (status != ORDO_OK) {
        fprintf(stderr, "the retreat phase: %s\n", ordo_status_str(status));
        return 1;
    }
    printf("after the retreat phase:\n");
    for (size_t i = 0; i < next_count; i++) {
        char at[ORDO_ADJUDICATE_MAX_NAME_BYTES + 5];
        size_t len = 0;
        ordo_map_location_name(map, next[i].location, ORDO_NAME_FULL, at, sizeof at, &len);
        printf("  %s army in %s\n", next[i].power == units[2].power ? "a German" : "a French", at);
    }
    return 0;
}
