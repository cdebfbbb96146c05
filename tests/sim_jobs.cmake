# guv sim must report the same games whatever the number of worker
# processes: the output of --jobs 1 and --jobs 3 must be identical once the
# "time:" lines (the only ones allowed to differ) are dropped, and every game
# must end (exit status 0; 1 means a game did not end). Also checks that a bad
# option is explained with exit status 2. Run by ctest with -DGUV=<binary>
# -DSRC=<source dir>.
foreach(jobs 1 3)
  execute_process(COMMAND ${GUV} --data ${SRC} sim --games 6 --seed 11 --jobs ${jobs}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "guv sim --jobs ${jobs} exited ${rc} (1: a game did not end):\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "\ngames: 6\n")
    message(FATAL_ERROR "guv sim --jobs ${jobs}: no 'games: 6' line:\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "\ntime: [^\n]*games/s")
    message(FATAL_ERROR "guv sim --jobs ${jobs}: no 'time:' line:\n${out}")
  endif()
  string(REGEX REPLACE "(^|\n)time:[^\n]*" "" out "${out}")
  set(out_${jobs} "${out}")
  set(rc_${jobs} "${rc}")
endforeach()
if(NOT out_1 STREQUAL out_3 OR NOT rc_1 EQUAL rc_3)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/sim-jobs-1.got "${out_1}")
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/sim-jobs-3.got "${out_3}")
  message(FATAL_ERROR "guv sim differs between --jobs 1 (exit ${rc_1}) and --jobs 3 (exit ${rc_3}); see "
    "${CMAKE_CURRENT_BINARY_DIR}/sim-jobs-1.got and sim-jobs-3.got")
endif()

execute_process(COMMAND ${GUV} --data ${SRC} sim --games many --seed 11
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--games" OR NOT err MATCHES "Usage: guv sim")
  message(FATAL_ERROR "a bad --games should be explained with exit 2: ${rc}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} sim --games 1
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--seed")
  message(FATAL_ERROR "a missing --seed should be explained with exit 2: ${rc}\n${err}")
endif()

# Games that once stuck with no legal decision (a demoralized stack whose
# first unit's retreat left the rest no way out was never culled: the rest
# must be eliminated, DEMORAL / AI-RETREAT). Each must now end.
foreach(seed 65 77 278)
  execute_process(COMMAND ${GUV} --data ${SRC} sim --games 1 --seed ${seed}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "failed: 0")
    message(FATAL_ERROR "guv sim --seed ${seed} (a game that once stuck) exited ${rc}:\n${out}\n${err}")
  endif()
endforeach()

# --csv writes one row per game under its header, the same for any --jobs,
# and agrees with the report's counts (issue 16).
foreach(jobs 1 3)
  execute_process(COMMAND ${GUV} --data ${SRC} sim --games 6 --seed 11 --jobs ${jobs} --csv ${WORK}/sim-${jobs}.csv
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "guv sim --csv exited ${rc}:\n${err}")
  endif()
  file(STRINGS ${WORK}/sim-${jobs}.csv rows)
  list(LENGTH rows nrows)
  list(GET rows 0 header)
  if(NOT nrows EQUAL 7 OR NOT header STREQUAL "game,seed,ended,result,final_vp,turns,decisions,bot_decisions,end")
    message(FATAL_ERROR "--csv: want a header and 6 rows, got ${nrows}:\n${rows}")
  endif()
  list(GET rows 1 first)
  if(NOT first MATCHES "^0,11,1,(union|confederate|draw),[0-9]+,[0-9]+,[0-9]+,[0-9]+,\"[^\"]+\"$")
    message(FATAL_ERROR "--csv: the first row is not game 0 of seed 11: ${first}")
  endif()
  set(csv_${jobs} "${rows}")
  # the report's Union count is the number of rows whose result is union
  string(REGEX MATCHALL ",union," unions "${rows}")
  list(LENGTH unions nunion)
  if(NOT out MATCHES "\n  Union +${nunion} ")
    message(FATAL_ERROR "--csv: ${nunion} Union rows, but the report says otherwise:\n${out}")
  endif()
endforeach()
if(NOT csv_1 STREQUAL csv_3)
  message(FATAL_ERROR "--csv differs between --jobs 1 and --jobs 3")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} sim --games 1 --seed 11 --csv /nonexistent-dir/x.csv
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "cannot write the games to /nonexistent-dir/x.csv")
  message(FATAL_ERROR "an unwritable --csv should be said, exit 1: ${rc}\n${err}")
endif()

# --json writes the same games as a JSON array, the same for any --jobs,
# each with its corps' figures and the VP by source; the report has its
# corps section (issue 16).
foreach(jobs 1 3)
  execute_process(COMMAND ${GUV} --data ${SRC} sim --games 6 --seed 11 --jobs ${jobs} --json ${WORK}/sim-${jobs}.json
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "guv sim --json exited ${rc}:\n${err}")
  endif()
  if(NOT out MATCHES "\nthe Union's corps [^\n]*\n[^\n]*\n  [^\n]+:\n    activations [0-9.]+ \\([0-9.]+-[0-9.]+\\), marches"
     OR NOT out MATCHES "\nVP by source ")
    message(FATAL_ERROR "guv sim: no corps section or no VP by source in the report:\n${out}")
  endif()
  file(READ ${WORK}/sim-${jobs}.json json_${jobs})
endforeach()
if(NOT json_1 STREQUAL json_3)
  message(FATAL_ERROR "--json differs between --jobs 1 and --jobs 3")
endif()
string(JSON ngames LENGTH "${json_1}")
string(JSON seed0 GET "${json_1}" 0 seed)
string(JSON ncorps LENGTH "${json_1}" 0 corps)
string(JSON corps0 GET "${json_1}" 0 corps 0 name)
string(JSON marches0 GET "${json_1}" 0 corps 0 marches)
string(JSON boxed GET "${json_1}" 0 vp confederate "Union boxed values")
if(NOT ngames EQUAL 6 OR NOT seed0 EQUAL 11 OR ncorps LESS 7 OR corps0 STREQUAL "" OR NOT marches0 MATCHES "^[0-9]+$"
   OR NOT boxed MATCHES "^[0-9]+$")
  message(FATAL_ERROR "--json: want 6 games from seed 11, each with 7 or more corps and the VP by source; got "
    "${ngames} games, seed ${seed0}, ${ncorps} corps (${corps0}, ${marches0} marches), boxed ${boxed}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} sim --games 1 --seed 11 --csv ${WORK}/sim-ok.csv --json /nonexistent-dir/x.json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "cannot write the games to /nonexistent-dir/x.json")
  message(FATAL_ERROR "an unwritable --json (beside a good --csv) should be named, exit 1: ${rc}\n${err}")
endif()

# A Perfect Plan's sim (guv sim --game perfect-plan): the same games with
# one worker or three, once the time lines go (the time a decision and the
# `time:` line are the only ones allowed to differ); a bad level explained.
foreach(jobs 1 3)
  execute_process(COMMAND ${GUV} --data ${SRC} sim --game perfect-plan --games 12 --seed 5 --jobs ${jobs}
    --union greedy --confederate random
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "games ended: 12 of 12" OR NOT out MATCHES "Union wins +[0-9]+")
    message(FATAL_ERROR "guv sim --game perfect-plan --jobs ${jobs} (${rc}):\n${out}\n${err}")
  endif()
  string(REGEX REPLACE "(^|\n)time:[^\n]*" "" out "${out}")
  string(REGEX REPLACE "; mean [^\n]*" "" out "${out}")
  set(pp_${jobs} "${out}")
endforeach()
if(NOT pp_1 STREQUAL pp_3)
  message(FATAL_ERROR "guv sim --game perfect-plan differs between --jobs 1 and 3:\n${pp_1}\n---\n${pp_3}")
endif()
# --rounds sets the rollout level's play-outs for each decision searched
# (the report names the budget); a bad count is explained.
execute_process(COMMAND ${GUV} --data ${SRC} sim --game perfect-plan --games 1 --seed 3 --union greedy
  --confederate rollout --iterations 40 --rounds 7 --seconds 0
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "rollout budget: 40 play-outs a decision \\(at most 7 for each decision searched\\)")
  message(FATAL_ERROR "guv sim --game perfect-plan --rounds 7 (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} sim --game perfect-plan --games 1 --seed 3 --rounds 0
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--rounds wants a whole number from 1, not '0'")
  message(FATAL_ERROR "a bad --rounds must be explained with exit status 2 (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} sim --game perfect-plan --games 2 --seed 1 --union clever
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "clever")
  message(FATAL_ERROR "an unknown level must be refused with exit status 2, naming it (${rc}):\n${out}\n${err}")
endif()

# The Red Die of Courage's sim (guv sim --game red-die): the same games with
# one worker or two, once the time lines go; every game ends (exit 0); a bad
# level and an unknown battlefield explained with exit status 2.
foreach(jobs 1 2)
  execute_process(COMMAND ${GUV} --data ${SRC} sim --game red-die --field fairview --games 3 --seed 3 --jobs ${jobs}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "games ended: 3 of 3" OR NOT out MATCHES "Union wins +[0-9]+"
     OR NOT out MATCHES "mean VP, Confederate: " OR NOT out MATCHES "mean length: [0-9.]+ passes")
    message(FATAL_ERROR "guv sim --game red-die --jobs ${jobs} (${rc}):\n${out}\n${err}")
  endif()
  string(REGEX REPLACE "(^|\n)time:[^\n]*" "" out "${out}")
  string(REGEX REPLACE "; mean [^\n]*" "" out "${out}")
  set(rd_${jobs} "${out}")
endforeach()
if(NOT rd_1 STREQUAL rd_2)
  message(FATAL_ERROR "guv sim --game red-die differs between --jobs 1 and 2:\n${rd_1}\n---\n${rd_2}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} sim --game red-die --games 1 --seed 1 --confederate clever
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "clever")
  message(FATAL_ERROR "an unknown Red Die level must be refused with exit status 2 (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} --data ${SRC} sim --game red-die --games 1 --seed 1 --field nowhere
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "hazel-grove")
  message(FATAL_ERROR "an unknown battlefield must be refused with exit status 2, naming those there are (${rc}):\n${err}")
endif()

# --help after sim (and its --game) is the sim's own usage, not guv's
foreach(game solitaire perfect-plan red-die)
  if(game STREQUAL "solitaire")
    set(args sim --help)
    set(want "Usage: guv sim --games N")
  else()
    set(args sim --game ${game} --help)
    set(want "Usage: guv sim --game ${game}")
  endif()
  execute_process(COMMAND ${GUV} --data ${SRC} ${args}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(FIND "${out}" "${want}" at)
  if(NOT rc EQUAL 0 OR NOT at EQUAL 0)
    message(FATAL_ERROR "guv ${args} must print its own usage (${rc}):\n${out}\n${err}")
  endif()
endforeach()
