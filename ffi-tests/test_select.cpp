// Bucket selection from C++17: the header compiles as C++, and the C API works with
// std::vector and std::string names (pointer + length, no NUL terminator needed), and with
// columns over std::vector arrays.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "ordo.h"

namespace {

int passed = 0;
int failed = 0;

void check(bool ok, const char *what) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "FAILED: %s\n", what);
    }
}

struct Card {
    std::uint32_t bucket;
    std::string name;
    std::int64_t cost;
    std::int64_t defense;
    bool outpost;
};

std::vector<ordo_select_action> view(const std::vector<Card> &cards) {
    std::vector<ordo_select_action> actions;
    for (const Card &card : cards) {
        ordo_select_action action{};
        action.bucket = card.bucket;
        action.flag = card.outpost ? 1 : 0;
        action.fields[ORDO_SELECT_PRESET_COST] = card.cost;
        action.fields[ORDO_SELECT_PRESET_DEFENSE] = card.defense;
        action.name = card.name.data();
        action.name_len = card.name.size();
        actions.push_back(action);
    }
    return actions;
}

}  // namespace

int main() {
    ordo_select_rules rules{};
    check(ordo_select_preset(&rules) == ORDO_OK, "preset");
    check(rules.bucket_count == 7, "seven buckets");

    const std::vector<Card> cards = {
        {ORDO_SELECT_PRESET_END_TURN, "end turn", 0, 0, false},
        {ORDO_SELECT_PRESET_ATTACK_BASE, "War World", 5, 4, false},
        {ORDO_SELECT_PRESET_ATTACK_BASE, "Trading Post", 3, 4, true},
        {ORDO_SELECT_PRESET_PURCHASE, "Cutter", 2, 0, false},
        {ORDO_SELECT_PRESET_PURCHASE, "Battle Pod", 2, 0, false},
        {ORDO_SELECT_PRESET_PURCHASE, "Trade Pod", 5, 0, false},
    };
    const std::vector<ordo_select_action> actions = view(cards);

    std::size_t chosen = ORDO_SELECT_NONE;
    check(ordo_select(actions.data(), actions.size(), &rules, &chosen) == ORDO_OK, "select ok");
    check(chosen == 5, "the most expensive purchase");

    // The table prepared once, then used as often as the engine likes: the same choices.
    ordo_select_prepared_rules prepared;
    check(ordo_select_prepare(&rules, &prepared) == ORDO_OK, "prepare ok");
    std::size_t by_prepared = ORDO_SELECT_NONE;
    check(ordo_select_prepared(actions.data(), actions.size(), &prepared, &by_prepared) ==
              ORDO_OK,
          "prepared select ok");
    check(by_prepared == chosen, "the prepared table chooses as the table does");

    std::vector<std::size_t> order(ORDO_SELECT_MAX_ORDER, ORDO_SELECT_NONE);
    std::size_t written = 0;
    check(ordo_select_order(actions.data(), actions.size(), &rules, order.size(), order.data(),
                            order.size(), &written) == ORDO_OK,
          "order ok");
    const std::vector<std::size_t> expected = {5, 4, 3, 2, 1, 0};
    check(written == expected.size() &&
              std::vector<std::size_t>(order.begin(), order.begin() + written) == expected,
          "purchases by cost then name, the outpost before the bigger base, end turn last");

    std::vector<double> probabilities(actions.size(), -1.0);
    check(ordo_select_one_hot(actions.data(), actions.size(), &rules, probabilities.data(),
                              probabilities.size()) == ORDO_OK,
          "one_hot ok");
    check(probabilities[5] == 1.0 && probabilities[0] == 0.0, "one-hot on the choice");

    // The same cards kept as columns (an engine's struct of arrays), ranked by cost alone.
    std::vector<std::uint32_t> buckets;
    std::vector<std::int64_t> costs;
    for (const Card &card : cards) {
        buckets.push_back(card.bucket);
        costs.push_back(card.cost);
    }
    ordo_select_columns columns{};
    columns.buckets = buckets.data();
    columns.fields[ORDO_SELECT_PRESET_COST] = costs.data();
    columns.count = buckets.size();
    ordo_select_rules by_cost{};
    by_cost.bucket_count = ORDO_SELECT_PRESET_END_TURN + 1;
    for (std::uint32_t b = 0; b < by_cost.bucket_count; ++b) {
        by_cost.buckets[b].key_count = 1;
        by_cost.buckets[b].keys[0].field = ORDO_SELECT_PRESET_COST;
        by_cost.buckets[b].keys[0].direction = ORDO_SELECT_DESCENDING;
    }
    std::vector<std::size_t> plan(3, ORDO_SELECT_NONE);
    check(ordo_select_columnar_order(&columns, &by_cost, plan.size(), plan.data(), plan.size(),
                                     &written) == ORDO_OK,
          "columnar order ok");
    // Purchases by cost (Cutter and Battle Pod tie: input order), then the bases.
    check(written == 3 && plan == std::vector<std::size_t>({5, 3, 4}), "columnar order");
    std::vector<double> hot(actions.size(), -1.0);
    check(ordo_select_columnar_one_hot(&columns, &by_cost, hot.data(), hot.size()) == ORDO_OK &&
              hot[5] == 1.0 && hot[3] == 0.0,
          "columnar one-hot");

    ordo_select_rules broken = rules;
    broken.buckets[0].keys[0].direction = 9;
    std::size_t untouched = 42;
    check(ordo_select(actions.data(), actions.size(), &broken, &untouched) ==
              ORDO_ERR_INVALID_ARGUMENT,
          "an unknown direction is refused");
    check(untouched == 42, "and nothing is written");
    // A table loaded from data is checked once, and the problem named for its author (the
    // enum is typed in C++, so a switch over it is checked by the compiler).
    ordo_select_rules_error error{};
    check(ordo_select_check_rules(&broken, &error) == ORDO_ERR_INVALID_ARGUMENT,
          "check_rules gives the calls' status");
    const char *why = "";
    switch (error.kind) {
        case ORDO_SELECT_RULES_TOO_MANY_BUCKETS: why = "too many buckets"; break;
        case ORDO_SELECT_RULES_TOO_MANY_KEYS: why = "too many keys"; break;
        case ORDO_SELECT_RULES_UNKNOWN_FIELD: why = "unknown field"; break;
        case ORDO_SELECT_RULES_UNKNOWN_DIRECTION: why = "unknown direction"; break;
    }
    const std::string message = "bucket " + std::to_string(error.bucket) + ", key " +
                                std::to_string(error.key) + ": " + why + " " +
                                std::to_string(error.value);
    check(message == "bucket 0, key 0: unknown direction 9", "the problem is named");
    check(ordo_select_check_rules(&rules, &error) == ORDO_OK, "the preset is valid");

    std::printf("test_select_cpp: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
