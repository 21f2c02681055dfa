/* The seed's emulated draw through the C ABI, then a small Monte Carlo run:
 * 10,000 shuffles of the deck, and on which turn each card is played on average. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "ordo.h"

#define N 9
#define ROUNDS 10000

int main(void) {
    const uint32_t desired[N] = {1, 2, 3, 4, 2, 6, 7, 8, 2};
    const uint32_t shuffled[N] = {6, 2, 4, 8, 2, 7, 2, 1, 3};
    uint16_t slots[N];
    uint32_t cards[N];
    ordo_status status =
        ordo_draw_play_order(desired, N, shuffled, N, 3, slots, N, cards, N);
    if (status != ORDO_OK) {
        fprintf(stderr, "ordo_draw_play_order: %s\n", ordo_status_str(status));
        return 1;
    }
    printf("seed example, hand of 3: plays");
    for (int i = 0; i < N; i++) printf(" %u", (unsigned)cards[i]);
    printf(" (slots");
    for (int i = 0; i < N; i++) printf(" %u", (unsigned)slots[i]);
    printf(")\n");

    /* Shuffle-then-draw in one call; the generator state carries over. */
    uint16_t *orders = malloc(sizeof *orders * N * ROUNDS);
    uint32_t *plays = malloc(sizeof *plays * N * ROUNDS);
    if (orders == NULL || plays == NULL) return 1;
    uint64_t rng = 2026;
    status = ordo_draw_shuffled_batch(desired, N, desired, N, &rng, ROUNDS, 3, NULL, 0, orders,
                                      (size_t)N * ROUNDS, plays, (size_t)N * ROUNDS);
    if (status != ORDO_OK) {
        fprintf(stderr, "ordo_draw_shuffled_batch: %s\n", ordo_status_str(status));
        return 1;
    }
    double first_turn[9] = {0}; /* by card id 0..8: the turn its first copy is played */
    for (size_t r = 0; r < ROUNDS; r++) {
        int seen[9] = {0};
        for (int turn = 0; turn < N; turn++) {
            uint32_t card = plays[r * N + (size_t)turn];
            if (!seen[card]) first_turn[card] += turn + 1;
            seen[card] = 1;
        }
    }
    printf("%d shuffles, hand of 3: average turn of each card's first play:\n", ROUNDS);
    for (uint32_t card = 1; card <= 8; card++) {
        if (card == 5) continue;
        printf("  card %u: %.2f\n", (unsigned)card, first_turn[card] / ROUNDS);
    }
    free(orders);
    free(plays);

    /* With your own shuffle: prepare the desired order once, then draw each
     * pile without rebuilding the table. */
    ordo_draw_plan plan; /* 6 KiB of plain bytes, owned by the caller */
    if (ordo_draw_plan_init(desired, N, &plan) != ORDO_OK) return 1;
    uint32_t pile[N] = {3, 1, 2, 8, 2, 6, 7, 4, 2};
    if (ordo_draw_plan_play_order(&plan, pile, N, 3, NULL, 0, cards, N) != ORDO_OK) return 1;
    printf("pile 3 1 2 8 2 6 7 4 2 through a plan, hand of 3: plays");
    for (int i = 0; i < N; i++) printf(" %u", (unsigned)cards[i]);
    printf("\n");
    return 0;
}
