// The draw routine from C++17: the header compiles as C++, the seed's example
// through std::array, and a Monte Carlo loop through std::vector.
#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "ordo.h"

static int failures = 0;
#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond)) {                                                         \
            std::fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__,        \
                         __LINE__, #cond);                                     \
            ++failures;                                                        \
        }                                                                      \
    } while (0)

int main() {
    const std::array<std::uint32_t, 9> desired{1, 2, 3, 4, 2, 6, 7, 8, 2};
    const std::array<std::uint32_t, 9> pile{6, 2, 4, 8, 2, 7, 2, 1, 3};
    std::array<std::uint16_t, 9> slots{};
    std::array<std::uint32_t, 9> cards{};
    CHECK(ordo_draw_play_order(desired.data(), desired.size(), pile.data(), pile.size(), 3,
                               slots.data(), slots.size(), cards.data(), cards.size()) == ORDO_OK);
    CHECK((slots == std::array<std::uint16_t, 9>{1, 2, 4, 0, 5, 7, 8, 3, 6}));
    CHECK((cards == std::array<std::uint32_t, 9>{2, 4, 2, 6, 7, 1, 3, 8, 2}));

    // 1,000 shuffles of the deck: every play order is a permutation of the slots.
    const std::size_t count = 1000;
    std::vector<std::uint16_t> orders(count * pile.size());
    std::uint64_t rng = 12345;
    CHECK(ordo_draw_shuffled_batch(desired.data(), desired.size(), pile.data(), pile.size(), &rng,
                                   count, 3, nullptr, 0, orders.data(), orders.size(), nullptr,
                                   0) == ORDO_OK);
    for (std::size_t i = 0; i < count; ++i) {
        unsigned seen = 0;
        for (std::size_t k = 0; k < pile.size(); ++k) seen |= 1u << orders[i * pile.size() + k];
        CHECK(seen == 0x1FFu);
    }
    CHECK(rng != 12345);
    CHECK(ordo_draw_play_order(desired.data(), desired.size(), pile.data(), pile.size(), 0,
                               slots.data(), slots.size(), nullptr, 0) ==
          ORDO_ERR_INVALID_ARGUMENT);
    std::printf("test_draw_cpp: %s\n", failures == 0 ? "ok" : "FAILED");
    return failures == 0 ? 0 : 1;
}
