# guv --position FILE: a wrong position file is reported as FILE:LINE on
# standard error with exit status 2 and no screen, with or without a key
# script; a good one opens the game, and its set-up lines are in the
# autosave (so that it resumes). Run by ctest with -DGUV=<binary> -DSRC=<source dir>.
set(tmp ${CMAKE_CURRENT_BINARY_DIR}/position-cli)
file(REMOVE_RECURSE ${tmp})
file(MAKE_DIRECTORY ${tmp}/home)
set(ENV{HOME} ${tmp}/home)
set(ENV{XDG_DATA_HOME} ${tmp}/home/data)
set(ENV{TERM} xterm)

file(WRITE ${tmp}/bad.guv "# a position with a mistake on line 4\nnew solitaire 7\nset turn 4\nset unit heth steps 7\n")
file(WRITE ${tmp}/quit.keys "q\n")
foreach(keys "" "--keys;${tmp}/quit.keys")
  execute_process(COMMAND ${GUV} --data ${SRC} --position ${tmp}/bad.guv ${keys}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "bad.guv:4: heth has 2 steps at full strength" OR NOT out STREQUAL "")
    message(FATAL_ERROR "a bad position (${keys}): exit ${rc}, wanted 2 and FILE:LINE:\n${out}\n${err}")
  endif()
endforeach()
if(EXISTS ${tmp}/home/data/guv/current.save)
  message(FATAL_ERROR "a bad position must not start a game")
endif()

execute_process(COMMAND ${GUV} --data ${SRC} --position ${tmp}/no-such.guv
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 2 OR NOT err MATCHES "cannot open .*no-such.guv")
  message(FATAL_ERROR "a missing position: exit ${rc}:\n${err}")
endif()

execute_process(COMMAND ${GUV} --data ${SRC} --position ${tmp}/bad.guv script
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--position opens the game screen")
  message(FATAL_ERROR "--position with a command: exit ${rc}:\n${err}")
endif()

# A good position opens the game; q leaves it for the menu, and the autosave
# holds the set-up lines.
execute_process(COMMAND ${GUV} --data ${SRC} --position ${SRC}/tests/positions/pontoon-stack.guv
  --keys ${tmp}/quit.keys --screens ${tmp}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a good position: exit ${rc}:\n${err}")
endif()
file(READ ${tmp}/home/data/guv/current.save saved)
if(NOT saved MATCHES "^guv-save 2\n" OR NOT saved MATCHES "\nset pontoon 2015-2016 union\n" OR NOT saved MATCHES "\nset drawn hill\n")
  message(FATAL_ERROR "the autosave does not hold the position:\n${saved}")
endif()

# Never lose a game: a second position keeps the unfinished game aside.
execute_process(COMMAND ${GUV} --data ${SRC} --position ${SRC}/tests/positions/engage-breastwork.guv
  --keys ${tmp}/quit.keys --screens ${tmp}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
file(GLOB kept_files ${tmp}/home/data/guv/unfinished-*.save)
list(LENGTH kept_files nkept)
if(NOT rc EQUAL 0 OR NOT nkept EQUAL 1)
  message(FATAL_ERROR "a second position must keep the first game aside as unfinished-*.save (exit ${rc}, ${nkept} kept):\n${err}")
endif()
list(GET kept_files 0 kept_file)
file(READ ${kept_file} kept)
file(READ ${tmp}/home/data/guv/current.save saved)
if(NOT kept MATCHES "set drawn hill" OR NOT saved MATCHES "set drawn sickles")
  message(FATAL_ERROR "the games were not kept apart:\n${kept}\n---\n${saved}")
endif()
# ... and a third keeps the second too: every unfinished game stays until the player deletes it (issue 13, bug 5)
execute_process(COMMAND ${GUV} --data ${SRC} --position ${SRC}/tests/positions/engage-breastwork.guv
  --keys ${tmp}/quit.keys --screens ${tmp}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
file(GLOB kept_files ${tmp}/home/data/guv/unfinished-*.save)
list(LENGTH kept_files nkept)
if(NOT rc EQUAL 0 OR NOT nkept EQUAL 2)
  message(FATAL_ERROR "a third position must keep both earlier games (exit ${rc}, ${nkept} kept):\n${err}")
endif()
