/* The fuzz targets' two entry points (libFuzzer's names). Each target is
 * built twice: with clang's libFuzzer for a campaign (cmake -DGUV_FUZZ=ON,
 * docs/fuzzing.md), and with driver.c as a plain program that runs every
 * file of its corpus once, the `fuzz` ctest label of the test command. */
#ifndef GUV_FUZZ_H
#define GUV_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "data/data.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A fresh folder under $TMPDIR (or /tmp) for a target's files, removed at
 * exit. Aborts with a message when it cannot be made. */
const char *fuzz_tempdir(const char *name);
/* Loads the project's data into gd, or says why not and exits. */
void fuzz_load_data(GameData *gd, const char *target);
/* Writes size bytes to path, replacing it; aborts when it cannot. */
void fuzz_write(const char *path, const uint8_t *data, size_t size);

#endif
