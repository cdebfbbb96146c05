# Runs `guv script` on tests/script/NAME.in and compares its output with
# tests/script/NAME.out (ctest passes -DGUV, -DSRC, -DNAME).
execute_process(COMMAND ${GUV} --data ${SRC} script
  INPUT_FILE ${SRC}/tests/script/${NAME}.in
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "guv script exited ${rc}: ${err}")
endif()
file(READ ${SRC}/tests/script/${NAME}.out want)
if(NOT out STREQUAL want)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/script-${NAME}.got "${out}")
  message(FATAL_ERROR "guv script output differs from tests/script/${NAME}.out; "
    "got ${CMAKE_CURRENT_BINARY_DIR}/script-${NAME}.got")
endif()
