/* The draw routine through the C ABI: the seed's example, hand sizes, the
 * batch and shuffle entry points, every status (outputs untouched, inputs
 * unmodified), and a 256-card run on a 32 KiB stack. */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ordo.h"

static const uint32_t DESIRED[9] = {1, 2, 3, 4, 2, 6, 7, 8, 2};
static const uint32_t SHUFFLED[9] = {6, 2, 4, 8, 2, 7, 2, 1, 3};
#define N 9

static void seed_example_plays_2_4_5_6_7_1_3_8_9(void **state) {
    (void)state;
    uint16_t slots[N];
    uint32_t cards[N];
    assert_int_equal(ordo_draw_play_order(DESIRED, N, SHUFFLED, N, 3, slots, N, cards, N), ORDO_OK);
    const uint16_t expected_slots[N] = {1, 2, 4, 0, 5, 7, 8, 3, 6};
    const uint32_t expected_cards[N] = {2, 4, 2, 6, 7, 1, 3, 8, 2};
    assert_memory_equal(slots, expected_slots, sizeof slots);
    assert_memory_equal(cards, expected_cards, sizeof cards);
}

static void hand_of_one_is_draw_order_and_full_hand_sorts(void **state) {
    (void)state;
    uint16_t slots[N];
    assert_int_equal(ordo_draw_play_order(DESIRED, N, SHUFFLED, N, 1, slots, N, NULL, 0), ORDO_OK);
    for (uint16_t i = 0; i < N; i++) assert_int_equal(slots[i], i);
    uint32_t cards[N];
    const uint32_t sorted[N] = {1, 2, 3, 4, 2, 6, 7, 8, 2};
    assert_int_equal(ordo_draw_play_order(DESIRED, N, SHUFFLED, N, SIZE_MAX, NULL, 0, cards, N), ORDO_OK);
    assert_memory_equal(cards, sorted, sizeof cards);
}

static void empty_pile_and_skipped_outputs(void **state) {
    (void)state;
    assert_int_equal(ordo_draw_play_order(NULL, 0, NULL, 0, 3, NULL, 0, NULL, 0), ORDO_OK);
    uint16_t slots[2] = {7, 7};
    assert_int_equal(ordo_draw_play_order(DESIRED, N, NULL, 0, 3, slots, 2, NULL, 0), ORDO_OK);
    assert_int_equal(slots[0], 7);
    /* An unknown card (99) plays after the listed ones. */
    const uint32_t pile[3] = {99, 3, 1};
    uint32_t cards[3];
    assert_int_equal(ordo_draw_play_order(DESIRED, N, pile, 3, 3, NULL, 0, cards, 3), ORDO_OK);
    assert_int_equal(cards[0], 1);
    assert_int_equal(cards[1], 3);
    assert_int_equal(cards[2], 99);
}

/* Calls ordo_draw_play_order on sentinel-filled outputs and checks that an
 * error leaves them, and the inputs, untouched. */
static void expect_refused(const uint32_t *desired, size_t desired_len, const uint32_t *pile,
                           size_t pile_len, size_t hand, uint16_t *slots, size_t slots_len,
                           uint32_t *cards, size_t cards_len, ordo_status expected) {
    uint32_t pile_copy[ORDO_DRAW_MAX_CARDS + 1];
    if (pile != NULL) memcpy(pile_copy, pile, pile_len * sizeof *pile);
    if (slots != NULL) memset(slots, 0xAB, slots_len * sizeof *slots);
    if (cards != NULL) memset(cards, 0xCD, cards_len * sizeof *cards);
    assert_int_equal(ordo_draw_play_order(desired, desired_len, pile, pile_len, hand, slots,
                                          slots_len, cards, cards_len),
                     expected);
    for (size_t i = 0; slots != NULL && i < slots_len; i++) assert_int_equal(slots[i], 0xABAB);
    for (size_t i = 0; cards != NULL && i < cards_len; i++) assert_int_equal(cards[i], 0xCDCDCDCDu);
    if (pile != NULL) assert_memory_equal(pile_copy, pile, pile_len * sizeof *pile);
}

static void every_status_of_play_order(void **state) {
    (void)state;
    static uint32_t long_pile[ORDO_DRAW_MAX_CARDS + 1];
    static uint32_t long_desired[ORDO_DRAW_MAX_DESIRED + 1];
    uint16_t slots[ORDO_DRAW_MAX_CARDS + 1];
    uint32_t cards[ORDO_DRAW_MAX_CARDS + 1];
    expect_refused(NULL, N, SHUFFLED, N, 3, slots, N, cards, N, ORDO_ERR_NULL_POINTER);
    expect_refused(DESIRED, N, NULL, N, 3, slots, N, cards, N, ORDO_ERR_NULL_POINTER);
    expect_refused(DESIRED, N, SHUFFLED, N, 3, NULL, N, cards, N, ORDO_ERR_NULL_POINTER);
    expect_refused(DESIRED, N, SHUFFLED, N, 3, slots, N, NULL, N, ORDO_ERR_NULL_POINTER);
    expect_refused(DESIRED, N, SHUFFLED, N, 0, slots, N, cards, N, ORDO_ERR_INVALID_ARGUMENT);
    expect_refused(DESIRED, N, long_pile, ORDO_DRAW_MAX_CARDS + 1, 3, slots,
                   ORDO_DRAW_MAX_CARDS + 1, cards, ORDO_DRAW_MAX_CARDS + 1,
                   ORDO_ERR_CAPACITY_EXCEEDED);
    expect_refused(long_desired, ORDO_DRAW_MAX_DESIRED + 1, SHUFFLED, N, 3, slots, N, cards, N,
                   ORDO_ERR_CAPACITY_EXCEEDED);
    expect_refused(DESIRED, N, SHUFFLED, N, 3, slots, N - 1, cards, N, ORDO_ERR_BUFFER_TOO_SMALL);
    expect_refused(DESIRED, N, SHUFFLED, N, 3, slots, N, cards, 1, ORDO_ERR_BUFFER_TOO_SMALL);
    /* The capacity itself is accepted. */
    assert_int_equal(ordo_draw_play_order(long_desired, ORDO_DRAW_MAX_DESIRED, long_pile,
                                          ORDO_DRAW_MAX_CARDS, 3, slots, ORDO_DRAW_MAX_CARDS,
                                          NULL, 0),
                     ORDO_OK);
}

static void batch_agrees_with_single_calls(void **state) {
    (void)state;
    enum { COUNT = 5, STRIDE = 11 };
    uint32_t piles[(COUNT - 1) * STRIDE + N];
    uint64_t rng = 7;
    for (size_t i = 0; i < COUNT; i++) {
        assert_int_equal(ordo_draw_shuffle(SHUFFLED, N, &rng, piles + i * STRIDE, N), ORDO_OK);
        if (i + 1 < COUNT) piles[i * STRIDE + N] = piles[i * STRIDE + N + 1] = 1000;
    }
    uint16_t slots[COUNT * N];
    uint32_t cards[COUNT * N];
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, piles, sizeof piles / sizeof piles[0],
                                                N, STRIDE, COUNT, 3, slots, COUNT * N, cards,
                                                COUNT * N),
                     ORDO_OK);
    for (size_t i = 0; i < COUNT; i++) {
        uint16_t one_slots[N];
        uint32_t one_cards[N];
        assert_int_equal(ordo_draw_play_order(DESIRED, N, piles + i * STRIDE, N, 3, one_slots, N,
                                              one_cards, N),
                         ORDO_OK);
        assert_memory_equal(slots + i * N, one_slots, sizeof one_slots);
        assert_memory_equal(cards + i * N, one_cards, sizeof one_cards);
    }
}

static void every_status_of_batch(void **state) {
    (void)state;
    const uint32_t piles[20] = {0};
    uint16_t slots[20];
    memset(slots, 0xAB, sizeof slots);
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, NULL, 20, 10, 10, 2, 3, slots, 20, NULL, 0),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, piles, 20, 10, 10, 2, 0, slots, 20, NULL, 0),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, piles, 20, 10, 9, 2, 3, slots, 20, NULL, 0),
                     ORDO_ERR_INVALID_ARGUMENT); /* stride smaller than a pile */
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, piles, 20, 10, 11, 2, 3, slots, 20, NULL, 0),
                     ORDO_ERR_INVALID_ARGUMENT); /* the buffer holds less than 2 piles */
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, piles, 20, 10, 10, 2, 3, slots, 19, NULL, 0),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, 300, piles, 20, 10, 10, 2, 3, slots, 20, NULL, 0),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, piles, 20, 300, 300, 1, 3, slots, 20, NULL, 0),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    for (size_t i = 0; i < 20; i++) assert_int_equal(slots[i], 0xABAB);
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, piles, 20, 10, 10, 2, 3, slots, 20, NULL, 0),
                     ORDO_OK);
    assert_int_equal(ordo_draw_play_order_batch(DESIRED, N, NULL, 0, 10, 10, 0, 3, NULL, 0, NULL, 0),
                     ORDO_OK);
}

static void shuffle_golden_and_statuses(void **state) {
    (void)state;
    const uint32_t deck[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    const uint32_t golden[10] = {8, 3, 6, 5, 4, 0, 9, 2, 1, 7};
    uint32_t out[10];
    uint64_t rng = 42;
    assert_int_equal(ordo_draw_shuffle(deck, 10, &rng, out, 10), ORDO_OK);
    assert_memory_equal(out, golden, sizeof out);
    assert_true(rng == UINT64_C(0x8FF34785799E5CE7));
    for (uint32_t i = 0; i < 10; i++) assert_int_equal(deck[i], i);

    memset(out, 0xCD, sizeof out);
    rng = 42;
    assert_int_equal(ordo_draw_shuffle(deck, 10, NULL, out, 10), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_shuffle(NULL, 10, &rng, out, 10), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_shuffle(deck, 10, &rng, NULL, 10), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_shuffle(deck, 10, &rng, out, 9), ORDO_ERR_BUFFER_TOO_SMALL);
    /* A pointer misaligned for its type, as a non-C caller could pass. */
    uint64_t rng_words[2] = {42, 42};
    assert_int_equal(ordo_draw_shuffle(deck, 10, (uint64_t *)((char *)rng_words + 1), out, 10),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_draw_shuffle(deck, 10, &rng, (uint32_t *)((char *)out + 1), 9),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_true(rng_words[0] == 42 && rng_words[1] == 42);
    assert_true(rng == 42);
    for (size_t i = 0; i < 10; i++) assert_int_equal(out[i], 0xCDCDCDCDu);
}

static void shuffled_batch_agrees_with_shuffle_then_draw(void **state) {
    (void)state;
    enum { COUNT = 6 };
    uint32_t piles[COUNT * N];
    uint16_t slots[COUNT * N];
    uint32_t cards[COUNT * N];
    uint64_t batch_rng = 2026;
    assert_int_equal(ordo_draw_shuffled_batch(DESIRED, N, SHUFFLED, N, &batch_rng, COUNT, 3, piles,
                                              COUNT * N, slots, COUNT * N, cards, COUNT * N),
                     ORDO_OK);
    uint64_t rng = 2026;
    for (size_t i = 0; i < COUNT; i++) {
        uint32_t pile[N];
        uint16_t one_slots[N];
        uint32_t one_cards[N];
        assert_int_equal(ordo_draw_shuffle(SHUFFLED, N, &rng, pile, N), ORDO_OK);
        assert_int_equal(ordo_draw_play_order(DESIRED, N, pile, N, 3, one_slots, N, one_cards, N), ORDO_OK);
        assert_memory_equal(piles + i * N, pile, sizeof pile);
        assert_memory_equal(slots + i * N, one_slots, sizeof one_slots);
        assert_memory_equal(cards + i * N, one_cards, sizeof one_cards);
    }
    assert_true(rng == batch_rng);
}

/* Only the piles and the cards wanted (no slots): each round's chunks are still written, and
 * agree with shuffle-then-draw. */
static void shuffled_batch_without_slots(void **state) {
    (void)state;
    enum { COUNT = 3 };
    uint32_t piles[COUNT * N];
    uint32_t cards[COUNT * N];
    memset(cards, 0xCD, sizeof cards);
    uint64_t batch_rng = 77;
    assert_int_equal(ordo_draw_shuffled_batch(DESIRED, N, SHUFFLED, N, &batch_rng, COUNT, 3, piles,
                                              COUNT * N, NULL, 0, cards, COUNT * N),
                     ORDO_OK);
    uint64_t rng = 77;
    for (size_t i = 0; i < COUNT; i++) {
        uint32_t pile[N];
        uint32_t one_cards[N];
        assert_int_equal(ordo_draw_shuffle(SHUFFLED, N, &rng, pile, N), ORDO_OK);
        assert_int_equal(ordo_draw_play_order(DESIRED, N, pile, N, 3, NULL, 0, one_cards, N), ORDO_OK);
        assert_memory_equal(piles + i * N, pile, sizeof pile);
        assert_memory_equal(cards + i * N, one_cards, sizeof one_cards);
    }
    assert_true(rng == batch_rng);
}

static void every_status_of_shuffled_batch(void **state) {
    (void)state;
    static uint32_t big_deck[ORDO_DRAW_MAX_CARDS + 1];
    uint16_t slots[2 * N];
    memset(slots, 0xAB, sizeof slots);
    uint64_t rng = 5;
    assert_int_equal(ordo_draw_shuffled_batch(DESIRED, N, SHUFFLED, N, NULL, 2, 3, NULL, 0, slots, 2 * N, NULL, 0),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_shuffled_batch(DESIRED, N, SHUFFLED, N, &rng, 2, 0, NULL, 0, slots, 2 * N, NULL, 0),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_draw_shuffled_batch(DESIRED, N, big_deck, ORDO_DRAW_MAX_CARDS + 1, &rng, 2, 3, NULL, 0,
                                              slots, 2 * N, NULL, 0),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(ordo_draw_shuffled_batch(DESIRED, N, SHUFFLED, N, &rng, 2, 3, NULL, 0, slots, 2 * N - 1, NULL, 0),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    assert_true(rng == 5);
    for (size_t i = 0; i < 2 * N; i++) assert_int_equal(slots[i], 0xABAB);
}

static void plan_agrees_with_play_order(void **state) {
    (void)state;
    ordo_draw_plan plan;
    assert_int_equal(ordo_draw_plan_init(DESIRED, N, &plan), ORDO_OK);
    uint64_t rng = 99;
    for (int round = 0; round < 50; round++) {
        uint32_t pile[N];
        assert_int_equal(ordo_draw_shuffle(SHUFFLED, N, &rng, pile, N), ORDO_OK);
        for (size_t hand = 1; hand <= N + 1; hand++) {
            uint16_t slots[N], plan_slots[N];
            uint32_t cards[N], plan_cards[N];
            assert_int_equal(ordo_draw_play_order(DESIRED, N, pile, N, hand, slots, N, cards, N), ORDO_OK);
            assert_int_equal(ordo_draw_plan_play_order(&plan, pile, N, hand, plan_slots, N, plan_cards, N),
                             ORDO_OK);
            assert_memory_equal(slots, plan_slots, sizeof slots);
            assert_memory_equal(cards, plan_cards, sizeof cards);
        }
    }
    /* A plan is plain bytes: a copy works the same. */
    ordo_draw_plan copy;
    memcpy(&copy, &plan, sizeof plan);
    uint16_t slots[N];
    assert_int_equal(ordo_draw_plan_play_order(&copy, SHUFFLED, N, 3, slots, N, NULL, 0), ORDO_OK);
    const uint16_t expected_slots[N] = {1, 2, 4, 0, 5, 7, 8, 3, 6};
    assert_memory_equal(slots, expected_slots, sizeof slots);
}

static void every_status_of_plan(void **state) {
    (void)state;
    static ordo_draw_plan plan, zeroed;
    static uint32_t long_desired[ORDO_DRAW_MAX_DESIRED + 1];
    static uint32_t long_pile[ORDO_DRAW_MAX_CARDS + 1];
    memset(&plan, 0x5A, sizeof plan);
    assert_int_equal(ordo_draw_plan_init(DESIRED, N, NULL), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_plan_init(NULL, N, &plan), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_plan_init(long_desired, ORDO_DRAW_MAX_DESIRED + 1, &plan),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    static uint64_t plan_words[ORDO_DRAW_PLAN_WORDS + 1];
    assert_int_equal(
        ordo_draw_plan_init(DESIRED, N, (ordo_draw_plan *)((char *)plan_words + 1)),
        ORDO_ERR_INVALID_ARGUMENT);
    for (size_t i = 0; i < ORDO_DRAW_PLAN_WORDS + 1; i++) assert_true(plan_words[i] == 0);
    for (size_t i = 0; i < ORDO_DRAW_PLAN_WORDS; i++) assert_true(plan.opaque[i] == UINT64_C(0x5A5A5A5A5A5A5A5A));

    uint16_t slots[ORDO_DRAW_MAX_CARDS + 1];
    memset(slots, 0xAB, sizeof slots);
    /* Never prepared: refused, whether zeroed or garbage. */
    assert_int_equal(ordo_draw_plan_play_order(&zeroed, SHUFFLED, N, 3, slots, N, NULL, 0),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_draw_plan_play_order(&plan, SHUFFLED, N, 3, slots, N, NULL, 0),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_draw_plan_init(DESIRED, N, &plan), ORDO_OK);
    assert_int_equal(ordo_draw_plan_play_order(NULL, SHUFFLED, N, 3, slots, N, NULL, 0),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_plan_play_order(&plan, NULL, N, 3, slots, N, NULL, 0),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_draw_plan_play_order(&plan, SHUFFLED, N, 0, slots, N, NULL, 0),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(ordo_draw_plan_play_order(&plan, long_pile, ORDO_DRAW_MAX_CARDS + 1, 3, slots,
                                               ORDO_DRAW_MAX_CARDS + 1, NULL, 0),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(ordo_draw_plan_play_order(&plan, SHUFFLED, N, 3, slots, N - 1, NULL, 0),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    for (size_t i = 0; i < ORDO_DRAW_MAX_CARDS + 1; i++) assert_int_equal(slots[i], 0xABAB);
}

/* The largest deck, shuffled and drawn with a large hand, on a 32 KiB stack. */
static void *draw_at_capacity(void *arg) {
    int *ok = arg;
    uint32_t deck[ORDO_DRAW_MAX_CARDS];
    uint32_t piles[ORDO_DRAW_MAX_CARDS];
    uint16_t slots[ORDO_DRAW_MAX_CARDS];
    for (uint32_t i = 0; i < ORDO_DRAW_MAX_CARDS; i++) deck[i] = i % 100;
    uint64_t rng = 1;
    int status = ordo_draw_shuffled_batch(deck, ORDO_DRAW_MAX_DESIRED, deck, ORDO_DRAW_MAX_CARDS, &rng,
                                          1, 12, piles, ORDO_DRAW_MAX_CARDS, slots,
                                          ORDO_DRAW_MAX_CARDS, NULL, 0);
    status |= ordo_draw_play_order(deck, ORDO_DRAW_MAX_DESIRED, piles, ORDO_DRAW_MAX_CARDS,
                                   ORDO_DRAW_MAX_CARDS, slots, ORDO_DRAW_MAX_CARDS, NULL, 0);
    /* A full hand plays in desired order, which is `deck` itself. */
    int sorted = 1;
    for (size_t i = 0; i < ORDO_DRAW_MAX_CARDS; i++) sorted &= piles[slots[i]] == deck[i];
    /* And through a plan on the same small stack. */
    ordo_draw_plan plan;
    status |= ordo_draw_plan_init(deck, ORDO_DRAW_MAX_DESIRED, &plan);
    status |= ordo_draw_plan_play_order(&plan, piles, ORDO_DRAW_MAX_CARDS, 3, slots,
                                        ORDO_DRAW_MAX_CARDS, NULL, 0);
    *ok = status == ORDO_OK && sorted;
    return NULL;
}

static void runs_on_a_32_kib_stack(void **state) {
    (void)state;
    int ok = 0;
    assert_int_equal(run_on_stack(ORDO_TEST_SMALL_STACK, draw_at_capacity, &ok), 0);
    assert_true(ok);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_example_plays_2_4_5_6_7_1_3_8_9),
        cmocka_unit_test(hand_of_one_is_draw_order_and_full_hand_sorts),
        cmocka_unit_test(empty_pile_and_skipped_outputs),
        cmocka_unit_test(every_status_of_play_order),
        cmocka_unit_test(batch_agrees_with_single_calls),
        cmocka_unit_test(every_status_of_batch),
        cmocka_unit_test(shuffle_golden_and_statuses),
        cmocka_unit_test(shuffled_batch_agrees_with_shuffle_then_draw),
        cmocka_unit_test(shuffled_batch_without_slots),
        cmocka_unit_test(every_status_of_shuffled_batch),
        cmocka_unit_test(plan_agrees_with_play_order),
        cmocka_unit_test(every_status_of_plan),
        cmocka_unit_test(runs_on_a_32_kib_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
