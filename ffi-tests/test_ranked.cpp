// The header from C++17: the seed's example through ordo_ranked_order.
#include <array>
#include <cstdio>
#include <vector>

#include "ordo.h"

int main() {
    const std::array<ordo_ranked_command, 4> plays{{
        {0, 1, 5, 'a'},  // strike a
        {1, 0, 0, 0},    // draw
        {0, 1, 4, 'a'},  // burn a
        {0, 1, 3, 'b'},  // strike b
    }};
    std::vector<uint32_t> out(ORDO_RANKED_MAX_CAP);
    size_t count = 0;
    const ordo_status status =
        ordo_ranked_order(plays.data(), plays.size(), true, 10, out.data(), out.size(), &count);
    const std::vector<uint32_t> expected{0, 3, 2, 1, ORDO_RANKED_LAST};
    out.resize(count);
    if (status != ORDO_OK || out != expected) {
        std::fprintf(stderr, "ranked order from C++: status %d (%s), count %zu\n",
                     static_cast<int>(status), ordo_status_str(status), count);
        return 1;
    }
    std::puts("test_ranked_cpp: 1 passed, 0 failed");
    return 0;
}
