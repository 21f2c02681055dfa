/* The rulebook's diagram 8 through ordo_adjudicate: a supported attack dislodges. */
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
    return 0;
}
