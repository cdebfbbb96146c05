# guv sim --compare (issue 16): the same data twice shows no difference
# that is not chance; a folder whose rating bands favour the Union (a
# deliberately one-sided edit) shows the Union's share up, marked *. Run by
# ctest with -DGUV=<binary> -DSRC=<source dir> -DWORK=<scratch dir>.
execute_process(COMMAND ${GUV} sim --compare ${SRC} ${SRC} --games 4 --seed 1 --jobs 2
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "guv sim --compare of the same folder exited ${rc}:\n${out}\n${err}")
endif()
if(out MATCHES "\\*\n" OR NOT out MATCHES "Union wins +[0-9.]+% \\([^)]*\\) +[0-9.]+% \\([^)]*\\) +\\+0\\.0 ")
  message(FATAL_ERROR "the same folder twice should show no difference:\n${out}")
endif()

set(b ${WORK}/compare-b)
file(REMOVE_RECURSE ${b})
file(COPY ${SRC}/config ${SRC}/booklet DESTINATION ${b})
file(READ ${b}/config/activation-track.ini ini)
string(REPLACE "[band:union-minor]\nname = Union minor victory\nfrom = 1\nto = 10"
               "[band:union-minor]\nname = Union minor victory\nfrom = 1\nto = 17" ini "${ini}")
string(REPLACE "[band:draw]\nname = Draw\nfrom = 11" "[band:draw]\nname = Draw\nfrom = 18" ini "${ini}")
file(WRITE ${b}/config/activation-track.ini "${ini}")
execute_process(COMMAND ${GUV} sim --compare ${SRC} ${b} --games 12 --seed 1 --jobs 2 --csv ${WORK}/compare
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "guv sim --compare exited ${rc}:\n${out}\n${err}")
endif()
if(NOT out MATCHES "\n  Union wins [^\n]*-[0-9.]+ \\(-[0-9.]+ to -[0-9.]+\\) \\*\n")
  message(FATAL_ERROR "a folder whose bands favour the Union should show A's Union share lower, marked *:\n${out}")
endif()
if(NOT EXISTS ${WORK}/compare.a.csv OR NOT EXISTS ${WORK}/compare.b.csv)
  message(FATAL_ERROR "--compare --csv FILE should write FILE.a.csv and FILE.b.csv")
endif()
execute_process(COMMAND ${GUV} sim --compare ${SRC} --games 3 --seed 1
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--compare needs two data folders")
  message(FATAL_ERROR "--compare with one folder should be explained, exit 2: ${rc}\n${err}")
endif()
execute_process(COMMAND ${GUV} sim --compare ${SRC} ${WORK}/no-such-folder --games 3 --seed 1
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--compare names '[^']*no-such-folder', which has no config/map.ini")
  message(FATAL_ERROR "--compare with a folder that holds no data should say which, exit 2: ${rc}\n${err}")
endif()
