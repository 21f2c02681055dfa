/* The ABI version, the status codes and their messages. */
#include "support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "ordo.h"

static void abi_version_matches_header(void **state) {
    (void)state;
    assert_int_equal(ordo_abi_version(), ORDO_ABI_VERSION);
}

static void ok_is_zero(void **state) {
    (void)state;
    assert_int_equal(ORDO_OK, 0);
}

static void every_status_has_its_own_message(void **state) {
    (void)state;
    const int statuses[] = {ORDO_OK, ORDO_ERR_NULL_POINTER, ORDO_ERR_CAPACITY_EXCEEDED,
                            ORDO_ERR_BUFFER_TOO_SMALL, ORDO_ERR_INVALID_ARGUMENT,
                            ORDO_ERR_PARSE, ORDO_ERR_INVALID_MAP};
    const size_t n = sizeof statuses / sizeof statuses[0];
    for (size_t i = 0; i < n; i++) {
        const char *message = ordo_status_str(statuses[i]);
        assert_non_null(message);
        assert_true(strlen(message) > 0);
        assert_string_not_equal(message, "unknown status");
        for (size_t j = 0; j < i; j++) {
            assert_string_not_equal(message, ordo_status_str(statuses[j]));
        }
    }
}

static void unknown_status_is_named_not_undefined(void **state) {
    (void)state;
    assert_string_equal(ordo_status_str(-1), "unknown status");
    assert_string_equal(ordo_status_str(1000), "unknown status");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(abi_version_matches_header),
        cmocka_unit_test(ok_is_zero),
        cmocka_unit_test(every_status_has_its_own_message),
        cmocka_unit_test(unknown_status_is_named_not_undefined),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
