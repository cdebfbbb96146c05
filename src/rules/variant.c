/* The systems a program offers to command a side (rules/variant.h). */
#include "rules/variant.h"

#include <string.h>

#define MAX_VARIANTS 4

static const GameVariant *registered[MAX_VARIANTS];
static int nregistered;

void game_variant_register(const GameVariant *v)
{
    for (int i = 0; i < nregistered; i++)
        if (registered[i] == v)
            return;
    if (nregistered < MAX_VARIANTS)
        registered[nregistered++] = v;
}

const GameVariant *game_variant_find(const char *name)
{
    for (int i = 0; i < nregistered; i++)
        if (strcmp(registered[i]->name, name) == 0)
            return registered[i];
    return NULL;
}

const GameVariant *game_variant_at(int i) { return i >= 0 && i < nregistered ? registered[i] : NULL; }
