/* The Choices Booklet as a document to read and print (`guv booklet`):
 * the Ruler and pages 2-12 drawn as the Ruler reads them, every numbered
 * paragraph with its narrative and its steps in plain words, the
 * Chancellorsville Wheel, the Activation Track, the strategy map and the
 * Automa's tables, all cross-referenced by paragraph number.
 *
 * Pure: the document goes to the FILE* the caller gives (a file, standard
 * output or a memory stream), as plain text of at most 79 columns or as one
 * self-contained HTML file (inline CSS, no script, no external resource;
 * paragraph numbers are links to the paragraphs). Nothing else is printed
 * and nothing is read but the loaded data. */
#ifndef GUV_BOOKLET_DOC_H
#define GUV_BOOKLET_DOC_H

#include <stddef.h>
#include <stdio.h>

#include "data/data.h"

enum BookletFormat { BOOKLET_TEXT, BOOKLET_HTML };

/* Writes the whole document. False when the data has no Automa
 * (gd->automa.present is false: nothing is written) or when writing to out
 * failed (ferror). */
bool booklet_doc_write(const GameData *gd, int format, FILE *out);

/* What step k (0-based) of paragraph p does, in plain words, without its
 * number: "Roll two dice: on 2-3 go to step 4, ...". Paragraph numbers are
 * written [NNN]. */
void booklet_step_words(const GameData *gd, const Paragraph *p, int k, char *buf, size_t size);

/* A page cell as the given window (enum RulerWindow) reads it, in short
 * plain words: "3 MP", "bombard 2", "slot 5 down, then Hooker down". */
void booklet_cell_words(const GameData *gd, const PageCell *c, int window, char *buf, size_t size);

#endif
