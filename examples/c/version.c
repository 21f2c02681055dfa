/* Prints the ABI version and checks it against the header. */
#include <stdio.h>
#include "ordo.h"

int main(void) {
    printf("ordo ABI %u (header %u)\n", ordo_abi_version(), (unsigned)ORDO_ABI_VERSION);
    return ordo_abi_version() == ORDO_ABI_VERSION ? 0 : 1;
}
