/* The command-line front end: subcommands and the data directory. */
#ifndef GUV_CLI_H
#define GUV_CLI_H

#include <stdio.h>

#include "data/data.h"
#include "ui/keys.h"

/* Finds the data directory: --data, then GUV_DATA; run from a build folder,
 * the source tree only; installed, ../share/guv beside the program, then the
 * install prefix's data folder (never the source tree). Writes it into out
 * and returns 0, or prints where it looked and what to do (to err) and
 * returns 1. */
int cli_data_dir(const char *option, char *out, size_t size, FILE *err);

/* Loads the data; on error prints every message and returns false. */
bool cli_load(const char *dir, GameData *gd, FILE *err);
/* cli_data_dir then cli_load, messages to stderr; false (gd freed) on error. */
bool cli_open(const char *data_option, GameData *gd);

int cmd_check(int argc, char **argv, const char *data_option);
/* guv booklet [--html FILE]: the Choices Booklet as text, or as one HTML file. */
int cmd_booklet(int argc, char **argv, const char *data_option);
int cmd_map(int argc, char **argv, const char *data_option);
int cmd_script(int argc, char **argv, const char *data_option);
/* guv replay FILE [--to N]: a saved game replayed, its log printed. */
/* In a terminal, or driven by a key script (uo->keys_file), the game
 * screen steps through it instead, read-only. */
int cmd_replay(int argc, char **argv, const char *data_option, const UiOptions *uo);
/* guv sim --games N --seed S [--jobs J] [--scenario ID]: the bot against the Automa. */
int cmd_sim(int argc, char **argv, const char *data_option);

#endif
