/* config/rule-text.ini: one [RULE-ID] section per rule, with a title, an
 * optional rulebook section and the text shown to the player. */
#include "data/ruletext.h"

#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

bool ruletext_valid_id(const char *s)
{
    if (!(*s >= 'A' && *s <= 'Z'))
        return false;
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-'))
            return false;
    return true;
}

/* A rulebook reference such as 14, H.2.a or I.1-I.2. */
static bool valid_section(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '.' ||
              *s == '-'))
            return false;
    return true;
}

/* Keeps a section's keys from being reported as unknown once the section
 * itself has been refused. */
static void mark_section_used(IniSection *s)
{
    s->used = true;
    for (int k = 0; k < s->nkeys; k++)
        s->keys[k].used = true;
}

static void read_rule(IniDoc *doc, IniSection *s, RuleTexts *out, Diags *d)
{
    RuleText r;
    memset(&r, 0, sizeof r);
    s->used = true;
    if (!ruletext_valid_id(s->name)) {
        diag_error(d, doc->file, s->line,
                   "[%s] is not a rule id: use upper-case letters, digits and '-', starting with a letter "
                   "(like [MOVE-BASIC])",
                   s->name);
        mark_section_used(s);
        return;
    }
    if (strlen(s->name) >= sizeof r.id) {
        diag_error(d, doc->file, s->line, "rule id '%s' is too long (%zu characters; at most %zu)", s->name,
                   strlen(s->name), sizeof r.id - 1);
        mark_section_used(s);
        return;
    }
    strcpy(r.id, s->name);
    r.line = s->line;
    bool ok = true;
    const char *v;
    if (ini_get_str(doc, s, "title", true, &v, d))
        ok &= ini_copy(doc, ini_key(s, "title")->line, r.title, sizeof r.title, v, "title", d);
    else
        ok = false;
    IniKey *k = ini_key(s, "section");
    if (k) {
        if (!valid_section(k->value))
            diag_error(d, doc->file, k->line,
                       "section '%s' is not a rulebook reference: use letters, digits, '.' and '-' (like 14 or "
                       "H.2.a), or leave the key out",
                       k->value);
        else
            ok &= ini_copy(doc, k->line, r.section, sizeof r.section, k->value, "section", d);
    }
    if (ini_get_str(doc, s, "text", true, &v, d)) {
        r.text = strdup(v);
        ok &= r.text != NULL;
    } else
        ok = false;
    if (!ok || !lu_append((void **)&out->items, &out->count, sizeof *out->items, &r))
        free(r.text);
}

bool ruletext_load(const char *path, const char *rel, RuleTexts *out, Diags *d)
{
    memset(out, 0, sizeof *out);
    int before = d->count;
    IniDoc doc;
    if (ini_read_file(path, rel, &doc, d)) {
        for (int i = 0; i < doc.nsections; i++)
            read_rule(&doc, &doc.sections[i], out, d);
        if (doc.nsections == 0)
            diag_error(d, rel, 0,
                       "no [RULE-ID] sections: give each rule a title and a text, or remove the file (it is "
                       "optional)");
        ini_check_unused(&doc, d);
    }
    ini_free(&doc);
    return d->count == before;
}

const RuleText *ruletext_find(const RuleTexts *rt, const char *id)
{
    if (!rt || !id)
        return NULL;
    for (int i = 0; i < rt->count; i++)
        if (strcmp(rt->items[i].id, id) == 0)
            return &rt->items[i];
    return NULL;
}

void ruletext_free(RuleTexts *rt)
{
    for (int i = 0; i < rt->count; i++)
        free(rt->items[i].text);
    free(rt->items);
    rt->items = NULL;
    rt->count = 0;
}
