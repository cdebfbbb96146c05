/* INI documents: every file is read whole into sections and keys, each
 * remembering its line, so that any later error (syntax or meaning) can
 * be reported as file:line. Parsing goes through inih's ini_parse_stream
 * with a line-counting reader that also rejects what inih would silently
 * mangle: over-long lines and over-long names. */
#ifndef GUV_INIDOC_H
#define GUV_INIDOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "data/diag.h"

#define INI_LINE_MAX 199 /* characters of text on one line */
#define INI_NAME_MAX 50  /* characters of a section or key name */

typedef struct {
    char *name;
    char *value;
    int line;
    bool used;
} IniKey;

typedef struct {
    char *name;
    int line;
    IniKey *keys;
    int nkeys, cap;
    bool used;
} IniSection;

typedef struct {
    char *file; /* name shown in messages */
    IniSection *sections;
    int nsections, cap;
} IniDoc;

/* Reads path; messages name the file `shown`. Returns false (with an error)
 * only when the file cannot be read at all; syntax errors are added to d
 * and the rest of the file is still read. */
bool ini_read_file(const char *path, const char *shown, IniDoc *doc, Diags *d);
/* Opens a data file for reading only if it is a regular file of at most
 * DATA_FILE_MAX bytes (never blocking on a pipe); NULL with the reason in
 * why otherwise. Every data file is read through it. */
#define DATA_FILE_MAX (4 * 1024 * 1024)
FILE *data_file_open(const char *path, char *why, size_t n);
/* A data set's fingerprint (saves refuse another version): h carried over
 * each file read in a fixed order, from DATA_FINGERPRINT_START; FNV-1a
 * over the bytes, a missing or unreadable file counting as empty. */
#define DATA_FINGERPRINT_START 14695981039346656037ull
uint64_t data_fingerprint_file(uint64_t h, const char *path);
bool ini_read_string(const char *text, const char *shown, IniDoc *doc, Diags *d);
void ini_free(IniDoc *doc);

/* Finding things marks them used; ini_check_unused reports what was never
 * looked at as an unknown section or key. */
IniSection *ini_section(IniDoc *doc, const char *name);
IniKey *ini_key(IniSection *s, const char *name);
/* For a section named "kind:id", returns id; NULL when the kind differs. */
const char *ini_section_id(const IniSection *s, const char *kind);
void ini_check_unused(IniDoc *doc, Diags *d);
/* Marks everything used, when a loader gives up on a file early. */
void ini_mark_all_used(IniDoc *doc);

/* Copies s into dst (size n); an error at line, naming `what`, when it does not fit. */
bool ini_copy(IniDoc *doc, int line, char *dst, size_t n, const char *s, const char *what, Diags *d);

/* Typed getters. A missing required key is reported at the section's line;
 * a bad value at the key's line. They return false when the value is
 * missing or bad, leaving *out unchanged. */
bool ini_get_str(IniDoc *doc, IniSection *s, const char *key, bool required, const char **out, Diags *d);
bool ini_get_int(IniDoc *doc, IniSection *s, const char *key, bool required, int min, int max, int *out,
                 Diags *d);
bool ini_get_bool(IniDoc *doc, IniSection *s, const char *key, bool required, bool *out, Diags *d);
/* A movement cost in halves: "1.5" -> 3; "no" -> -1 when allow_no. */
bool ini_get_half(IniDoc *doc, IniSection *s, const char *key, bool required, bool allow_no, int *out,
                  Diags *d);

/* Splits a list value (white space or commas). Returns the next token in buf
 * and a pointer past it, or NULL when there are no more tokens. A token
 * longer than the buffer is cut short and flagged in *too_long. */
const char *ini_next_token(const char *p, char *buf, size_t size, bool *too_long);
int ini_count_tokens(const char *value);

/* An id as used in section names: lower-case letters, digits and '-'. */
bool ini_valid_id(const char *s);

#endif
