# ordo's CMake package, installed by `make install` under <prefix>/lib/cmake/ordo.
#
#   find_package(ordo 0.1 REQUIRED)
#   target_link_libraries(game PRIVATE ordo::ordo)   # the static library
#
# ordo::ordo is libordo.a, which needs nothing beyond the C library (no allocator, no
# unwinder); ordo::shared is libordo.so. Both carry the include directory of ordo.h.
get_filename_component(_ordo_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT TARGET ordo::ordo)
  add_library(ordo::ordo STATIC IMPORTED)
  set_target_properties(ordo::ordo PROPERTIES
    IMPORTED_LOCATION "${_ordo_prefix}/lib/libordo.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_ordo_prefix}/include")
endif()

if(NOT TARGET ordo::shared AND EXISTS "${_ordo_prefix}/lib/libordo.so")
  add_library(ordo::shared SHARED IMPORTED)
  set_target_properties(ordo::shared PROPERTIES
    IMPORTED_LOCATION "${_ordo_prefix}/lib/libordo.so"
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${_ordo_prefix}/include")
endif()

unset(_ordo_prefix)
