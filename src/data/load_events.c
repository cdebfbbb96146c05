/* config/events.ini: the event chits (EVENTS, NIGHT-COMBAT). Each effect
 * names the numbers it needs; a missing one, or one it does not use, is an
 * error at its line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/loadutil.h"

/* The keys an effect takes besides name, text, effect, after, copies. */
enum {
    K_RADIUS = 1,
    K_MP = 2,
    K_DICE = 4,
    K_MODIFIER = 8,
    K_INJURY = 16,
    K_DEMORALIZE = 32,
    K_PONTOONS = 64,
    K_ROLE = 128,
    K_COMMANDER = 256,
    K_FORMATIONS = 512,
    K_CAVALRY = 1024,
    K_TERRAIN = 2048,
    K_AS = 4096,
    K_CONTACT_FREE = 8192,
};

static const struct {
    const char *name;
    unsigned keys;
} effects[EV_COUNT] = {
    [EV_NIGHT_ATTACK] = {"night-attack", K_CONTACT_FREE},
    [EV_SUPPLY] = {"supply", K_RADIUS},
    [EV_REGROUP] = {"regroup", 0},
    [EV_ATTACK_AGAIN] = {"attack-again", K_RADIUS},
    [EV_COMBAT_DICE] = {"combat-dice", K_ROLE | K_DICE | K_MODIFIER},
    [EV_WOODS_AS_OPEN] = {"woods-as-open", K_TERRAIN | K_AS},
    [EV_ARTILLERY_BONUS] = {"artillery-bonus", K_RADIUS | K_MODIFIER},
    [EV_LEADER_ATTACK] = {"leader-attack", K_COMMANDER | K_MP | K_DICE | K_INJURY},
    [EV_PONTOON] = {"pontoon", K_PONTOONS},
    [EV_GENERAL_RETREAT] = {"general-retreat", K_RADIUS | K_MP | K_DEMORALIZE},
    [EV_EXTRA_ACTIVATION] = {"extra-activation", 0},
    [EV_RALLY] = {"rally", K_RADIUS},
    [EV_HIGHER_TWICE] = {"higher-twice", K_COMMANDER},
    [EV_RELEASE] = {"release", K_FORMATIONS | K_CAVALRY},
};

static const char *const key_names[] = {"radius",    "mp",         "dice",    "modifier", "injury_on",
                                        "demoralize_on", "pontoons", "role",  "commander", "formations",
                                        "cavalry",   "terrain",    "as",      "contact_free"};
#define NKEYS ((int)(sizeof key_names / sizeof key_names[0]))

const char *data_event_effect_name(int effect)
{
    return effect >= 0 && effect < EV_COUNT ? effects[effect].name : "?";
}

int data_event_index(const GameData *gd, int side, const char *id)
{
    for (int i = 0; i < gd->nevents; i++)
        if (gd->events[i].side == side && strcmp(gd->events[i].id, id) == 0)
            return i;
    return -1;
}

/* A list of terrain ids into out (at most EVENT_MAX_LIST). */
static int terrain_list(IniDoc *doc, IniKey *k, const GameData *gd, int *out, Diags *d)
{
    char tok[ID_LEN];
    const char *p = k->value;
    int n = 0;
    while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
        int t = -1;
        for (int i = 0; i < gd->nterrain; i++)
            if (strcmp(gd->terrain[i].id, tok) == 0)
                t = i;
        if (t < 0)
            diag_error(d, doc->file, k->line, "%s: unknown terrain '%s' (see the [terrain:...] sections of terrain.ini)",
                       k->name, tok);
        else if (n == EVENT_MAX_LIST)
            diag_error(d, doc->file, k->line, "%s: at most %d terrains", k->name, EVENT_MAX_LIST);
        else
            out[n++] = t;
    }
    if (n == 0 && k->value[0] == '\0')
        diag_error(d, doc->file, k->line, "%s: name at least one terrain", k->name);
    return n;
}

static void read_event(IniDoc *doc, IniSection *s, LoadCtx *c)
{
    GameData *gd = c->gd;
    Diags *d = c->d;
    s->used = true;
    /* [event:SIDE:ID] */
    const char *rest = s->name + strlen("event:");
    const char *colon = strchr(rest, ':');
    EventDef e;
    memset(&e, 0, sizeof e);
    e.commander = -1;
    e.as_terrain = -1;
    e.copies = 1;
    char sidebuf[16] = "";
    if (colon && (size_t)(colon - rest) < sizeof sidebuf)
        memcpy(sidebuf, rest, (size_t)(colon - rest));
    if (strcmp(sidebuf, "union") == 0)
        e.side = SIDE_UNION;
    else if (strcmp(sidebuf, "confederate") == 0)
        e.side = SIDE_CONFEDERATE;
    else {
        diag_error(d, doc->file, s->line, "an event section is named [event:union:ID] or [event:confederate:ID], not [%s]",
                   s->name);
        ini_mark_all_used(doc);
        return;
    }
    const char *id = colon + 1;
    if (!ini_valid_id(id) || strlen(id) >= ID_LEN) {
        diag_error(d, doc->file, s->line, "'%s' is not a valid event id: lower-case letters, digits and '-'", id);
        ini_mark_all_used(doc);
        return;
    }
    if (data_event_index(gd, e.side, id) >= 0) {
        diag_error(d, doc->file, s->line, "event '%s' is defined twice for the %s side", id, sidebuf);
        ini_mark_all_used(doc);
        return;
    }
    lu_id_name(doc, s, id, e.id, e.name, sizeof e.name, d);
    const char *v;
    if (ini_get_str(doc, s, "text", true, &v, d))
        ini_copy(doc, ini_key(s, "text")->line, e.text, sizeof e.text, v, "text", d);
    e.effect = -1;
    if (ini_get_str(doc, s, "effect", true, &v, d)) {
        for (int i = 0; i < EV_COUNT; i++)
            if (strcmp(effects[i].name, v) == 0)
                e.effect = i;
        if (e.effect < 0) {
            char all[512] = "";
            for (int i = 0; i < EV_COUNT; i++)
                snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", i ? ", " : "", effects[i].name);
            diag_error(d, doc->file, ini_key(s, "effect")->line, "unknown effect '%s' (one of: %s)", v, all);
        }
    }
    if (ini_get_str(doc, s, "after", true, &v, d)) {
        if (strcmp(v, "cup") == 0)
            e.returns = true;
        else if (strcmp(v, "removed") != 0)
            diag_error(d, doc->file, ini_key(s, "after")->line, "after: 'cup' or 'removed', not '%s'", v);
    }
    ini_get_int(doc, s, "copies", false, 1, 4, &e.copies, d);
    if (e.effect < 0) {
        ini_mark_all_used(doc);
        return;
    }
    unsigned want = effects[e.effect].keys;
    for (int k = 0; k < NKEYS; k++) {
        IniKey *key = ini_key(s, key_names[k]);
        bool needed = want & (1u << k);
        if (!needed && key) {
            diag_error(d, doc->file, key->line, "the %s effect takes no '%s'", effects[e.effect].name, key_names[k]);
            continue;
        }
        if (!needed)
            continue;
        if (!key) {
            diag_error(d, doc->file, s->line, "the %s effect needs '%s'", effects[e.effect].name, key_names[k]);
            continue;
        }
        switch (1u << k) {
        case K_RADIUS: ini_get_int(doc, s, "radius", true, 0, 20, &e.radius, d); break;
        case K_MP: ini_get_int(doc, s, "mp", true, 1, 30, &e.mp, d); break;
        case K_DICE: ini_get_int(doc, s, "dice", true, 0, 6, &e.dice, d); break;
        case K_MODIFIER: ini_get_int(doc, s, "modifier", true, 0, 6, &e.modifier, d); break;
        case K_INJURY: ini_get_int(doc, s, "injury_on", true, 0, 6, &e.roll_on, d); break;
        case K_DEMORALIZE: ini_get_int(doc, s, "demoralize_on", true, 0, 6, &e.roll_on, d); break;
        case K_PONTOONS: ini_get_int(doc, s, "pontoons", true, 1, 4, &e.pontoons, d); break;
        case K_ROLE:
            if (strcmp(key->value, "attack") == 0)
                e.role = ROLE_ATTACK;
            else if (strcmp(key->value, "defence") == 0)
                e.role = ROLE_DEFENCE;
            else if (strcmp(key->value, "either") == 0)
                e.role = ROLE_EITHER;
            else
                diag_error(d, doc->file, key->line, "role: attack, defence or either, not '%s'", key->value);
            break;
        case K_COMMANDER:
            e.commander = data_commander_index(gd, key->value);
            if (e.commander < 0 || gd->commanders[e.commander].side != e.side || !gd->commanders[e.commander].higher)
                diag_error(d, doc->file, key->line, "commander: '%s' is not a %s higher commander", key->value,
                           sidebuf);
            break;
        case K_FORMATIONS: {
            char tok[ID_LEN];
            const char *p = key->value;
            while ((p = ini_next_token(p, tok, sizeof tok, NULL))) {
                int f = data_formation_index(gd, tok);
                if (f < 0 || gd->formations[f].side != e.side)
                    diag_error(d, doc->file, key->line, "formations: '%s' is not a %s formation", tok, sidebuf);
                else if (e.nformations == EVENT_MAX_LIST)
                    diag_error(d, doc->file, key->line, "formations: at most %d", EVENT_MAX_LIST);
                else
                    e.formations[e.nformations++] = f;
            }
            break;
        }
        case K_CAVALRY: ini_get_bool(doc, s, "cavalry", true, &e.cavalry, d); break;
        case K_TERRAIN: e.nterrain = terrain_list(doc, key, gd, e.terrain, d); break;
        case K_CONTACT_FREE: e.nterrain = terrain_list(doc, key, gd, e.terrain, d); break;
        case K_AS: {
            int as[EVENT_MAX_LIST];
            int na = terrain_list(doc, key, gd, as, d);
            if (na > 1)
                diag_error(d, doc->file, key->line, "as: one terrain");
            if (na >= 1)
                e.as_terrain = as[0];
            break;
        }
        default: break;
        }
    }
    lu_append((void **)&gd->events, &gd->nevents, sizeof *gd->events, &e);
}

static void events_file(IniDoc *doc, void *arg)
{
    LoadCtx *c = arg;
    IniSection *r = ini_section(doc, "events");
    if (!r)
        diag_error(c->d, doc->file, 0, "missing [events] section (hand, night_draw, max_per_turn)");
    else {
        ini_get_int(doc, r, "hand", true, 0, 10, &c->gd->event_rules.hand, c->d);
        ini_get_int(doc, r, "night_draw", true, 0, 5, &c->gd->event_rules.night_draw, c->d);
        ini_get_int(doc, r, "max_per_turn", true, 0, 10, &c->gd->event_rules.max_per_turn, c->d);
    }
    for (int i = 0; i < doc->nsections; i++)
        if (strncmp(doc->sections[i].name, "event:", 6) == 0)
            read_event(doc, &doc->sections[i], c);
}

bool load_events(GameData *gd, const char *path, const char *shown, Diags *d)
{
    LoadCtx c = {gd, d};
    return lu_with_file(path, shown, d, events_file, &c);
}
