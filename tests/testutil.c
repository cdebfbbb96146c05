#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *tu_copy_tree(const char *src)
{
    char tmpl[] = "/tmp/guv-test-XXXXXX";
    char *dir = mkdtemp(tmpl);
    assert_non_null(dir);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cp -R '%s/.' '%s/'", src, dir);
    assert_int_equal(system(cmd), 0);
    return strdup(dir);
}

void tu_remove_tree(char *dir)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(dir);
}

char *tu_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    if (len)
        *len = (size_t)n;
    return buf;
}

void tu_patch(const char *dir, const char *rel, const char *old, const char *new_text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    size_t len;
    char *buf = tu_slurp(path, &len);
    char *at = strstr(buf, old);
    if (!at)
        fail_msg("'%s' not found in %s", old, rel);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(buf, 1, (size_t)(at - buf), f);
    fputs(new_text, f);
    fputs(at + strlen(old), f);
    fclose(f);
    free(buf);
}

int tu_line_of(const char *dir, const char *rel, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    size_t len;
    char *buf = tu_slurp(path, &len);
    char *at = strstr(buf, text);
    if (!at)
        fail_msg("'%s' not found in %s", text, rel);
    int line = 1;
    for (char *p = buf; p < at; p++)
        line += *p == '\n';
    free(buf);
    return line;
}

bool tu_has_diag(const Diags *d, const char *file, int line, const char *text)
{
    for (int i = 0; i < d->count; i++) {
        const Diag *e = &d->items[i];
        if (strcmp(e->file, file) == 0 && (line == 0 || e->line == line) && strstr(e->message, text))
            return true;
    }
    return false;
}

void tu_print_diags(const Diags *d)
{
    for (int i = 0; i < d->count; i++) {
        char buf[1400];
        diag_format(&d->items[i], buf, sizeof buf);
        print_message("  %s\n", buf);
    }
}

HexCoord tu_hex(const char *id)
{
    HexCoord h;
    if (!hex_parse(id, &h))
        fail_msg("bad hex id %s", id);
    return h;
}
