/* ordo_ranked_order: the seed's examples, each documented behaviour, every status. */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "ordo.h"

#define KEY(c) ((uint64_t)(c))
#define KEYED(group, value, key) {(group), 1, (value), KEY(key)}
#define KEYLESS(group, value) {(group), 0, (value), 0}

/* The seed: strike a, draw, burn a, strike b. */
static const ordo_ranked_command seed_plays[] = {
    KEYED(0, 5, 'a'),
    KEYLESS(1, 0),
    KEYED(0, 4, 'a'),
    KEYED(0, 3, 'b'),
};
#define SEED_N (sizeof seed_plays / sizeof seed_plays[0])

static void seed_example_cap_ten(void **state) {
    (void)state;
    uint32_t out[16];
    size_t count = 0;
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, true, 10, out, 16, &count), ORDO_OK);
    const uint32_t expected[] = {0, 3, 2, 1, ORDO_RANKED_LAST};
    assert_int_equal(count, 5);
    assert_memory_equal(out, expected, sizeof expected);
}

static void seed_example_cap_three_keeps_the_last(void **state) {
    (void)state;
    uint32_t out[3];
    size_t count = 0;
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, true, 3, out, 3, &count), ORDO_OK);
    const uint32_t expected[] = {0, 3, ORDO_RANKED_LAST};
    assert_int_equal(count, 3);
    assert_memory_equal(out, expected, sizeof expected);
}

static void all_firsts_then_all_seconds(void **state) {
    (void)state;
    const ordo_ranked_command commands[] = {KEYED(0, 10, 'a'), KEYED(0, 1, 'a'), KEYED(0, 9, 'b'),
                                            KEYED(0, 8, 'b')};
    uint32_t out[4];
    size_t count = 0;
    assert_int_equal(ordo_ranked_order(commands, 4, false, 10, out, 4, &count), ORDO_OK);
    const uint32_t expected[] = {0, 2, 3, 1};
    assert_int_equal(count, 4);
    assert_memory_equal(out, expected, sizeof expected);
}

static void cap_zero_counts_as_one(void **state) {
    (void)state;
    uint32_t out[1];
    size_t count = 0;
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, true, 0, out, 1, &count), ORDO_OK);
    assert_int_equal(count, 1);
    assert_int_equal(out[0], ORDO_RANKED_LAST);
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, false, 0, out, 1, &count), ORDO_OK);
    assert_int_equal(count, 1);
    assert_int_equal(out[0], 0);
}

static void no_commands_no_last_writes_nothing(void **state) {
    (void)state;
    size_t count = 99;
    assert_int_equal(ordo_ranked_order(NULL, 0, false, 5, NULL, 0, &count), ORDO_OK);
    assert_int_equal(count, 0);
}

static void only_the_last(void **state) {
    (void)state;
    uint32_t out[2] = {7, 7};
    size_t count = 0;
    assert_int_equal(ordo_ranked_order(NULL, 0, true, 5, out, 2, &count), ORDO_OK);
    assert_int_equal(count, 1);
    assert_int_equal(out[0], ORDO_RANKED_LAST);
    assert_int_equal(out[1], 7); /* nothing past the count is written */
}

static void keyless_commands_are_never_held_back(void **state) {
    (void)state;
    const ordo_ranked_command commands[] = {KEYED(0, 9, 'a'), KEYED(0, 8, 'a'), KEYLESS(0, 1),
                                            KEYLESS(0, 0)};
    uint32_t out[4];
    size_t count = 0;
    assert_int_equal(ordo_ranked_order(commands, 4, false, 4, out, 4, &count), ORDO_OK);
    const uint32_t expected[] = {0, 2, 3, 1};
    assert_memory_equal(out, expected, sizeof expected);
}

static void null_pointers_are_refused(void **state) {
    (void)state;
    uint32_t out[8];
    size_t count = 42;
    assert_int_equal(ordo_ranked_order(NULL, 3, false, 5, out, 8, &count), ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, false, 5, NULL, 8, &count),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, false, 5, out, 8, NULL),
                     ORDO_ERR_NULL_POINTER);
    assert_int_equal(count, 42);
}

static void cap_above_the_maximum_is_refused(void **state) {
    (void)state;
    uint32_t out[ORDO_RANKED_MAX_CAP + 1];
    size_t count = 42;
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, false, ORDO_RANKED_MAX_CAP + 1, out,
                                       ORDO_RANKED_MAX_CAP + 1, &count),
                     ORDO_ERR_CAPACITY_EXCEEDED);
    assert_int_equal(count, 42);
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, false, ORDO_RANKED_MAX_CAP, out,
                                       ORDO_RANKED_MAX_CAP, &count),
                     ORDO_OK);
    assert_int_equal(count, SEED_N);
}

static void a_small_buffer_is_refused_and_untouched(void **state) {
    (void)state;
    uint32_t out[4] = {7, 7, 7, 7};
    size_t count = 42;
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, true, 10, out, 4, &count),
                     ORDO_ERR_BUFFER_TOO_SMALL);
    const uint32_t untouched[] = {7, 7, 7, 7};
    assert_memory_equal(out, untouched, sizeof untouched);
    assert_int_equal(count, 42);
}

static void a_bad_has_key_is_refused(void **state) {
    (void)state;
    ordo_ranked_command commands[] = {KEYED(0, 1, 'a'), KEYLESS(0, 2)};
    commands[1].has_key = 2;
    uint32_t out[4] = {7, 7, 7, 7};
    size_t count = 42;
    assert_int_equal(ordo_ranked_order(commands, 2, false, 4, out, 4, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(out[0], 7);
    assert_int_equal(count, 42);
}

static void a_bad_has_last_is_refused(void **state) {
    (void)state;
    uint32_t out[4] = {7, 7, 7, 7};
    size_t count = 42;
    assert_int_equal(ordo_ranked_order(seed_plays, SEED_N, 2, 4, out, 4, &count),
                     ORDO_ERR_INVALID_ARGUMENT);
    assert_int_equal(out[0], 7);
    assert_int_equal(count, 42);
}

struct stack_job {
    ordo_status status;
    size_t count;
    uint32_t out[ORDO_RANKED_MAX_CAP];
};

static void *order_on_this_thread(void *arg) {
    struct stack_job *job = arg;
    ordo_ranked_command commands[300];
    for (size_t i = 0; i < 300; i++) {
        commands[i] = (ordo_ranked_command)KEYED((uint32_t)(i % 3), (int64_t)(i * 7919 % 101),
                                                 i % 17);
    }
    job->status = ordo_ranked_order(commands, 300, true, ORDO_RANKED_MAX_CAP, job->out,
                                    ORDO_RANKED_MAX_CAP, &job->count);
    return NULL;
}

static void runs_on_a_32_kib_stack(void **state) {
    (void)state;
    struct stack_job job;
    memset(&job, 0, sizeof job);
    assert_int_equal(run_on_stack(ORDO_TEST_SMALL_STACK, order_on_this_thread, &job), 0);
    assert_int_equal(job.status, ORDO_OK);
    assert_int_equal(job.count, ORDO_RANKED_MAX_CAP);
    assert_int_equal(job.out[ORDO_RANKED_MAX_CAP - 1], ORDO_RANKED_LAST);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_example_cap_ten),
        cmocka_unit_test(seed_example_cap_three_keeps_the_last),
        cmocka_unit_test(all_firsts_then_all_seconds),
        cmocka_unit_test(cap_zero_counts_as_one),
        cmocka_unit_test(no_commands_no_last_writes_nothing),
        cmocka_unit_test(only_the_last),
        cmocka_unit_test(keyless_commands_are_never_held_back),
        cmocka_unit_test(null_pointers_are_refused),
        cmocka_unit_test(cap_above_the_maximum_is_refused),
        cmocka_unit_test(a_small_buffer_is_refused_and_untouched),
        cmocka_unit_test(a_bad_has_key_is_refused),
        cmocka_unit_test(a_bad_has_last_is_refused),
        cmocka_unit_test(runs_on_a_32_kib_stack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
