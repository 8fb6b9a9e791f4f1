# The C core as a user C module of the rp2 firmware (cmake), from csrc/ itself: the same files and
# flags as micropython.mk.
add_library(usermod_escore INTERFACE)
get_filename_component(ESCORE_CSRC ${CMAKE_CURRENT_LIST_DIR}/../../csrc ABSOLUTE)
target_sources(usermod_escore INTERFACE
    ${CMAKE_CURRENT_LIST_DIR}/escore.c
    ${ESCORE_CSRC}/es_core.c
    ${ESCORE_CSRC}/es_solve.c
)
target_include_directories(usermod_escore INTERFACE ${CMAKE_CURRENT_LIST_DIR} ${ESCORE_CSRC})
target_compile_definitions(usermod_escore INTERFACE ES_COMPACT=1)
target_link_libraries(usermod INTERFACE usermod_escore)
