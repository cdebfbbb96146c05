# guv replay: a game saved by `guv script` replays and prints its log; --to
# stops early; a file that is not a save is refused with exit status 1 and
# left as it was. Run by ctest with -DGUV=<binary> -DSRC=<source dir>.
set(save ${CMAKE_CURRENT_BINARY_DIR}/replay-test.save)
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/replay-test.in
  "new solitaire 7\ndecide choose mclaws\ndecide done\ndice 4 3 5\nstep 3\nsave ${save}\n")
execute_process(COMMAND ${GUV} --data ${SRC} script INPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/replay-test.in
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "ok save ")
  message(FATAL_ERROR "guv script did not save (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} replay ${save}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "seed 7, 8 decisions and dice" OR NOT out MATCHES "AI-BEHAVIOUR")
  message(FATAL_ERROR "guv replay (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} replay ${save} --to 2
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "2 decisions and dice" OR out MATCHES "AI-BEHAVIOUR")
  message(FATAL_ERROR "guv replay --to 2 (${rc}):\n${out}\n${err}")
endif()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/replay-bad.save "guv-save 1\ndata 0\nscenario solitaire\nseed 1\noptions 0\ndo done\n")
file(READ ${CMAKE_CURRENT_BINARY_DIR}/replay-bad.save before)
execute_process(COMMAND ${GUV} --data ${SRC} replay ${CMAKE_CURRENT_BINARY_DIR}/replay-bad.save
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${CMAKE_CURRENT_BINARY_DIR}/replay-bad.save after)
if(NOT rc EQUAL 1 OR NOT err MATCHES "saved with other data" OR NOT before STREQUAL after)
  message(FATAL_ERROR "a save of other data must be refused and left alone (${rc}):\n${err}")
endif()
