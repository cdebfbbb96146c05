# guv booklet on the shipped data: plain text with every paragraph and
# instructions in plain words; --html FILE as one self-contained, balanced
# HTML file whose links all lead somewhere; broken data reported at its
# file:line. Run by ctest with -DGUV=<binary> -DSRC=<source dir>
# -DWORK=<scratch folder>.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

execute_process(COMMAND ${GUV} booklet --data ${SRC} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "guv booklet failed (${rc}):\n${err}")
endif()

# every paragraph of booklet/paragraphs.ini has its heading, "[NNN] Title"
file(STRINGS ${SRC}/booklet/paragraphs.ini sections REGEX "^\\[para:[0-9][0-9][0-9]\\]")
list(LENGTH sections nsections)
if(nsections LESS 20)
  message(FATAL_ERROR "only ${nsections} paragraphs found in paragraphs.ini")
endif()
foreach(s ${sections})
  string(REGEX REPLACE "^\\[para:([0-9]+)\\].*" "\\1" n "${s}")
  if(NOT text MATCHES "\n\\[${n}\\] [^\n]+\n")
    message(FATAL_ERROR "guv booklet has no heading for paragraph [${n}]")
  endif()
endforeach()
foreach(want
    "Page 7: A day like any other"
    "Roll two dice: on 2-3 go to step 4, on 4-10 go to step 6, on 11-12 go to"
    "If a Union division holds Chancellorsville, go to step 2; otherwise go"
    "Objective for this formation: Chancellorsville \\[019\\], value 1."
    "Release the Wheel: its command markers go to the Activation Track"
    "The Chancellorsville Wheel"
    "The strategy map"
    "The Automa's markers on the turn track"
    "Die modifiers in combat")
  if(NOT text MATCHES "${want}")
    message(FATAL_ERROR "guv booklet lacks: ${want}")
  endif()
endforeach()
foreach(code "do1 =" "yes:" "wheel-release" "set-attitude" "objective self" "N\\(" "hd\\*")
  if(text MATCHES "${code}")
    message(FATAL_ERROR "guv booklet shows the data file's code '${code}'")
  endif()
endforeach()

# --html FILE
set(html_file ${WORK}/booklet.html)
execute_process(COMMAND ${GUV} booklet --html ${html_file} --data ${SRC} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${html_file})
  message(FATAL_ERROR "guv booklet --html failed (${rc}):\n${out}\n${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "guv booklet --html FILE printed on standard output:\n${out}")
endif()
file(READ ${html_file} html)
if(NOT html MATCHES "^<!DOCTYPE html>")
  message(FATAL_ERROR "the HTML does not start with its doctype")
endif()
foreach(tag html body table tr ol section nav)
  string(REGEX MATCHALL "<${tag}[ >]" opened "${html}")
  string(REGEX MATCHALL "</${tag}>" closed "${html}")
  list(LENGTH opened no)
  list(LENGTH closed nc)
  if(NOT no EQUAL nc OR no EQUAL 0)
    message(FATAL_ERROR "<${tag}> opened ${no} times, closed ${nc} times")
  endif()
endforeach()
foreach(tag html body head)
  string(REGEX MATCHALL "<${tag}[ >]" opened "${html}")
  list(LENGTH opened no)
  if(NOT no EQUAL 1)
    message(FATAL_ERROR "<${tag}> ${no} times")
  endif()
endforeach()
if(html MATCHES "<script" OR html MATCHES "src=" OR html MATCHES "<link" OR html MATCHES "https?:")
  message(FATAL_ERROR "the HTML is not self-contained")
endif()
string(REGEX MATCHALL "href=\"#[^\"]+\"" links "${html}")
list(REMOVE_DUPLICATES links)
list(LENGTH links nlinks)
if(nlinks LESS 30)
  message(FATAL_ERROR "only ${nlinks} distinct links in the HTML")
endif()
foreach(l ${links})
  string(REGEX REPLACE "href=\"#([^\"]+)\"" "\\1" id "${l}")
  if(NOT html MATCHES "id=\"${id}\"")
    message(FATAL_ERROR "the link #${id} leads nowhere")
  endif()
endforeach()
foreach(s ${sections})
  string(REGEX REPLACE "^\\[para:([0-9]+)\\].*" "\\1" n "${s}")
  if(NOT html MATCHES "<h3 id=\"p${n}\">")
    message(FATAL_ERROR "the HTML has no anchor for paragraph [${n}]")
  endif()
endforeach()
if(NOT html MATCHES "<a href=\"#p003\">\\[003\\]</a>")
  message(FATAL_ERROR "paragraph numbers in the HTML are not links")
endif()

# --html - writes the HTML to standard output
execute_process(COMMAND ${GUV} booklet --html - --data ${SRC} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out STREQUAL html)
  message(FATAL_ERROR "guv booklet --html - should print the same HTML (${rc})")
endif()

# broken data: the loader's file:line errors, exit 1, nothing written
file(COPY ${SRC}/config ${SRC}/booklet DESTINATION ${WORK}/data)
file(READ ${WORK}/data/booklet/paragraphs.ini p)
string(REPLACE "do2 = roll 2d6 2-3:4 4-10:6 11-12:10" "do2 = roll 2d6 2-3:4 4-10:6 12:10" p "${p}")
file(WRITE ${WORK}/data/booklet/paragraphs.ini "${p}")
execute_process(COMMAND ${GUV} booklet --html ${WORK}/broken.html --data ${WORK}/data RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "booklet/paragraphs.ini:[0-9]+: error: \\[para:011\\] do2: roll 2d6 ranges leave 11")
  message(FATAL_ERROR "guv booklet on broken data should give the loader's file:line error (${rc}):\n${err}")
endif()
if(EXISTS ${WORK}/broken.html)
  message(FATAL_ERROR "guv booklet wrote a file from broken data")
endif()

# data with no Automa: said so
execute_process(COMMAND ${GUV} booklet --data ${SRC}/tests/data/mini RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "no Automa files" OR NOT out STREQUAL "")
  message(FATAL_ERROR "guv booklet on data without the Automa (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND ${GUV} booklet --pdf x.pdf --data ${SRC} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "unexpected argument '--pdf'")
  message(FATAL_ERROR "guv booklet --pdf: ${rc} ${err}")
endif()
file(REMOVE_RECURSE ${WORK})
