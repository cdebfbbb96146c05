/* The Confederate bot (src/bot): its levels by name, and the historical
 * level's plan in small set-ups on the solitaire campaign: it holds
 * Fredericksburg, marches on the Union right rather than its left, and
 * attacks at good odds only. Each set-up also shows the choice is not a
 * foregone one: the move it refuses is legal, or the other level, or the
 * same bot in a changed position, decides otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "automa/automa_state.h"
#include "bot/bot.h"
#include "gametest.h"
#include "testutil.h"

static Decision buf[20000];

static int hexat(const char *id) { return map_hex_index(&gd.map, tu_hex(id)); }

/* The solitaire campaign with no unit on the map. */
static void bare(Game *g)
{
    start(g, "solitaire", 5);
    for (int u = 0; u < gd.nunits; u++)
        if (g->st.unit[u].where == AT_MAP) {
            take_off(g, gd.units[u].id);
            AUTOMA(g->st).seen_where[u] = AT_ABSENT;
            AUTOMA(g->st).seen_steps[u] = 0;
        }
    g->st.rain = false;
}

/* The formation's chit drawn and activated, and placed on hex. */
static void activated(Game *g, const char *formation, const char *hex)
{
    g->st.phase = PH_ACTIVATION;
    g->st.ncup = 0;
    g->st.to_move = SIDE_CONFEDERATE;
    g->st.activated = false;
    g->st.drawn = (Chit){CHIT_FORMATION, SIDE_CONFEDERATE, (short)data_formation_index(&gd, formation)};
    apply_text(g, "activate");
    char text[40];
    snprintf(text, sizeof text, "place %s", hex);
    apply_text(g, text);
}

/* The bot's choice at a level, as text in out. */
static const Decision *decide(const Game *g, int level, uint64_t seed, char *out, size_t size)
{
    Rng rng;
    rng_seed(&rng, seed);
    int listed = 0;
    int k = bot_decide(g, level, buf, (int)(sizeof buf / sizeof *buf), &rng, &listed);
    assert_true(listed > 0);
    assert_in_range(k, 0, listed - 1);
    decision_format(&gd, &buf[k], out, size);
    return &buf[k];
}

static bool moves_unit(const Decision *d, int u)
{
    if (d->kind != D_MOVE)
        return false;
    for (int i = 0; i < d->nunits; i++)
        if (d->units[i] == u)
            return true;
    return false;
}

static void test_levels_by_name(void **state)
{
    (void)state;
    assert_int_equal(bot_level_find("simple"), BOT_SIMPLE);
    assert_int_equal(bot_level_find("historical"), BOT_HISTORICAL);
    assert_int_equal(bot_level_find("Historical"), -1);
    assert_int_equal(bot_level_find("expert"), -1);
    assert_int_equal(bot_level_find(""), -1);
    for (int i = 0; i < BOT_LEVEL_COUNT; i++) {
        assert_int_equal(bot_level_find(bot_level_name(i)), i);
        assert_true(strlen(bot_level_what(i)) > 0);
    }
    assert_string_equal(bot_level_name(BOT_LEVEL_COUNT), "?");
}

/* Barksdale alone in Fredericksburg, two Union divisions next to him and
 * the Union right far to the west: the historical bot keeps him there.
 * Once Gordon of the garrison stands with him, he is free to march. */
static void holds(bool relieved)
{
    Game g;
    bare(&g);
    put(&g, "barksdale", "3321");
    if (relieved)
        put(&g, "gordon", "3321");
    put_counter(&g, "brooks", "3421");
    put_counter(&g, "howe", "3422");
    put_counter(&g, "devens", "1520"); /* the Union right */
    activated(&g, "mclaws", "3321");
    int u = U("barksdale"), from = hexat("3321");
    int k = legal_all(&g), away = 0;
    for (int i = 0; i < k; i++)
        away += moves_unit(&legal_buf[i], u) && legal_buf[i].arg != from;
    assert_true(away > 0); /* he may go */
    char text[200];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        const Decision *d = decide(&g, BOT_HISTORICAL, seed, text, sizeof text);
        if (!relieved && moves_unit(d, u))
            fail_msg("the historical bot left Fredericksburg: %s", text);
        if (relieved && !moves_unit(d, u))
            fail_msg("relieved, Barksdale was expected to march, not: %s", text);
    }
    game_free(&g);
}

static void test_holds_fredericksburg(void **state)
{
    (void)state;
    holds(false);
    holds(true);
}

/* Pender on open ground between the two wings, nearer the Union left (a
 * division east of the halfway line between Chancellorsville and
 * Fredericksburg) than the right (one at Dowdall's Tavern): he marches
 * west, toward the right. */
static void test_marches_on_the_right(void **state)
{
    (void)state;
    Game g;
    bare(&g);
    put(&g, "pender", "2624");
    put_counter(&g, "devens", "1520"); /* the right */
    put_counter(&g, "brooks", "3126"); /* the left */
    put_counter(&g, "wadsworth", "3725");
    put(&g, "gordon", "3321"); /* the garrison at home */
    put(&g, "hoke", "3221");
    put(&g, "hays-csa", "3728");
    activated(&g, "hill", "2624");
    int from = hexat("2624");
    int k = legal_all(&g), west = 0, east = 0;
    for (int i = 0; i < k; i++)
        if (moves_unit(&legal_buf[i], U("pender"))) {
            HexCoord to = map_hex_at(&gd.map, legal_buf[i].arg);
            west += to.col < 26;
            east += to.col > 26;
        }
    assert_true(west > 0 && east > 0); /* both ways are open */
    char text[200];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        const Decision *d = decide(&g, BOT_HISTORICAL, seed, text, sizeof text);
        if (d->kind != D_MOVE)
            fail_msg("the historical bot did not march: %s", text);
        HexCoord to = map_hex_at(&gd.map, d->arg), at = map_hex_at(&gd.map, from);
        if (to.col >= at.col)
            fail_msg("the historical bot marched away from the Union right: %s", text);
        int dr = hex_distance(to, tu_hex("1520")), dl = hex_distance(to, tu_hex("3126"));
        if (dr >= hex_distance(at, tu_hex("1520")) || dl <= hex_distance(at, tu_hex("3126")))
            fail_msg("not nearer the right and farther from the left: %s", text);
    }
    game_free(&g);
}

/* McLaws's four brigades round a lone Union division on open ground: the
 * bot attacks it. Barksdale alone next to a full division: it does not. */
static void test_attacks_at_good_odds_only(void **state)
{
    (void)state;
    Game g;
    bare(&g);
    HexCoord h = open_ground(&g);
    int e = hx_index(h);
    const char *ids[] = {"wofford", "semmes", "kershaw", "barksdale"};
    for (int i = 0; i < 4; i++)
        put_at(&g, ids[i], hex_neighbour(h, i));
    put_counter(&g, "light-division", "3622");
    g.st.unit[U("light-division")].steps = 1; /* reduced */
    unit_put(&g, U("light-division"), AT_MAP, e);
    char at[8], text[200];
    hex_format(hex_neighbour(h, 0), at);
    activated(&g, "mclaws", at);
    const Decision *d = decide(&g, BOT_HISTORICAL, 1, text, sizeof text);
    if (d->kind != D_ATTACK)
        fail_msg("no attack at good odds: %s", text);
    assert_true(d->nunits >= 2); /* together */
    game_free(&g);

    bare(&g);
    put_at(&g, "barksdale", hex_neighbour(h, 0));
    put_counter(&g, "brooks", "3524");
    unit_put(&g, U("brooks"), AT_MAP, e);
    hex_format(hex_neighbour(h, 0), at);
    activated(&g, "mclaws", at);
    int k = legal_all(&g), attacks = 0, others = 0;
    for (int i = 0; i < k; i++) {
        attacks += legal_buf[i].kind == D_ATTACK;
        others += legal_buf[i].kind != D_ATTACK;
    }
    assert_true(attacks > 0 && others > 0); /* it could attack, or not */
    for (uint64_t seed = 1; seed <= 3; seed++) {
        d = decide(&g, BOT_HISTORICAL, seed, text, sizeof text);
        if (d->kind == D_ATTACK)
            fail_msg("an attack at poor odds: %s", text);
    }
    game_free(&g);
}

/* bot_decide lists only what could win (the attachments alone, or the
 * kinds the bot scores before those it never takes): over a whole game,
 * at every Confederate decision, it takes what bot_choose takes over
 * game_legal's whole list, and draws the rng as often. Returns how many
 * times the bot was asked to place a unit on the Automa's VP track, which
 * it only takes when nothing else is legal (the whole list asked for). */
static int decide_is_choose(uint64_t seed)
{
    Game g;
    start(&g, "solitaire", seed);
    g.light = true;
    Rng rng;
    rng_seed(&rng, seed + 10);
    long compared = 0;
    int track = 0;
    for (long k = 0; k < 100000 && g.st.phase != PH_GAME_OVER; k++) {
        int n = game_legal(&g, legal_buf, 20000), pick = 0;
        assert_true(n > 0);
        if (g.st.to_move == SIDE_CONFEDERATE) {
            Rng all = rng;
            int listed, want = bot_choose(&g, legal_buf, n, &all);
            pick = bot_decide(&g, BOT_SIMPLE, buf, 20000, &rng, &listed);
            char a[200], b[200];
            decision_format(&gd, &legal_buf[want], a, sizeof a);
            decision_format(&gd, &buf[pick], b, sizeof b);
            assert_string_equal(a, b);
            assert_memory_equal(&all, &rng, sizeof rng);
            track += buf[pick].kind == D_VP_TRACK || buf[pick].kind == D_LAST_VP;
            legal_buf[0] = buf[pick];
            pick = 0;
            compared++;
        }
        char why[256];
        assert_true(game_apply(&g, &legal_buf[pick], why, sizeof why));
    }
    assert_int_equal(g.st.phase, PH_GAME_OVER);
    assert_true(compared > 500);
    game_free(&g);
    return track;
}

static void test_decide_is_choose_over_all(void **state)
{
    (void)state;
    assert_true(decide_is_choose(4) > 0); /* the whole list asked for at least once */
}

/* What the bot keeps from one decision to the next (its sums over the
 * map, brought up to date for the units that changed; the key places; the
 * last distance fields, keyed by their sources, the cost to the key places
 * updated for the sources that changed) equals what it works out
 * afresh, at every Confederate decision of a whole game, as the sim plays
 * it; and the bot that keeps it chooses, game long, as one that forgets
 * everything before each decision. */
static int play_bot(int level, uint64_t seed, bool forget, bool check, Decision *played, int max)
{
    Game g;
    start(&g, "solitaire", seed);
    g.light = true;
    Rng rng;
    rng_seed(&rng, seed + 10);
    int n = 0;
    bot_forget();
    while (g.st.phase != PH_GAME_OVER && n < max) {
        int k, pick = 0;
        if (g.st.to_move == SIDE_CONFEDERATE) {
            if (check)
                assert_true(bot_kept_is_fresh(&g, level));
            if (forget)
                bot_forget();
            pick = bot_decide(&g, level, buf, 20000, &rng, &k);
        } else
            k = game_legal(&g, buf, 20000);
        assert_true(k > 0 && pick >= 0 && pick < k);
        played[n++] = buf[pick];
        char why[256];
        assert_true(game_apply(&g, &buf[pick], why, sizeof why));
    }
    assert_true(g.st.phase == PH_GAME_OVER || n == max); /* or as far as asked */
    game_free(&g);
    return n;
}

static void test_kept_is_fresh(void **state)
{
    (void)state;
    static Decision kept[20000], fresh[20000];
    int n = play_bot(BOT_SIMPLE, 6, false, true, kept, 20000);
    assert_true(n > 1000);
    assert_int_equal(play_bot(BOT_SIMPLE, 6, true, false, fresh, 20000), n);
    for (int i = 0; i < n; i++) {
        char a[200], b[200];
        decision_format(&gd, &kept[i], a, sizeof a);
        decision_format(&gd, &fresh[i], b, sizeof b);
        assert_string_equal(a, b);
    }
    assert_true(play_bot(BOT_HISTORICAL, 7, false, true, kept, 20000) > 1000);
}

/* No Union unit on the map: the formations' least distances are all INF
 * (form_sums searches no farther than the moves need), as the whole
 * field has them, at both levels, with a chit drawn and to be placed. */
static void test_kept_is_fresh_no_enemy(void **state)
{
    (void)state;
    Game g;
    bare(&g);
    put(&g, "pender", "2624");
    put(&g, "gordon", "3321");
    put(&g, "barksdale", "3321");
    g.st.phase = PH_ACTIVATION;
    g.st.ncup = 0;
    g.st.to_move = SIDE_CONFEDERATE;
    g.st.activated = false;
    g.st.drawn = (Chit){CHIT_FORMATION, SIDE_CONFEDERATE, (short)data_formation_index(&gd, "mclaws")};
    apply_text(&g, "activate");
    assert_int_equal(g.st.act_step, STEP_PLACE);
    bot_forget();
    assert_true(bot_kept_is_fresh(&g, BOT_SIMPLE));
    assert_true(bot_kept_is_fresh(&g, BOT_HISTORICAL));
    game_free(&g);
}

/* Two solitaire games played a decision at a time in turn, in one
 * process, the second on a second GameData loaded from the same folder
 * and at the other level: what the bot keeps is fresh at every
 * Confederate decision of either, and each game goes as it goes alone. */
static void test_kept_is_fresh_interleaved(void **state)
{
    (void)state;
    enum { STEPS = 600 };
    static Decision alone[2][STEPS], played[2][STEPS];
    const int level[2] = {BOT_SIMPLE, BOT_HISTORICAL};
    const uint64_t seed[2] = {8, 9};
    GameData *gd2 = calloc(1, sizeof *gd2);
    assert_non_null(gd2);
    Diags diags = {0};
    assert_true(gamedata_load(SOURCE_DIR, gd2, &diags));
    diags_free(&diags);
    assert_true(gd2->serial != gd.serial);
    const GameData *data[2] = {&gd, gd2};
    int n[2];
    for (int i = 0; i < 2; i++)
        n[i] = play_bot(level[i], seed[i], false, false, alone[i], STEPS);
    Game g[2];
    Rng rng[2];
    char err[256];
    for (int i = 0; i < 2; i++) {
        int sc = data_scenario_index(data[i], "solitaire");
        assert_true(sc >= 0);
        assert_true(game_new(&g[i], data[i], sc, seed[i], err, sizeof err));
        g[i].light = true;
        rng_seed(&rng[i], seed[i] + 10);
    }
    bot_forget();
    int done[2] = {0, 0}, checked = 0;
    for (int turn = 0; done[0] < n[0] || done[1] < n[1]; turn++) {
        int i = turn % 2;
        if (done[i] >= n[i])
            continue;
        Game *gi = &g[i];
        int k, pick = 0;
        if (gi->st.to_move == SIDE_CONFEDERATE) {
            assert_true(bot_kept_is_fresh(gi, level[i]));
            checked++;
            pick = bot_decide(gi, level[i], buf, 20000, &rng[i], &k);
        } else
            k = game_legal(gi, buf, 20000);
        assert_true(k > 0 && pick >= 0 && pick < k);
        played[i][done[i]++] = buf[pick];
        char why[256];
        assert_true(game_apply(gi, &buf[pick], why, sizeof why));
    }
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < n[i]; j++) {
            char a[200], b[200];
            decision_format(data[i], &alone[i][j], a, sizeof a);
            decision_format(data[i], &played[i][j], b, sizeof b);
            assert_string_equal(a, b);
        }
    assert_true(checked > 200);
    for (int i = 0; i < 2; i++)
        game_free(&g[i]);
    gamedata_free(gd2);
    free(gd2);
}

/* The bot scores the attacks before the moves (a unit with a good attack
 * stays where it is) and the legal lists put them first; a list in
 * another order is scored the same way. At every Confederate decision of
 * a game that may attack and move, at each level, the whole list, the
 * same list with its attacks moved to the end, and the list shuffled give
 * every decision the same score; the attacks at the end give the same
 * choice, and each draws the same dice (as many ties). */
static void attacks_after_moves(int level)
{
    static Decision late[20000], mixed[20000];
    static long sc[20000], sc_late[20000], sc_mixed[20000];
    static int from[20000];
    Game g;
    start(&g, "solitaire", 6);
    g.light = true;
    Rng rng, shuffle;
    rng_seed(&rng, 16);
    rng_seed(&shuffle, 17);
    int compared = 0, steps = 0;
    bot_forget();
    while (g.st.phase != PH_GAME_OVER && steps++ < 4000) {
        int k = game_legal(&g, buf, 20000), pick = 0;
        assert_true(k > 0 && k <= 20000);
        if (g.st.to_move == SIDE_CONFEDERATE) {
            int attacks = 0, moves = 0, n = 0;
            for (int i = 0; i < k; i++) {
                attacks += buf[i].kind == D_ATTACK;
                moves += buf[i].kind == D_MOVE;
                if (buf[i].kind != D_ATTACK)
                    from[n++] = i;
            }
            for (int i = 0; i < k; i++)
                if (buf[i].kind == D_ATTACK)
                    from[n++] = i;
            for (int i = 0; i < k; i++)
                late[i] = buf[from[i]];
            Rng r = rng, r2 = rng;
            pick = bot_choose_scored(&g, level, buf, k, &rng, sc);
            if (attacks > 0 && moves > 0) {
                int other = bot_choose_scored(&g, level, late, k, &r, sc_late);
                char a[200], b[200];
                decision_format(&gd, &buf[pick], a, sizeof a);
                decision_format(&gd, &late[other], b, sizeof b);
                assert_string_equal(a, b);
                assert_memory_equal(&r, &rng, sizeof rng);
                for (int i = 0; i < k; i++)
                    assert_int_equal(sc_late[i], sc[from[i]]);
                /* shuffled (Fisher-Yates) */
                for (int i = 0; i < k; i++)
                    from[i] = i;
                for (int i = k - 1; i > 0; i--) {
                    int j = (int)rng_below(&shuffle, (uint32_t)i + 1), t = from[i];
                    from[i] = from[j];
                    from[j] = t;
                }
                for (int i = 0; i < k; i++)
                    mixed[i] = buf[from[i]];
                other = bot_choose_scored(&g, level, mixed, k, &r2, sc_mixed);
                for (int i = 0; i < k; i++)
                    assert_int_equal(sc_mixed[i], sc[from[i]]);
                assert_int_equal(sc_mixed[other], sc[pick]); /* one of the best */
                assert_memory_equal(&r2, &rng, sizeof rng);
                compared++;
            }
        }
        char why[256];
        assert_true(game_apply(&g, &buf[pick], why, sizeof why));
    }
    assert_true(compared >= 20);
    game_free(&g);
}

static void test_attacks_after_moves(void **state)
{
    (void)state;
    attacks_after_moves(BOT_SIMPLE);
    attacks_after_moves(BOT_HISTORICAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_by_name),
        cmocka_unit_test(test_kept_is_fresh),
        cmocka_unit_test(test_holds_fredericksburg),
        cmocka_unit_test(test_marches_on_the_right),
        cmocka_unit_test(test_attacks_at_good_odds_only),
        cmocka_unit_test(test_decide_is_choose_over_all),
        cmocka_unit_test(test_attacks_after_moves),
        cmocka_unit_test(test_kept_is_fresh_interleaved),
        cmocka_unit_test(test_kept_is_fresh_no_enemy),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
