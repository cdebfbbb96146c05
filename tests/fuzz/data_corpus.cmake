# Runs the data loader's fuzz target once per data file of the project: on
# the file as it is, and on the inputs kept for it in the corpus, a folder
# named after the file's path with '/' written '__'
# (corpus/data/config__scenarios__lee-moves.ini).
file(GLOB files RELATIVE ${SRC} ${SRC}/config/*.ini ${SRC}/config/scenarios/*.ini ${SRC}/config/perfect-plan/*.ini
  ${SRC}/config/red-die/*.ini ${SRC}/config/red-die/fields/*.ini ${SRC}/booklet/*.ini)
list(LENGTH files count)
if(count LESS 10)
  message(FATAL_ERROR "only ${count} data files under ${SRC}")
endif()
foreach(file ${files})
  string(REPLACE "/" "__" name ${file})
  set(inputs ${SRC}/${file})
  if(IS_DIRECTORY ${CORPUS}/${name})
    list(APPEND inputs ${CORPUS}/${name})
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env GUV_FUZZ_FILE=${file} ${DRIVER} ${inputs}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz_data on ${file}: exit ${rc}\n${out}${err}")
  endif()
  string(STRIP "${err}" err)
  message(STATUS "${file}: ${err}")
endforeach()
# Folders for files that no longer exist would be dead weight.
file(GLOB dirs RELATIVE ${CORPUS} ${CORPUS}/*)
foreach(name ${dirs})
  string(REPLACE "__" "/" file ${name})
  if(NOT EXISTS ${SRC}/${file})
    message(FATAL_ERROR "corpus/data/${name} is for ${file}, which is not a data file")
  endif()
endforeach()
