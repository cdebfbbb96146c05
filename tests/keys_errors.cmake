# A key script's mistakes are reported as FILE:LINE with exit status 3, and a
# missing script or a bad option says what is wrong: guv --keys must never
# hang or crash on a bad script. Run by ctest with -DGUV=<binary> -DSRC=<source dir>.
set(tmp ${CMAKE_CURRENT_BINARY_DIR}/keys-errors)
file(REMOVE_RECURSE ${tmp})
file(MAKE_DIRECTORY ${tmp}/home)
set(ENV{HOME} ${tmp}/home)
set(ENV{XDG_DATA_HOME} ${tmp}/home/data)
set(ENV{TERM} xterm)

function(expect_failure name script rc_want pattern)
  file(WRITE ${tmp}/${name}.keys "${script}")
  execute_process(COMMAND ${GUV} --data ${SRC} --keys ${tmp}/${name}.keys --screens ${tmp}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL ${rc_want})
    message(FATAL_ERROR "${name}: exit ${rc}, wanted ${rc_want}:\n${out}\n${err}")
  endif()
  if(NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "${name}: stderr does not say '${pattern}':\n${err}")
  endif()
endfunction()

expect_failure(not-a-key "n\nFrobnicate\n" 3 "not-a-key.keys:2: 'Frobnicate' is not a key")
expect_failure(not-a-command "@dance\n" 3 "not-a-command.keys:1: '@dance' is not a script command")
expect_failure(expect "@expect Zoan_Church_is_burning\n" 3 "expect.keys:1: the screen does not show 'Zoan Church is burning'")
expect_failure(until "n\n@until Never_shown 5 Space\n" 3 "until.keys:2: the screen never showed 'Never shown'")
expect_failure(click "@click 500 2\n" 3 "click.keys:1: @click: COL ROW must be on the screen")
expect_failure(size "@size 5 5\n" 3 "size.keys:1: @size needs COLS ROWS between")

# A script that ends without quitting: guv leaves the way a player would.
file(WRITE ${tmp}/ends.keys "n\nEnter\n")
execute_process(COMMAND ${GUV} --data ${SRC} --keys ${tmp}/ends.keys --screens ${tmp}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a script that just ends should leave cleanly, got ${rc}:\n${err}")
endif()

execute_process(COMMAND ${GUV} --data ${SRC} --keys ${tmp}/no-such.keys
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 2 OR NOT err MATCHES "cannot read the key script .*no-such.keys")
  message(FATAL_ERROR "a missing key script: exit ${rc}:\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} --size 80by24 --keys ${tmp}/ends.keys
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--size wants COLSxROWS")
  message(FATAL_ERROR "a bad --size: exit ${rc}:\n${err}")
endif()
