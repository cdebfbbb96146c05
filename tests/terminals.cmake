# Issue 13, bug 9: a terminal guv cannot draw on is refused with guv's own
# message naming what is missing (TERM=dumb drew a blank screen; an unknown
# TERM exited through ncurses' words). Run under a pseudo-terminal made by
# util-linux's `script`. Run by ctest with -DGUV=<binary> -DSRC=<source dir>.
find_program(SCRIPT_PROG script)
if(NOT SCRIPT_PROG)
  message(FATAL_ERROR "util-linux 'script' is needed to give guv a terminal in this test")
endif()
foreach(case "dumb|cannot move the cursor" "nosuchterm|is not known here")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 term)
  list(GET parts 1 want)
  set(ENV{TERM} ${term})
  execute_process(COMMAND ${SCRIPT_PROG} -qec "${GUV} --data ${SRC}" /dev/null
    INPUT_FILE /dev/null RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
  if(rc EQUAL 0 OR NOT "${out}${err}" MATCHES "${want}")
    message(FATAL_ERROR "TERM=${term}: exit ${rc}, wanted a refusal saying '${want}':\n${out}\n${err}")
  endif()
endforeach()
