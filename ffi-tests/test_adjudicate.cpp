// The adjudicator's header from C++17: the seed's diagram 8 parsed and
// adjudicated on the standard map, the board after its retreat phase, and a bad
// order reported with its position.
#include <array>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "ordo.h"

namespace {

struct Line {
    const char *power;
    const char *text;
};

int fail(const char *what, ordo_status status) {
    std::fprintf(stderr, "test_adjudicate_cpp: %s: %s\n", what, ordo_status_str(status));
    return 1;
}

}  // namespace

int main() {
    const ordo_map *map = ordo_map_standard();
    const std::array<Line, 3> diagram8{{
        {"France", "A Mar - Bur"},
        {"France", "A Gas S A Mar - Bur"},
        {"Germany", "A Bur H"},
    }};
    std::vector<ordo_unit> units;
    std::vector<ordo_order> orders;
    for (const Line &line : diagram8) {
        uint8_t power = 0;
        ordo_order order{};
        ordo_status status = ordo_map_find_power(map, line.power, std::strlen(line.power), &power);
        if (status != ORDO_OK) return fail(line.power, status);
        status = ordo_parse_order(map, line.text, std::strlen(line.text), power, &order, nullptr);
        if (status != ORDO_OK) return fail(line.text, status);
        units.push_back(ordo_unit{order.unit_kind, power, order.location});
        orders.push_back(order);
    }
    std::vector<uint64_t> workspace(ORDO_ADJUDICATE_WORKSPACE_BYTES / sizeof(uint64_t));
    std::vector<ordo_order_result> results(orders.size());
    std::vector<ordo_unit_result> unit_results(units.size());
    std::array<uint16_t, ORDO_ADJUDICATE_MAX_LOCATIONS> contested{};
    size_t contested_count = 0;
    const ordo_rules rules{};  // all zero: DATC's preferences
    ordo_status status = ordo_adjudicate(
        map, units.data(), units.size(), orders.data(), orders.size(), &rules, workspace.data(),
        workspace.size() * sizeof(uint64_t), results.data(), results.size(), unit_results.data(),
        unit_results.size(), contested.data(), contested.size(), &contested_count);
    if (status != ORDO_OK) return fail("ordo_adjudicate", status);
    const bool seed_statuses = results[0].outcome == ORDO_OUTCOME_SUCCEEDS &&
                               results[1].outcome == ORDO_OUTCOME_SUCCEEDS &&
                               results[2].outcome == ORDO_OUTCOME_FAILS &&
                               results[2].fail == ORDO_FAIL_DISLODGED;
    const bool dislodged_by_marseilles = unit_results[2].dislodged == 1 &&
                                         unit_results[2].dislodged_by == 0 &&
                                         unit_results[2].dislodged_from == units[0].location;
    char name[ORDO_ADJUDICATE_MAX_NAME_BYTES + 5];
    size_t len = 0;
    status = ordo_map_location_name(map, unit_results[0].moved_to, ORDO_NAME_FULL, name,
                                    sizeof name, &len);
    if (status != ORDO_OK) return fail("ordo_map_location_name", status);
    // No retreat ordered: the German army is disbanded, two French armies remain.
    std::vector<ordo_retreat_result> retreats(units.size());
    status = ordo_adjudicate_retreats(map, units.data(), units.size(), unit_results.data(),
                                      unit_results.size(), contested.data(), contested_count,
                                      nullptr, 0, nullptr, nullptr, 0, retreats.data(),
                                      retreats.size());
    if (status != ORDO_OK) return fail("ordo_adjudicate_retreats", status);
    std::vector<ordo_unit> next(units.size());
    size_t next_count = 0;
    status = ordo_units_after_retreats(map, units.data(), units.size(), unit_results.data(),
                                       unit_results.size(), retreats.data(), retreats.size(),
                                       next.data(), next.size(), &next_count);
    if (status != ORDO_OK) return fail("ordo_units_after_retreats", status);
    next.resize(next_count);
    const bool board_advanced = next.size() == 2 && next[0].location == unit_results[0].moved_to &&
                                next[1].location == units[1].location;
    ordo_parse_error error{};
    ordo_order unused{};
    const std::string bad = "A Mar - Atlantis";
    status = ordo_parse_order(map, bad.data(), bad.size(), 0, &unused, &error);
    const bool parse_error_reported = status == ORDO_ERR_PARSE &&
                                      error.kind == ORDO_PARSE_UNKNOWN_LOCATION && error.offset == 8;
    if (!seed_statuses || !dislodged_by_marseilles || std::string(name) != "Burgundy" ||
        !board_advanced || !parse_error_reported) {
        std::fprintf(stderr,
                     "test_adjudicate_cpp: diagram 8, its next board or the parse error is wrong\n");
        return 1;
    }
    std::puts("test_adjudicate_cpp: 1 passed, 0 failed");
    return 0;
}
