# An installed guv reads the data installed with it, never the source tree:
# the build is installed into a scratch prefix and staged with DESTDIR, and
# each copy's `guv check` must name its own share/guv. A program with no data
# beside it says where it looked. Run by ctest with -DGUV=<binary>
# -DBUILD=<build dir> -DSRC=<source dir> -DWORK=<scratch folder>
# -DPREFIX=<CMAKE_INSTALL_PREFIX> -DINSTALL_DATA=<the data folder built in>.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(work_real ${WORK} REALPATH)
get_filename_component(src_real ${SRC} REALPATH)

# guv check run with no GUV_DATA, from another folder; out/err/rc in the caller
function(run_check exe)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=GUV_DATA ${exe} check
                  WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(rc ${rc} PARENT_SCOPE)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# 1. cmake --install --prefix: bin/guv, share/guv/{config,booklet}, the man page
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${out}\n${err}")
endif()
foreach(f bin/guv share/guv/config/map.ini share/guv/booklet/paragraphs.ini share/man/man6/guv.6)
  if(NOT EXISTS ${WORK}/prefix/${f})
    message(FATAL_ERROR "cmake --install did not install ${f}")
  endif()
endforeach()
run_check(${WORK}/prefix/bin/guv)
if(NOT rc EQUAL 0 OR NOT out MATCHES "guv check: ${work_real}/prefix/share/guv is clean")
  message(FATAL_ERROR "the installed guv should check ${work_real}/prefix/share/guv (${rc}):\n${out}\n${err}")
endif()
if(out MATCHES "${src_real} is clean")
  message(FATAL_ERROR "the installed guv read the source tree:\n${out}")
endif()

# 2. DESTDIR staging, as packagers do: the staged program finds the staged data
execute_process(COMMAND ${CMAKE_COMMAND} -E env DESTDIR=${WORK}/stage ${CMAKE_COMMAND} --install ${BUILD}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "DESTDIR=... cmake --install failed:\n${out}\n${err}")
endif()
set(staged ${WORK}/stage${PREFIX})
if(NOT EXISTS ${staged}/bin/guv)
  message(FATAL_ERROR "no ${staged}/bin/guv after the staged install")
endif()
run_check(${staged}/bin/guv)
if(NOT rc EQUAL 0 OR NOT out MATCHES "guv check: ${work_real}/stage${PREFIX}/share/guv is clean")
  message(FATAL_ERROR "the staged guv should check its staged data (${rc}):\n${out}\n${err}")
endif()

# 3. the program alone, with no data beside it (the source tree is there,
# but an installed guv never falls back on it): a helpful error
file(MAKE_DIRECTORY ${WORK}/lonely/bin)
file(COPY ${WORK}/prefix/bin/guv DESTINATION ${WORK}/lonely/bin)
if(NOT EXISTS ${INSTALL_DATA}/config/map.ini) # (a guv installed on this machine would be found instead)
  run_check(${WORK}/lonely/bin/guv)
  if(NOT rc EQUAL 1 OR NOT err MATCHES "cannot find the game data" OR NOT err MATCHES "${work_real}/lonely/bin/../share/guv \\(beside the program\\)"
     OR NOT err MATCHES "${INSTALL_DATA} \\(the install prefix" OR NOT err MATCHES "--data DIR" OR NOT err MATCHES "GUV_DATA")
    message(FATAL_ERROR "a guv with no data should say where it looked and what to do (${rc}):\n${out}\n${err}")
  endif()
  if(out MATCHES "is clean")
    message(FATAL_ERROR "a guv with no data beside it found some:\n${out}")
  endif()
endif()
# ... and with GUV_DATA it runs
execute_process(COMMAND ${CMAKE_COMMAND} -E env GUV_DATA=${WORK}/prefix/share/guv ${WORK}/lonely/bin/guv check
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "GUV_DATA should name the data (${rc}):\n${out}\n${err}")
endif()

# 4. in a build folder (a CMakeCache.txt beside it), guv reads the source tree
file(WRITE ${WORK}/lonely/bin/CMakeCache.txt "# a build folder\n")
run_check(${WORK}/lonely/bin/guv)
if(NOT rc EQUAL 0 OR NOT out MATCHES "guv check: ${src_real} is clean")
  message(FATAL_ERROR "guv in a build folder should read the source tree (${rc}):\n${out}\n${err}")
endif()
file(REMOVE_RECURSE ${WORK})
