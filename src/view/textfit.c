/* Fitting a text into a narrow column (view/textfit.h). */
#include "view/textfit.h"

#include <stdio.h>
#include <string.h>

/* Tried in order, each only while the text is still too long. */
static const char *const abbrev[][2] = {
    {"Artillery Battalion", "Art. Bn"},
    {"Corps Artillery", "Corps Art."},
    {"Artillery", "Art."},
    {"Battalion", "Bn"},
    {"Brigade", "Bde"},
    {"Division", "Div."},
    {"Regiment", "Rgt"},
    {"Cavalry", "Cav."},
    {"Independent", "Indep."},
    {" (reduced)", " (red.)"},
    {"  (", " ("},
    {" pts)", "p)"},
    {" pt)", "p)"},
};

static void replace_all(char *s, size_t size, const char *from, const char *to)
{
    size_t lf = strlen(from), lt = strlen(to);
    char *p = s;
    while ((p = strstr(p, from)) != NULL) {
        size_t rest = strlen(p + lf);
        if ((size_t)(p - s) + lt + rest + 1 > size)
            return;
        memmove(p + lt, p + lf, rest + 1);
        memcpy(p, to, lt);
        p += lt;
    }
}

void text_fit(const char *text, const char *tail, int width, char *out, size_t size)
{
    if (!tail)
        tail = "";
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    int room = width - (int)strlen(tail);
    for (size_t i = 0; i < sizeof abbrev / sizeof *abbrev && (int)strlen(buf) > room; i++)
        replace_all(buf, sizeof buf, abbrev[i][0], abbrev[i][1]);
    if (room < 1) { /* no room for the text at all: the tail alone, cut */
        snprintf(out, size, "%.*s", width > 0 ? width : 0, tail);
        return;
    }
    if ((int)strlen(buf) > room) {
        buf[room - 1] = '~';
        buf[room] = '\0';
    }
    snprintf(out, size, "%s%s", buf, tail);
}
