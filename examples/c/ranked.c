/* A deck-builder's candidate order through ordo_ranked_order. */
#include <stdio.h>
#include "ordo.h"

enum { DAMAGE = 0, DRAW = 1, OTHER = 2 };
enum { GOBLIN = 1, OGRE = 2 };

int main(void) {
    const char *names[] = {"Fireball -> goblin", "Shield", "Fireball -> ogre", "Scout (draw 2)",
                           "Dagger -> goblin", "Lightning -> goblin"};
    /* group, has_key, value, key: damage plays are keyed by their target. */
    const ordo_ranked_command hand[] = {
        {DAMAGE, 1, 6, GOBLIN}, {OTHER, 0, 0, 0},       {DAMAGE, 1, 6, OGRE},
        {DRAW, 0, 2, 0},        {DAMAGE, 1, 2, GOBLIN}, {DAMAGE, 1, 5, GOBLIN},
    };
    uint32_t order[ORDO_RANKED_MAX_CAP];
    size_t count = 0;
    ordo_status status = ordo_ranked_order(hand, sizeof hand / sizeof hand[0], true, 5, order,
                                           ORDO_RANKED_MAX_CAP, &count);
    if (status != ORDO_OK) {
        fprintf(stderr, "ordo_ranked_order: %s\n", ordo_status_str(status));
        return 1;
    }
    printf("deck-builder order, cap 5:\n");
    for (size_t i = 0; i < count; i++) {
        printf("  %zu. %s\n", i + 1, order[i] == ORDO_RANKED_LAST ? "End turn" : names[order[i]]);
    }
    return 0;
}
