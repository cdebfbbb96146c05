#include "data/inidoc.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    FILE *f;
    IniDoc *doc;
    Diags *d;
    int line;          /* physical line number of the line just handed out */
    bool continuation; /* that line continues the previous value */
    IniSection *current;
    IniKey *last_key;
    bool skip_section; /* current section was a duplicate: ignore its keys */
} Reader;

/* Room for one more item in the array *arr of n items of size bytes, its
 * capacity *cap doubling (from first); false when out of memory. */
static bool grow(void **arr, int n, int *cap, size_t size, int first)
{
    if (n < *cap)
        return true;
    int c = *cap ? *cap * 2 : first;
    void *p = realloc(*arr, (size_t)c * size);
    if (!p)
        return false;
    *arr = p;
    *cap = c;
    return true;
}

static IniSection *add_section(IniDoc *doc, const char *name, int line)
{
    if (!grow((void **)&doc->sections, doc->nsections, &doc->cap, sizeof *doc->sections, 16))
        return NULL;
    IniSection *s = &doc->sections[doc->nsections];
    memset(s, 0, sizeof *s);
    s->name = strdup(name);
    if (!s->name)
        return NULL;
    s->line = line;
    doc->nsections++;
    return s;
}

static IniKey *find_key(IniSection *s, const char *name)
{
    for (int i = 0; i < s->nkeys; i++)
        if (strcmp(s->keys[i].name, name) == 0)
            return &s->keys[i];
    return NULL;
}

static IniSection *find_section(IniDoc *doc, const char *name)
{
    for (int i = 0; i < doc->nsections; i++)
        if (strcmp(doc->sections[i].name, name) == 0)
            return &doc->sections[i];
    return NULL;
}

static IniKey *add_key(IniSection *s, const char *name, const char *value, int line)
{
    if (!grow((void **)&s->keys, s->nkeys, &s->cap, sizeof *s->keys, 8))
        return NULL;
    IniKey *k = &s->keys[s->nkeys];
    k->name = strdup(name);
    k->value = strdup(value);
    if (!k->name || !k->value) {
        free(k->name);
        free(k->value);
        return NULL;
    }
    k->line = line;
    k->used = false;
    s->nkeys++;
    return k;
}

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

/* Length of a name once trailing white space is removed. */
static size_t trimmed_len(const char *start, const char *end)
{
    while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    return (size_t)(end - start);
}

/* Looks at one physical line before inih does. Returns false (after adding an
 * error) when the line must not reach inih; a blank line is passed instead. */
static bool vet_line(Reader *r, const char *text)
{
    const char *p = skip_ws(text);
    r->continuation = false;
    if (*p == '\0' || *p == '\n' || *p == ';' || *p == '#')
        return true;
    if (p > text && r->last_key) {
        r->continuation = true;
        return true;
    }
    if (*p == '[') {
        const char *end = strchr(p, ']');
        /* Until a good header comes, keys belong to no section. */
        r->last_key = NULL;
        r->current = NULL;
        r->skip_section = true;
        if (!end) {
            diag_error(r->d, r->doc->file, r->line, "section header has no closing ']'");
            return false;
        }
        size_t n = trimmed_len(p + 1, end);
        if (n > INI_NAME_MAX) {
            diag_error(r->d, r->doc->file, r->line, "section name is %zu characters long; at most %d are allowed", n,
                       INI_NAME_MAX);
            return false;
        }
        if (n == 0) {
            diag_error(r->d, r->doc->file, r->line, "empty section name");
            return false;
        }
        char name[INI_NAME_MAX + 1];
        memcpy(name, p + 1, n);
        name[n] = '\0';
        r->last_key = NULL;
        IniSection *dup = find_section(r->doc, name);
        if (dup) {
            diag_error(r->d, r->doc->file, r->line, "section [%s] appears again (first at line %d)", name, dup->line);
            r->skip_section = true;
            r->current = NULL;
            return false;
        }
        r->skip_section = false;
        r->current = add_section(r->doc, name, r->line);
        return true;
    }
    const char *sep = strpbrk(p, "=:");
    if (!sep) {
        diag_error(r->d, r->doc->file, r->line, "expected 'key = value' or '[section]'");
        return false;
    }
    size_t n = trimmed_len(p, sep);
    if (n == 0) {
        diag_error(r->d, r->doc->file, r->line, "a value with no key before the '='");
        return false;
    }
    if (n > INI_NAME_MAX) {
        diag_error(r->d, r->doc->file, r->line, "key name is %zu characters long; at most %d are allowed", n,
                   INI_NAME_MAX);
        return false;
    }
    if (!r->current && !r->skip_section) {
        diag_error(r->d, r->doc->file, r->line, "key outside any [section]");
        return false;
    }
    return true;
}

static char *reader_fn(char *str, int num, void *stream)
{
    Reader *r = stream;
    /* Read the whole physical line, whatever its length. */
    char buf[4096];
    size_t len = 0;
    bool got = false;
    bool overflow = false;
    int c;
    while ((c = fgetc(r->f)) != EOF) {
        got = true;
        if (c == '\n')
            break;
        if (len < sizeof buf - 1)
            buf[len++] = (char)c;
        else
            overflow = true;
    }
    if (!got)
        return NULL;
    buf[len] = '\0';
    r->line++;
    size_t shown = len;
    if (shown > 0 && buf[shown - 1] == '\r')
        shown--;
    bool ok = true;
    if (overflow || shown > INI_LINE_MAX) {
        diag_error(r->d, r->doc->file, r->line,
                   "line is %s%zu characters long; at most %d are allowed (continue a long value on indented lines)",
                   overflow ? "over " : "", shown, INI_LINE_MAX);
        ok = false;
    } else {
        ok = vet_line(r, buf);
    }
    if (!ok) {
        r->continuation = false;
        if (!r->skip_section)
            r->last_key = NULL;
        str[0] = '\0';
        return str;
    }
    /* inih strips trailing white space itself, so no newline is needed and
     * all of its buffer (INI_MAX_LINE bytes with the NUL) holds text. */
    snprintf(str, (size_t)num, "%s", buf);
    return str;
}

static int handler_fn(void *user, const char *section, const char *name, const char *value)
{
    Reader *r = user;
    if (r->skip_section || !r->current)
        return 1;
    (void)section;
    if (r->continuation && r->last_key) {
        size_t a = strlen(r->last_key->value), b = strlen(value);
        char *v = realloc(r->last_key->value, a + b + 2);
        if (!v)
            return 0;
        if (a > 0)
            v[a++] = ' ';
        memcpy(v + a, value, b + 1);
        r->last_key->value = v;
        return 1;
    }
    IniKey *dup = find_key(r->current, name);
    if (dup) {
        diag_error(r->d, r->doc->file, r->line, "key '%s' appears again in [%s] (first at line %d)", name,
                   r->current->name, dup->line);
        r->last_key = NULL;
        return 1;
    }
    r->last_key = add_key(r->current, name, value, r->line);
    return r->last_key ? 1 : 0;
}

static bool read_stream(FILE *f, const char *shown, IniDoc *doc, Diags *d)
{
    memset(doc, 0, sizeof *doc);
    doc->file = strdup(shown);
    Reader r = {.f = f, .doc = doc, .d = d};
    int rc = ini_parse_stream(reader_fn, &r, handler_fn, &r);
    if (rc < 0) {
        diag_error(d, shown, 0, "out of memory while reading");
        return false;
    }
    if (rc > 0)
        diag_error(d, shown, rc, "cannot parse this line");
    return true;
}

FILE *data_file_open(const char *path, char *why, size_t n)
{
    /* never blocks (a FIFO), never reads for ever (/dev/zero), never a folder */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, n, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat sb;
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        snprintf(why, n, "%s is not a regular file (a folder, a device or a pipe): give a data file there", path);
        close(fd);
        return NULL;
    }
    if (sb.st_size > DATA_FILE_MAX) {
        snprintf(why, n, "%s is %lld bytes, more than the %d a data file may have", path, (long long)sb.st_size,
                 DATA_FILE_MAX);
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(why, n, "cannot read %s: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

bool ini_read_file(const char *path, const char *shown, IniDoc *doc, Diags *d)
{
    char why[4400];
    FILE *f = data_file_open(path, why, sizeof why);
    if (!f) {
        memset(doc, 0, sizeof *doc);
        doc->file = strdup(shown);
        diag_error(d, shown, 0, "%s", why);
        return false;
    }
    bool ok = read_stream(f, shown, doc, d);
    fclose(f);
    return ok;
}

bool ini_read_string(const char *text, const char *shown, IniDoc *doc, Diags *d)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    if (!f) {
        memset(doc, 0, sizeof *doc);
        doc->file = strdup(shown);
        diag_error(d, shown, 0, "cannot open text: %s", strerror(errno));
        return false;
    }
    bool ok = read_stream(f, shown, doc, d);
    fclose(f);
    return ok;
}

void ini_free(IniDoc *doc)
{
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        for (int k = 0; k < s->nkeys; k++) {
            free(s->keys[k].name);
            free(s->keys[k].value);
        }
        free(s->keys);
        free(s->name);
    }
    free(doc->sections);
    free(doc->file);
    memset(doc, 0, sizeof *doc);
}

IniSection *ini_section(IniDoc *doc, const char *name)
{
    IniSection *s = find_section(doc, name);
    if (s)
        s->used = true;
    return s;
}

IniKey *ini_key(IniSection *s, const char *name)
{
    if (!s)
        return NULL;
    IniKey *k = find_key(s, name);
    if (k)
        k->used = true;
    return k;
}

const char *ini_section_id(const IniSection *s, const char *kind)
{
    size_t n = strlen(kind);
    if (strncmp(s->name, kind, n) == 0 && s->name[n] == ':')
        return s->name + n + 1;
    return NULL;
}

void ini_check_unused(IniDoc *doc, Diags *d)
{
    for (int i = 0; i < doc->nsections; i++) {
        IniSection *s = &doc->sections[i];
        if (!s->used) {
            diag_error(d, doc->file, s->line, "unknown section [%s]", s->name);
            continue;
        }
        for (int k = 0; k < s->nkeys; k++)
            if (!s->keys[k].used)
                diag_error(d, doc->file, s->keys[k].line, "unknown key '%s' in [%s]", s->keys[k].name, s->name);
    }
}

void ini_mark_all_used(IniDoc *doc)
{
    for (int i = 0; i < doc->nsections; i++) {
        doc->sections[i].used = true;
        for (int k = 0; k < doc->sections[i].nkeys; k++)
            doc->sections[i].keys[k].used = true;
    }
}

static IniKey *need(IniDoc *doc, IniSection *s, const char *key, bool required, Diags *d)
{
    IniKey *k = ini_key(s, key);
    if (!k && required && s)
        diag_error(d, doc->file, s->line, "[%s] needs a '%s' key", s->name, key);
    return k;
}

bool ini_get_str(IniDoc *doc, IniSection *s, const char *key, bool required, const char **out, Diags *d)
{
    IniKey *k = need(doc, s, key, required, d);
    if (!k)
        return false;
    if (required && k->value[0] == '\0') {
        diag_error(d, doc->file, k->line, "'%s' is empty", key);
        return false;
    }
    *out = k->value;
    return true;
}

bool ini_get_int(IniDoc *doc, IniSection *s, const char *key, bool required, int min, int max, int *out,
                 Diags *d)
{
    IniKey *k = need(doc, s, key, required, d);
    if (!k)
        return false;
    char *end;
    errno = 0;
    long v = strtol(k->value, &end, 10);
    if (k->value[0] == '\0' || *end != '\0' || errno) {
        diag_error(d, doc->file, k->line, "'%s' must be a whole number, not '%s'", key, k->value);
        return false;
    }
    if (v < min || v > max) {
        diag_error(d, doc->file, k->line, "'%s' is %ld; it must be from %d to %d", key, v, min, max);
        return false;
    }
    *out = (int)v;
    return true;
}

bool ini_get_bool(IniDoc *doc, IniSection *s, const char *key, bool required, bool *out, Diags *d)
{
    IniKey *k = need(doc, s, key, required, d);
    if (!k)
        return false;
    if (strcmp(k->value, "yes") == 0)
        *out = true;
    else if (strcmp(k->value, "no") == 0)
        *out = false;
    else {
        diag_error(d, doc->file, k->line, "'%s' must be yes or no, not '%s'", key, k->value);
        return false;
    }
    return true;
}

bool ini_get_half(IniDoc *doc, IniSection *s, const char *key, bool required, bool allow_no, int *out,
                  Diags *d)
{
    IniKey *k = need(doc, s, key, required, d);
    if (!k)
        return false;
    const char *v = k->value;
    if (allow_no && strcmp(v, "no") == 0) {
        *out = -1;
        return true;
    }
    int whole = 0, digits = 0;
    const char *p = v;
    while (*p >= '0' && *p <= '9' && digits < 3) {
        whole = whole * 10 + (*p - '0');
        p++;
        digits++;
    }
    int half = 0;
    if (*p == '.') {
        if (p[1] == '5' && p[2] == '\0')
            half = 1, p += 2;
        else if (p[1] == '0' && p[2] == '\0')
            p += 2;
    }
    if (digits == 0 || *p != '\0') {
        diag_error(d, doc->file, k->line, "'%s' must be a cost such as 0.5, 1, 1.5 or 2%s, not '%s'", key,
                   allow_no ? " (or no)" : "", v);
        return false;
    }
    *out = whole * 2 + half;
    return true;
}

const char *ini_next_token(const char *p, char *buf, size_t size, bool *too_long)
{
    if (too_long)
        *too_long = false;
    while (*p == ' ' || *p == '\t' || *p == ',')
        p++;
    if (*p == '\0')
        return NULL;
    size_t n = 0;
    while (*p && *p != ' ' && *p != '\t' && *p != ',') {
        if (n + 1 < size)
            buf[n++] = *p;
        else if (too_long)
            *too_long = true;
        p++;
    }
    buf[n] = '\0';
    return p;
}

int ini_count_tokens(const char *value)
{
    char buf[8];
    int n = 0;
    const char *p = value;
    while ((p = ini_next_token(p, buf, sizeof buf, NULL)))
        n++;
    return n;
}

bool ini_valid_id(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
            return false;
    return true;
}

bool ini_copy(IniDoc *doc, int line, char *dst, size_t n, const char *s, const char *what, Diags *d)
{
    size_t len = strlen(s);
    if (len >= n) {
        diag_error(d, doc->file, line, "%s '%s' is too long (at most %zu characters)", what, s, n - 1);
        return false;
    }
    memcpy(dst, s, len + 1);
    return true;
}

uint64_t data_fingerprint_file(uint64_t h, const char *path)
{
    char why[4400];
    FILE *f = data_file_open(path, why, sizeof why); /* the loader reports a bad one */
    if (!f)
        return h;
    int c;
    while ((c = getc(f)) != EOF) {
        h ^= (unsigned char)c;
        h *= 1099511628211ull;
    }
    fclose(f);
    return h;
}
