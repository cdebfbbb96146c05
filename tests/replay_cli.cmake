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

# The replay screen (issue 14): it opens on the start of the game, not its
# end; ] steps forward; Esc and past-the-end keep it a read-only replay (no
# live game to play on and lose).
set(shots ${CMAKE_CURRENT_BINARY_DIR}/replay-screens)
file(REMOVE_RECURSE ${shots})
file(MAKE_DIRECTORY ${shots})
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/replay-test.keys
  "@screen 0-first\n] ] ]\n@screen 1-three\n] ] ] ] ] ] ] ] ] ]\n@screen 2-end\nEsc\n@screen 3-esc\ng\n@screen 4-g\nq\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C TERM=xterm HOME=${shots}
  ${GUV} --data ${SRC} replay ${save} --keys ${CMAKE_CURRENT_BINARY_DIR}/replay-test.keys --screens ${shots} --size 100x30
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the replay screen did not run (${rc}):\n${out}\n${err}")
endif()
file(READ ${shots}/0-first.txt first)
if(NOT first MATCHES "REPLAY 0/8" OR NOT first MATCHES "T1 " OR NOT first MATCHES "choosing")
  message(FATAL_ERROR "the replay must open on the start of the game:\n${first}")
endif()
# the map too: the Automa's objective marker (!) is placed by record 8, so
# it is on the end's map and not on the first frame's
file(READ ${shots}/2-end.txt end)
if(first MATCHES "!=" OR NOT end MATCHES "!=")
  message(FATAL_ERROR "the first frame must draw the start's map, not the end's:\n${first}")
endif()
file(READ ${shots}/1-three.txt three)
if(NOT three MATCHES "REPLAY 3/8")
  message(FATAL_ERROR "] steps forward one record:\n${three}")
endif()
foreach(shot 2-end 3-esc 4-g)
  file(READ ${shots}/${shot}.txt s)
  if(NOT s MATCHES "REPLAY 8/8" OR NOT s MATCHES "q quits")
    message(FATAL_ERROR "${shot}: past its end, after Esc or g, a replay stays a read-only replay:\n${s}")
  endif()
endforeach()
file(READ ${shots}/3-esc.txt s)
if(NOT s MATCHES "read-only")
  message(FATAL_ERROR "Esc in a replay says it is read-only:\n${s}")
endif()

# A Perfect Plan's saves (issue 17) replay the same way: the whole game's
# log with its rule IDs and the result; --to N stops after N records; a
# damaged one is refused with its line and left as it was.
set(ppsave ${CMAKE_CURRENT_BINARY_DIR}/replay-pp.save)
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/replay-pp.in "new perfect-plan standard 5\nplay 400 9\nsave ${ppsave}\n")
execute_process(COMMAND ${GUV} --data ${SRC} script INPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/replay-pp.in
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "ok save ")
  message(FATAL_ERROR "guv script did not save the game of A Perfect Plan (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} replay ${ppsave}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "A Perfect Plan, seed 5, 173 decisions and dice" OR NOT out MATCHES "log APP-SETUP: "
   OR NOT out MATCHES "\nover: ")
  message(FATAL_ERROR "guv replay of A Perfect Plan (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} replay ${ppsave} --to 10
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "10 decisions and dice" OR NOT out MATCHES "turn 1, union to decide")
  message(FATAL_ERROR "guv replay --to 10 of A Perfect Plan (${rc}):\n${out}\n${err}")
endif()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-bad.save "guv-pp-save 1\nseed 5\ncomputer none\ndo fly away\n")
file(READ ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-bad.save before)
execute_process(COMMAND ${GUV} --data ${SRC} replay ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-bad.save
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-bad.save after)
if(NOT rc EQUAL 1 OR NOT err MATCHES "replay-pp-bad.save:4:" OR NOT before STREQUAL after)
  message(FATAL_ERROR "a damaged save of A Perfect Plan must be refused with its line and left alone (${rc}):\n${err}")
endif()
# ... and one saved with other data for A Perfect Plan is refused, naming both fingerprints.
file(READ ${ppsave} ppsaved)
string(REGEX REPLACE "\ndata [0-9a-f]+\n" "\ndata 0000000000000001\n" ppother "${ppsaved}")
if(ppother STREQUAL ppsaved)
  message(FATAL_ERROR "the save of A Perfect Plan has no 'data' line:\n${ppsaved}")
endif()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-other.save "${ppother}")
execute_process(COMMAND ${GUV} --data ${SRC} replay ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-other.save
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-other.save after)
if(NOT rc EQUAL 1 OR NOT err MATCHES "saved with other data for A Perfect Plan \\(0000000000000001" OR NOT after STREQUAL ppother)
  message(FATAL_ERROR "a save of A Perfect Plan made with other data must be refused and left alone (${rc}):\n${err}")
endif()

# ... and in a terminal they step on A Perfect Plan's own screen: the start first, ] a record,
# } to the next turn, v the other side's view (its own counters named, the enemy's face down),
# End the end; Esc says it is read-only; the file is never written.
set(ppshots ${CMAKE_CURRENT_BINARY_DIR}/replay-pp-screens)
file(REMOVE_RECURSE ${ppshots})
file(MAKE_DIRECTORY ${ppshots})
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/replay-pp.keys
  "@screen 0-first\n] ] ]\n@screen 1-three\n}\n@screen 2-turn\nv\n@screen 3-other\nEnd\n@screen 4-end\nEsc\n@screen 5-esc\nq\n")
file(READ ${ppsave} before)
execute_process(COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C TERM=xterm HOME=${ppshots}
  ${GUV} --data ${SRC} replay ${ppsave} --keys ${CMAKE_CURRENT_BINARY_DIR}/replay-pp.keys --screens ${ppshots} --size 80x24
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${ppsave} after)
if(NOT rc EQUAL 0 OR NOT before STREQUAL after)
  message(FATAL_ERROR "the replay screen of A Perfect Plan did not run, or wrote the save (${rc}):\n${out}\n${err}")
endif()
file(READ ${ppshots}/0-first.txt s)
if(NOT s MATCHES " 0/173: the start" OR NOT s MATCHES "Turn 1/6  set-up" OR NOT s MATCHES "replay, AoP's view")
  message(FATAL_ERROR "the replay of A Perfect Plan must open on the game's start:\n${s}")
endif()
file(READ ${ppshots}/1-three.txt s)
if(NOT s MATCHES " 3/173: ")
  message(FATAL_ERROR "] steps one record:\n${s}")
endif()
file(READ ${ppshots}/2-turn.txt s)
if(NOT s MATCHES "Turn 2/6")
  message(FATAL_ERROR "} goes to the next turn:\n${s}")
endif()
file(READ ${ppshots}/3-other.txt s)
if(NOT s MATCHES "replay, ANV's view")
  message(FATAL_ERROR "v shows the other side's view:\n${s}")
endif()
file(READ ${ppshots}/4-end.txt s)
if(NOT s MATCHES " 173/173: " OR NOT s MATCHES "Turn 6/6")
  message(FATAL_ERROR "End goes to the save's end:\n${s}")
endif()
file(READ ${ppshots}/5-esc.txt s)
if(NOT s MATCHES "read-only")
  message(FATAL_ERROR "Esc in a replay says it is read-only:\n${s}")
endif()
