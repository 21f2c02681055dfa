// A C++17 program built by CMake against an installed ordo: the preset's choice.
#include <cstdio>
#include <cstring>

#include "ordo.h"

int main() {
    ordo_select_rules rules;
    if (ordo_select_preset(&rules) != ORDO_OK) {
        return 1;
    }
    ordo_select_action actions[2] = {};
    actions[0].bucket = ORDO_SELECT_PRESET_END_TURN;
    actions[1].bucket = ORDO_SELECT_PRESET_PURCHASE;
    actions[1].name = "Scout";
    actions[1].name_len = std::strlen("Scout");
    size_t chosen = ORDO_SELECT_NONE;
    ordo_status status = ordo_select(actions, 2, &rules, &chosen);
    std::printf("ordo from C++: %s, chosen %zu\n", ordo_status_str(status), chosen);
    return status == ORDO_OK && chosen == 1 ? 0 : 1;
}
